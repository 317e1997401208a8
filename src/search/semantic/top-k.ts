// The best `count` of a stream of (score, slot) pairs, for the vector search: a min-heap on flat
// typed arrays (no object a pair), worst at the root.

export interface ScoredSlot {
  slot: number;
  score: number;
}

/** The `count` highest (score, slot) pairs pushed: a min-heap on flat arrays, worst at the root. */
export class TopK {
  private readonly score: Float32Array;
  private readonly slot: Int32Array;
  private size = 0;

  constructor(private readonly count: number) {
    this.score = new Float32Array(count);
    this.slot = new Int32Array(count);
  }

  /** True once `count` pairs are held: then a pair scoring at most `worst` would be dropped. */
  get full(): boolean {
    return this.size === this.count;
  }

  /** The lowest score held (the one a better pair replaces). */
  get worst(): number {
    return this.score[0] as number;
  }

  push(score: number, slot: number): void {
    const h = this.score;
    if (this.size < this.count) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if ((h[parent] as number) <= score) break;
        h[i] = h[parent] as number;
        this.slot[i] = this.slot[parent] as number;
        i = parent;
      }
      h[i] = score;
      this.slot[i] = slot;
      return;
    }
    if (score <= (h[0] as number)) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const r = l + 1;
      const m = r < this.size && (h[r] as number) < (h[l] as number) ? r : l;
      if ((h[m] as number) >= score) break;
      h[i] = h[m] as number;
      this.slot[i] = this.slot[m] as number;
      i = m;
    }
    h[i] = score;
    this.slot[i] = slot;
  }

  slots(): number[] {
    return Array.from(this.slot.subarray(0, this.size));
  }

  /** Best first. */
  entries(): ScoredSlot[] {
    const out: ScoredSlot[] = [];
    for (let i = 0; i < this.size; i++) out.push({ slot: this.slot[i] as number, score: this.score[i] as number });
    return out.sort((a, b) => b.score - a.score);
  }
}
