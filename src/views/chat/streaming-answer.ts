// The Task agent's answer as it streams, rendered as (untrusted) Markdown at most every
// RENDER_EVERY_MS, so a fast stream costs a few renders a second, not one per token. Each render
// draws only what is new: the blocks finished since the last one (settled-markdown.ts) are
// rendered once and stay, and only the open block at the end is rendered again. Redrawing the
// whole answer each time blocked the page for 50-230 ms per render once an answer was long.
// A reply that is the answer's JSON (JSON mode) is not shown raw: the final summary replaces it
// when it ends.
import { needsWholeRender, settledLength } from './settled-markdown';
import { guardLateAdditions, renderUntrusted, renderUntrustedNodes, type UntrustedRenderContext } from './untrusted-markdown';

const RENDER_EVERY_MS = 120;

export class StreamingAnswer {
  private text = '';
  private timer: number | null = null;
  private rendering: Promise<void> = Promise.resolve();
  private finished = false;
  /** How much of `text` is rendered as finished blocks (their nodes stay in `el`). */
  private settled = 0;
  /** The nodes of the open block as last rendered, replaced by the next render. */
  private open: ChildNode[] = [];

  constructor(
    private readonly el: HTMLElement,
    private readonly ctx: UntrustedRenderContext,
  ) {
    guardLateAdditions(ctx, el);
  }

  append(delta: string): void {
    if (this.finished) return;
    this.text += delta;
    this.el.addClass('is-streaming');
    if (this.timer === null) this.timer = window.setTimeout(() => this.flush(), RENDER_EVERY_MS);
  }

  private flush(): void {
    this.timer = null;
    if (this.finished) return;
    const text = this.text;
    if (/^\s*[{[]/.test(text)) {
      this.el.setText(`Writing the answer… (${text.length} characters)`);
      return;
    }
    this.rendering = this.rendering.then(() => (this.finished ? undefined : this.draw(text, settledLength(text, this.settled))));
  }

  /** Renders text[settled..upTo) as finished blocks and the rest of `text` as the open block. */
  private async draw(text: string, upTo: number): Promise<void> {
    const done = upTo > this.settled ? await renderUntrustedNodes(this.ctx, text.slice(this.settled, upTo)) : [];
    const rest = text.slice(upTo);
    const open = rest.trim() === '' ? [] : await renderUntrustedNodes(this.ctx, rest);
    // Swapped in one go, so the open block never shows twice or not at all.
    for (const n of this.open) n.remove();
    this.el.append(...done, ...open);
    this.settled = upTo;
    this.open = open;
  }

  async finish(answer: string): Promise<void> {
    this.finished = true;
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
    await this.rendering;
    this.el.removeClass('is-streaming');
    if (answer.trim() === '') {
      this.el.empty();
      this.reset();
      return;
    }
    // The answer as it streamed keeps its finished blocks: only its end is drawn again.
    if (this.settled > 0 && answer.startsWith(this.text.slice(0, this.settled)) && !needsWholeRender(answer)) {
      await this.draw(answer, this.settled);
      return;
    }
    this.reset();
    await renderUntrusted(this.ctx, answer, this.el);
  }

  private reset(): void {
    this.settled = 0;
    this.open = [];
  }
}
