// The Task agent's answer as it streams: rendered as (untrusted) Markdown at most every
// RENDER_EVERY_MS, so a fast stream costs a few renders a second, not one per token. A reply that
// is the answer's JSON (JSON mode) is not shown raw: the final summary replaces it when it ends.
import { renderUntrusted, type UntrustedRenderContext } from './untrusted-markdown';

const RENDER_EVERY_MS = 120;

export class StreamingAnswer {
  private text = '';
  private timer: number | null = null;
  private rendering: Promise<void> = Promise.resolve();
  private finished = false;

  constructor(
    private readonly el: HTMLElement,
    private readonly ctx: UntrustedRenderContext,
  ) {}

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
    this.rendering = this.rendering.then(() => (this.finished ? undefined : renderUntrusted(this.ctx, text, this.el)));
  }

  async finish(answer: string): Promise<void> {
    this.finished = true;
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
    await this.rendering;
    this.el.removeClass('is-streaming');
    if (answer.trim() === '') {
      this.el.empty();
      return;
    }
    await renderUntrusted(this.ctx, answer, this.el);
  }
}
