// Aborts an attempt when nothing arrives for `timeoutMs`: the request's timeout only covers the wait
// for response headers, not a body that stalls half-way.

export class Watchdog {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly unlink: () => void;
  fired = false;

  constructor(parent: AbortSignal, private readonly timeoutMs: number) {
    this.unlink = linkAbort(parent, this.controller);
    this.reset();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Something arrived: the wait starts again. */
  reset(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort(new DOMException('No data within the timeout.', 'AbortError'));
    }, this.timeoutMs);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.unlink();
  }
}

/** Makes `child` abort when `parent` does; returns the function that undoes the link. */
export function linkAbort(parent: AbortSignal | undefined, child: AbortController): () => void {
  if (!parent) return () => undefined;
  if (parent.aborted) {
    child.abort(parent.reason);
    return () => undefined;
  }
  const onAbort = (): void => child.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return () => parent.removeEventListener('abort', onAbort);
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
