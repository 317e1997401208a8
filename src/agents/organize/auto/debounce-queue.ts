// Collects paths and hands them over once nothing new has arrived for `delayMs`: a file created
// from a template, or arriving by sync, is written several times in a row, and the rules should
// see it only when it has settled. Timers are injected so the plugin can register them with
// Obsidian and tests can drive them.

export interface Timers {
  set(fn: () => void, ms: number): number;
  clear(id: number): void;
}

export class DebounceQueue {
  private readonly pending = new Set<string>();
  private timer: number | null = null;
  private disposed = false;

  constructor(
    /** Read at each change, so a new delay in settings applies at once. */
    private readonly delayMs: () => number,
    private readonly flush: (paths: string[]) => void,
    private readonly timers: Timers,
  ) {}

  /** Queues a path and restarts the quiet period. */
  add(path: string): void {
    if (this.disposed) return;
    this.pending.add(path);
    this.restart();
  }

  /**
   * A queued path was written again (a template filling in, sync still arriving, the user typing):
   * the quiet period starts over, so the rules never act on a note that is still changing.
   */
  touch(path: string): void {
    if (!this.disposed && this.pending.has(path)) this.restart();
  }

  /** Forgets a path (renamed away or deleted before the rules ran). */
  remove(path: string): void {
    this.pending.delete(path);
  }

  get size(): number {
    return this.pending.size;
  }

  /** Drops everything queued; nothing is flushed afterwards. */
  dispose(): void {
    this.disposed = true;
    this.pending.clear();
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  private restart(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      this.timer = null;
      const paths = [...this.pending].sort();
      this.pending.clear();
      if (paths.length > 0) this.flush(paths);
    }, this.delayMs());
  }
}
