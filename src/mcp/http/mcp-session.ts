// One client's session on the HTTP endpoint: who it said it is at `initialize`, the protocol
// version agreed, when it last called, and a gate on how many of its tool calls run at once.
// Calls over the gate wait in a bounded queue; past the queue they are refused at once, so a
// client that floods the endpoint slows only itself and cannot grow the plugin's memory.

export interface McpClient {
  readonly sessionId: string;
  readonly name: string;
  readonly version: string;
  readonly connectedAt: number;
  /** Time of the last `tools/call`, or null before the first. */
  readonly lastCallAt: number | null;
  readonly calls: number;
}

export interface SessionLimits {
  /** Tool calls of one session running at once. */
  readonly concurrentCalls: number;
  /** Tool calls of one session waiting for a turn; one more is refused. */
  readonly queuedCalls: number;
}

export class McpSession {
  lastSeen: number;
  lastCallAt: number | null = null;
  calls = 0;
  initialized = false;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** In-flight requests by JSON-RPC id, so `notifications/cancelled` and DELETE can stop them. */
  readonly inFlight = new Map<string | number, AbortController>();

  constructor(
    readonly id: string,
    readonly clientName: string,
    readonly clientVersion: string,
    readonly protocolVersion: string,
    readonly connectedAt: number,
    private readonly limits: SessionLimits,
  ) {
    this.lastSeen = connectedAt;
  }

  /** Waits for a turn; false when the queue is full (the caller refuses the call). */
  async enter(): Promise<boolean> {
    if (this.running < this.limits.concurrentCalls) {
      this.running++;
      return true;
    }
    if (this.waiting.length >= this.limits.queuedCalls) return false;
    // The turn is handed over by leave(): `running` stays counted for the waiter.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return true;
  }

  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /** Stops every call in flight (the session ended or the server closes). */
  abortAll(): void {
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
  }

  describe(): McpClient {
    return { sessionId: this.id, name: this.clientName, version: this.clientVersion, connectedAt: this.connectedAt, lastCallAt: this.lastCallAt, calls: this.calls };
  }
}
