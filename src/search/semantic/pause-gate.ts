// Where a paused build waits: `pause` closes the gate, `open` lets every waiter through. The build
// checks it between embedding calls, so a pause takes effect after the call in flight.

export class PauseGate {
  private waiting: { promise: Promise<void>; release: () => void } | null = null;

  close(): void {
    if (this.waiting !== null) return;
    let release = (): void => undefined;
    const promise = new Promise<void>((r) => (release = r));
    this.waiting = { promise, release };
  }

  open(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.release();
  }

  /** Resolves at once if open, else when it opens. */
  async pass(): Promise<void> {
    if (this.waiting !== null) await this.waiting.promise;
  }
}
