// The one error type the LLM layer lets out. Messages are written for the user, name the
// provider and what to do, and never contain an API key (see redact-secrets.ts).

import type { Usage } from './usage-cost';

export type LlmErrorKind =
  /** Settings or options are wrong; nothing was sent. */
  | 'config'
  /** 401/403: the key is missing, wrong or lacks access. */
  | 'auth'
  /** 400/404/413/422 and the like: the request itself was refused. */
  | 'bad_request'
  /** 429, or 408/409 when retries ran out. */
  | 'rate_limited'
  /** 5xx. */
  | 'server'
  /** The connection failed or broke before a response arrived. */
  | 'connection'
  /** No response, or no stream data, within the configured time. */
  | 'timeout'
  /** The caller cancelled. */
  | 'aborted'
  /** The reply hit the output token limit; it is discarded, never repaired into actions. */
  | 'truncated'
  /** A streamed reply ended before it was complete; any half-received tool call is discarded. */
  | 'stream_cut'
  /** The provider filtered or refused the reply. */
  | 'refused'
  /** The response was not what the API promises (malformed JSON, missing fields). */
  | 'bad_response';

/** Kinds our retry policy retries (see retry-policy.ts). */
const RETRYABLE_KINDS: ReadonlySet<LlmErrorKind> = new Set(['rate_limited', 'server', 'connection', 'timeout']);

/** Kinds where the agent may ask the model again (the next reply may well be complete). */
const AGENT_RETRYABLE_KINDS: ReadonlySet<LlmErrorKind> = new Set(['truncated', 'stream_cut']);

export interface LlmErrorDetails {
  status?: number;
  /** What the server asked us to wait before retrying, in milliseconds. */
  retryAfterMs?: number;
  /** How many HTTP attempts were made. */
  attempts?: number;
  /** Overrides the default for the kind (e.g. 408/409 are retryable though not `rate_limited`). */
  retryable?: boolean;
  /** Tokens the failed call still used (a truncated reply is billed). */
  usage?: Usage;
}

export class LlmError extends Error {
  override readonly name = 'LlmError';
  readonly kind: LlmErrorKind;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly attempts: number;
  /** Whether the retry policy may send the same request again. */
  readonly retryable: boolean;
  readonly usage: Usage | undefined;

  constructor(kind: LlmErrorKind, message: string, details: LlmErrorDetails = {}) {
    super(message);
    this.kind = kind;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.attempts = details.attempts ?? 1;
    this.retryable = details.retryable ?? RETRYABLE_KINDS.has(kind);
    this.usage = details.usage;
  }

  /** Whether the agent loop may ask the model again after this error. */
  get agentRetryable(): boolean {
    return AGENT_RETRYABLE_KINDS.has(this.kind);
  }

  /** The same error with a different message or attempt count (errors are values; never mutated). */
  with(changes: { message?: string; attempts?: number }): LlmError {
    return new LlmError(this.kind, changes.message ?? this.message, {
      status: this.status,
      retryAfterMs: this.retryAfterMs,
      attempts: changes.attempts ?? this.attempts,
      retryable: this.retryable,
      ...(this.usage ? { usage: this.usage } : {}),
    });
  }

  /** A plain object for events and logs. */
  toJSON(): { kind: LlmErrorKind; message: string; status?: number; attempts: number } {
    return { kind: this.kind, message: this.message, ...(this.status === undefined ? {} : { status: this.status }), attempts: this.attempts };
  }
}

export function isLlmError(e: unknown): e is LlmError {
  return e instanceof LlmError;
}
