// The chat's messages, fast however long the chat: a saved message is drawn only when it comes
// near the visible part of the list (an IntersectionObserver on placeholders of an estimated
// height, set in styles.css), and drawn messages skip layout and paint while off screen (CSS content-visibility).
// Opening a 500-message chat draws the few at the bottom, not 500 timelines.
import type { ChatMessageRecord } from './chat-record';

const MARGIN = '600px 0px';
const FRAME_BUDGET_MS = 8;

export class MessageList {
  private observer: IntersectionObserver | null = null;
  private readonly queue = new Set<HTMLElement>();
  private frame: number | null = null;
  private readonly pending = new Map<Element, ChatMessageRecord>();

  constructor(
    readonly el: HTMLElement,
    private readonly draw: (slot: HTMLElement, record: ChatMessageRecord) => Promise<void>,
  ) {
    el.addClass('reeve-chat-messages');
    this.showEmpty();
  }

  /**
   * What a new chat shows instead of a blank pane: what to ask and what each agent does, so the
   * first thing a user meets says how the chat works.
   */
  private showEmpty(): void {
    const hint = this.el.createDiv({ cls: 'reeve-chat-welcome' });
    hint.createEl('p', { cls: 'reeve-chat-welcome-title', text: 'Ask about your notes' });
    hint.createEl('p', { text: 'Scout finds the notes that matter and says why it chose each one. Web searches and reads pages, when you turn it on. Task answers, or proposes edits that wait in their notes until you accept or reject them.' });
    hint.createEl('p', { text: 'Type [[ to add a note to the context.' });
  }

  /** Replaces the list with saved messages, drawn lazily; resolves when the last ones are drawn. */
  async show(records: readonly ChatMessageRecord[]): Promise<void> {
    this.disconnect();
    this.el.empty();
    if (records.length === 0) this.showEmpty();
    const slots = records.map((r) => {
      const slot = this.el.createDiv({ cls: 'reeve-chat-slot is-placeholder' });
      this.pending.set(slot, r);
      return slot;
    });
    if (typeof IntersectionObserver === 'undefined') {
      for (const slot of slots) await this.drawSlot(slot);
      return;
    }
    this.observer = new IntersectionObserver((entries) => {
      for (const entry of entries) if (entry.isIntersecting) this.queue.add(entry.target as HTMLElement);
      this.schedule();
    }, { root: this.el, rootMargin: MARGIN });
    // The bottom is where the user lands: draw the last few now, the rest when scrolled to.
    const tail = slots.slice(-3);
    for (const slot of tail) await this.drawSlot(slot);
    for (const slot of slots) if (this.pending.has(slot)) this.observer.observe(slot);
    this.scrollToEnd();
  }

  /**
   * Slots that came near view are drawn a few per frame (FRAME_BUDGET_MS of drawing at most), so a
   * fast scroll through hundreds of placeholders never blocks a frame for long.
   */
  private schedule(): void {
    if (this.frame !== null || this.queue.size === 0) return;
    this.frame = window.requestAnimationFrame(() => void this.drain());
  }

  private async drain(): Promise<void> {
    const start = performance.now();
    for (const slot of this.queue) {
      if (performance.now() - start > FRAME_BUDGET_MS) break;
      this.queue.delete(slot);
      await this.drawSlot(slot);
    }
    this.frame = null;
    this.schedule();
  }

  private async drawSlot(slot: HTMLElement): Promise<void> {
    const record = this.pending.get(slot);
    if (!record) return;
    this.pending.delete(slot);
    this.observer?.unobserve(slot);
    slot.removeClass('is-placeholder');
    await this.draw(slot, record);
  }

  /** A slot for a new (live) message at the end. */
  append(): HTMLElement {
    this.el.querySelector('.reeve-chat-welcome')?.remove();
    const slot = this.el.createDiv({ cls: 'reeve-chat-slot' });
    this.scrollToEnd();
    return slot;
  }

  /** Keeps the newest text in view while streaming, unless the user scrolled up to read. */
  follow(): void {
    const gap = this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight;
    if (gap < 120) this.scrollToEnd();
  }

  scrollToEnd(): void {
    this.el.scrollTop = this.el.scrollHeight;
  }

  /** How many saved messages are still placeholders (for tests and the benchmark). */
  get undrawn(): number {
    return this.pending.size;
  }

  disconnect(): void {
    if (this.frame !== null) window.cancelAnimationFrame(this.frame);
    this.frame = null;
    this.queue.clear();
    this.observer?.disconnect();
    this.observer = null;
    this.pending.clear();
  }
}
