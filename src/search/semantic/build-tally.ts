// The counts a semantic build reports as it goes: texts embedded and to embed, time spent waiting
// for the embedder (for the ETA), the cost estimate, and why the build last stopped or started over.
import type { CostEstimate, SemanticPhase, SemanticProgress } from './build-state';

export class BuildTally {
  /** Texts embedded since start. */
  done = 0;
  /** Texts this build has to embed. */
  total = 0;
  embedMs = 0;
  /** Texts sent to the embedder since start, for tests and benchmarks. */
  sent = 0;
  estimate: CostEstimate | null = null;
  refused: string | null = null;
  error: string | null = null;

  /** Counts a call that embedded `texts` in `ms`. */
  embedded(texts: number, ms: number): void {
    this.embedMs += ms;
    this.sent += texts;
    this.done += texts;
  }

  progress(phase: SemanticPhase, index: { notes: number; chunks: number; longestBlockMs: number; bytesOnDisk: number }): SemanticProgress {
    const rate = this.embedMs > 0 ? this.done / this.embedMs : 0;
    const left = Math.max(0, this.total - this.done);
    return {
      phase,
      done: this.done,
      total: Math.max(this.total, this.done),
      etaMs: rate > 0 ? left / rate : null,
      notes: index.notes,
      chunks: index.chunks,
      estimate: this.estimate,
      refused: this.refused,
      error: this.error,
      longestBlockMs: index.longestBlockMs,
      bytesOnDisk: index.bytesOnDisk,
    };
  }
}
