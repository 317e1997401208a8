// Local reasoning models (DeepSeek-R1, Qwen3 on older Ollama builds) put their reasoning in a
// leading `<think>…</think>` block of the reply text. This splits it out, also across stream
// chunks that cut a tag in half.

const OPEN = '<think>';
const CLOSE = '</think>';

export interface SplitPiece {
  text: string;
  reasoning: string;
}

export class ThinkTagSplitter {
  /** `after` drops the whitespace between the think block and the answer, however it is chunked. */
  private mode: 'undecided' | 'thinking' | 'after' | 'text' = 'undecided';
  private pending = '';

  push(delta: string): SplitPiece {
    this.pending += delta;
    const out: SplitPiece = { text: '', reasoning: '' };
    if (this.mode === 'undecided') {
      const start = this.pending.trimStart();
      if (start.length < OPEN.length && OPEN.startsWith(start)) return out;
      if (start.startsWith(OPEN)) {
        this.mode = 'thinking';
        this.pending = start.slice(OPEN.length);
      } else {
        this.mode = 'text';
      }
    }
    if (this.mode === 'thinking') {
      const end = this.pending.indexOf(CLOSE);
      if (end < 0) {
        const keep = partialTagLength(this.pending, CLOSE);
        out.reasoning = this.pending.slice(0, this.pending.length - keep);
        this.pending = this.pending.slice(this.pending.length - keep);
        return out;
      }
      out.reasoning = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + CLOSE.length);
      this.mode = 'after';
    }
    if (this.mode === 'after') {
      this.pending = this.pending.trimStart();
      if (this.pending === '') return out;
      this.mode = 'text';
    }
    out.text = this.pending;
    this.pending = '';
    return out;
  }

  /** What is still held back at the end of the reply. */
  flush(): SplitPiece {
    const rest = this.pending;
    this.pending = '';
    return this.mode === 'thinking' ? { text: '', reasoning: rest } : { text: rest, reasoning: '' };
  }
}

/** Splits a whole reply. */
export function splitThinkTags(text: string): SplitPiece {
  const splitter = new ThinkTagSplitter();
  const a = splitter.push(text);
  const b = splitter.flush();
  return { text: a.text + b.text, reasoning: a.reasoning + b.reasoning };
}

/** Length of the longest suffix of `s` that is a proper prefix of `tag`. */
function partialTagLength(s: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, s.length); n > 0; n--) {
    if (s.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}
