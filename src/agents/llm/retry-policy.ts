// Our single retry policy (the wire clients make none of their own): connection errors, 408, 409, 429 and
// 5xx are retried up to `maxRetries` times with exponential backoff and jitter, or after the
// delay the server names in `retry-after-ms` / `retry-after`. A server asking for more than
// `maxRetryAfterMs` is not retried early (that would be a wasted call): the error says when to
// try again. An abort ends everything at once, backoff included.

import type { Clock } from './clock';
import { LlmError } from './llm-error';

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest `retry-after` we wait for. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 30_000 };

/** The delay a response asks for, from `retry-after-ms` (milliseconds) or `retry-after` (seconds or an HTTP date). */
export function retryAfterFromHeaders(headers: Headers | undefined, nowMs: number): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** Exponential backoff with ±25% jitter for retry number `retry` (0-based). */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const base = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(base * (0.75 + random() * 0.5));
}

export interface RetryInfo {
  /** The attempt that failed, 1-based. */
  attempt: number;
  delayMs: number;
  error: LlmError;
}

export interface RetryOptions {
  policy: RetryPolicy;
  clock: Clock;
  random: () => number;
  signal?: AbortSignal;
  onRetry?: (info: RetryInfo) => void;
}

/**
 * Runs `attempt` until it succeeds, fails with an error the policy does not retry, or retries run
 * out. `attempt` must throw `LlmError`s. The final error carries the number of attempts.
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { policy, clock, signal } = options;
  for (let n = 1; ; n++) {
    if (signal?.aborted) throw abortedError(n - 1);
    try {
      return await attempt(n);
    } catch (caught) {
      const error = caught instanceof LlmError ? caught : new LlmError('bad_response', String(caught));
      if (signal?.aborted || error.kind === 'aborted') throw abortedError(n);
      if (!error.retryable) throw error.with({ attempts: n });
      if (n > policy.maxRetries) {
        throw error.with({ attempts: n, message: `${error.message} (gave up after ${n} attempts)` });
      }
      const asked = error.retryAfterMs;
      if (asked !== undefined && asked > policy.maxRetryAfterMs) {
        const seconds = Math.ceil(asked / 1000);
        throw error.with({ attempts: n, message: `${error.message} (the server asks to wait ${seconds} s before retrying; try again later)` });
      }
      const delayMs = asked ?? backoffMs(n - 1, policy, options.random);
      options.onRetry?.({ attempt: n, delayMs, error });
      try {
        await clock.sleep(delayMs, signal);
      } catch {
        throw abortedError(n);
      }
    }
  }
}

function abortedError(attempts: number): LlmError {
  return new LlmError('aborted', 'The request was cancelled.', { attempts });
}
