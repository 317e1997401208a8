// When a long-lived process (`reeve mcp`, kept for hours by its client) catches its vault up with
// the disk (NodeVault.catchUp): before it answers, but not before every one of a flood of calls.
// A catch-up runs when the last one ended at least a gap ago; calls that come while one runs wait
// for it, and calls within the gap take the vault as it is. The gap grows with what a catch-up
// costs (a walk and a stat of every file: see docs/mcp.md for the figures at 10k notes), so
// catching up takes at most 1/(1 + costFactor) of a flood's time, whatever the vault's size.
// So a change made on disk more than a gap and one catch-up before a call is always in it.

export interface DiskFollowerOptions {
  /** Least time between the end of one catch-up and the start of the next, ms; default 200. */
  minGapMs?: number;
  /** The gap is at least this many times what the last catch-up took; default 4. */
  costFactor?: number;
  now?: () => number;
}

export interface DiskFollowerStats {
  catchUps: number;
  /** What the last catch-up took, ms. */
  lastCostMs: number;
  /** The gap now in force, ms. */
  gapMs: number;
}

export class DiskFollower {
  private running: Promise<void> | null = null;
  private lastEnd = Number.NEGATIVE_INFINITY;
  private lastCost = 0;
  private count = 0;
  private readonly now: () => number;

  constructor(
    private readonly catchUp: () => Promise<unknown>,
    private readonly options: DiskFollowerOptions = {},
  ) {
    this.now = options.now ?? (() => performance.now());
  }

  get gapMs(): number {
    return Math.max(this.options.minGapMs ?? 200, (this.options.costFactor ?? 4) * this.lastCost);
  }

  get stats(): DiskFollowerStats {
    return { catchUps: this.count, lastCostMs: this.lastCost, gapMs: this.gapMs };
  }

  /** Resolves once the vault is as current as the gap asks (a catch-up's failure rejects it). */
  current(): Promise<void> {
    if (this.running !== null) return this.running;
    if (this.now() - this.lastEnd < this.gapMs) return Promise.resolve();
    const started = this.now();
    this.count++;
    this.running = this.catchUp()
      .then(() => undefined)
      .finally(() => {
        this.lastEnd = this.now();
        this.lastCost = this.lastEnd - started;
        this.running = null;
      });
    return this.running;
  }
}
