// The chat's messages, fast however long the chat: a saved message is drawn only when it comes
// near the visible part of the list (an IntersectionObserver on placeholders of an estimated
// height, set in styles.css), and drawn messages skip layout and paint while off screen (CSS content-visibility).
// Opening a 500-message chat draws the few at the bottom, not 500 timelines.
import type { ChatMessageRecord } from './chat-record';

const MARGIN = '600px 0px';
const FRAME_BUDGET_MS = 8;
/** Within this many pixels of the bottom, the list counts as at the end. */
const NEAR_END_PX = 24;

export class MessageList {
  private observer: IntersectionObserver | null = null;
  private readonly queue = new Set<HTMLElement>();
  private frame: number | null = null;
  private readonly pending = new Map<Element, ChatMessageRecord>();
  /**
   * Whether the list keeps to its end as content arrives: true until the user scrolls up, true
   * again once they are back at the end (or send). Only a scroll up unpins it: content that grows
   * leaves scrollTop where it was, so a long answer plus the edits card cannot unpin it the way a
   * distance-to-the-bottom check after the growth did.
   */
  private pinned = true;
  private lastTop = 0;
  /** Shown while there is more below than the user sees and the list does not follow. */
  readonly jumpButton: HTMLButtonElement;

  constructor(
    readonly el: HTMLElement,
    private readonly draw: (slot: HTMLElement, record: ChatMessageRecord) => Promise<void>,
  ) {
    el.addClass('reeve-chat-messages');
    this.jumpButton = createEl('button', { cls: 'reeve-chat-jump reeve-hidden', text: 'Jump to latest ↓', attr: { 'aria-label': 'Jump to latest message' } });
    el.insertAdjacentElement('afterend', this.jumpButton);
    this.jumpButton.addEventListener('click', () => this.scrollToEnd());
    el.addEventListener('scroll', () => this.scrolled(), { passive: true });
    this.showEmpty();
  }

  private gap(): number {
    return this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight;
  }

  private scrolled(): void {
    const top = this.el.scrollTop;
    if (top < this.lastTop - 1) this.pinned = false;
    if (this.gap() <= NEAR_END_PX) this.pinned = true;
    this.lastTop = top;
    this.showJump();
  }

  private showJump(): void {
    this.jumpButton.toggleClass('reeve-hidden', this.pinned || this.gap() <= NEAR_END_PX);
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

  /**
   * Keeps the newest content in view (the streaming answer, the edits card at the end of a run),
   * unless the user scrolled up to read: then the jump button says there is more below.
   */
  follow(): void {
    if (this.pinned) this.scrollToEnd();
    else this.showJump();
  }

  scrollToEnd(): void {
    this.el.scrollTop = this.el.scrollHeight;
    this.lastTop = this.el.scrollTop;
    this.pinned = true;
    this.showJump();
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
