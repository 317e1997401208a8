// Cooperative time slicing: long work runs in slices of `budgetMs` and gives the event loop back
// between them, so that typing and scrolling in Obsidian never wait on the indexer for more than
// a slice plus the longest single step (and the CLI's vault open still answers Ctrl-C). The slicer measures every stretch of synchronous work it
// sees (from a resume to the next yield or await), and keeps the longest: the benchmark reports
// it, and it is what "never blocks the UI for more than 50 ms" means.

export type YieldFn = () => Promise<void>;

interface SchedulerLike {
  yield?: () => Promise<void>;
}

/** `scheduler.yield()` where the platform has it (Chromium, hence Obsidian), else a macrotask. */
export const yieldToEventLoop: YieldFn = () => {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
};

export class TimeSlicer {
  /** Longest stretch of synchronous work measured, in ms. */
  longestBlockMs = 0;
  /** Number of times the slicer gave the event loop back. */
  yields = 0;
  /** Most work units (bytes or characters handled) reported by `work` between two yields. */
  longestWork = 0;
  /** All work units reported (a test checks that the work it knows of was counted). */
  totalWork = 0;
  private workSinceYield = 0;
  private sliceStart = performance.now();

  constructor(
    readonly budgetMs = 10,
    private readonly yieldFn: YieldFn = yieldToEventLoop,
  ) {}

  /** Call when synchronous work starts again after an await the slicer did not make. */
  resume(): void {
    this.sliceStart = performance.now();
  }

  /** Call before awaiting I/O: ends the current stretch of synchronous work. */
  pause(): void {
    this.note();
  }

  /** True once the current slice has used its budget. */
  get due(): boolean {
    return performance.now() - this.sliceStart >= this.budgetMs;
  }

  /** Yields if the slice is used up. */
  async checkpoint(): Promise<void> {
    if (this.due) await this.yield();
  }

  /** Counts work done since the last yield: a bound on it holds however loaded the machine is. */
  work(units: number): void {
    this.workSinceYield += units;
    this.totalWork += units;
    if (this.workSinceYield > this.longestWork) this.longestWork = this.workSinceYield;
  }

  async yield(): Promise<void> {
    this.note();
    this.workSinceYield = 0;
    this.yields++;
    await this.yieldFn();
    this.sliceStart = performance.now();
  }

  /** Runs `fn` for each item, yielding whenever a slice is used up. */
  async each<T>(items: Iterable<T>, fn: (item: T) => void): Promise<void> {
    for (const item of items) {
      fn(item);
      await this.checkpoint();
    }
    this.note();
  }

  private note(): void {
    const ms = performance.now() - this.sliceStart;
    if (ms > this.longestBlockMs) this.longestBlockMs = ms;
  }
}
