import { describe, expect, it } from 'vitest';
import { LlmError } from '../../../src/agents/llm/llm-error';
import { backoffMs, DEFAULT_RETRY_POLICY, retryAfterFromHeaders, withRetries } from '../../../src/agents/llm/retry-policy';
import { RecordingClock } from './client-fixtures';

describe('retry-after', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  it('reads retry-after-ms first, then seconds, then an HTTP date', () => {
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': 'Sun, 01 Jun 2025 12:00:07 GMT' }), now)).toBe(7000);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': 'Sun, 01 Jun 2025 11:00:00 GMT' }), now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '-5' }), now)).toBeUndefined();
    expect(retryAfterFromHeaders(undefined, now)).toBeUndefined();
  });
});

describe('backoff', () => {
  it('doubles per retry within ±25% jitter and stays under the maximum', () => {
    for (const r of [0, 0.999]) {
      const delays = [0, 1, 2, 3, 4, 5].map((n) => backoffMs(n, DEFAULT_RETRY_POLICY, () => r));
      delays.forEach((d, n) => {
        const base = Math.min(8000, 500 * 2 ** n);
        expect(d).toBeGreaterThanOrEqual(base * 0.75);
        expect(d).toBeLessThanOrEqual(base * 1.25);
      });
    }
  });
});

describe('withRetries', () => {
  const options = (clock: RecordingClock, signal?: AbortSignal) => ({ policy: DEFAULT_RETRY_POLICY, clock, random: () => 0.5, ...(signal ? { signal } : {}) });

  it('retries only retryable errors, at most maxRetries times', async () => {
    let attempts = 0;
    const clock = new RecordingClock();
    await expect(
      withRetries(() => {
        attempts++;
        return Promise.reject(new LlmError('server', 'down', { status: 502 }));
      }, options(clock)),
    ).rejects.toMatchObject({ kind: 'server', attempts: 4, message: 'down (gave up after 4 attempts)' });
    expect(attempts).toBe(4);

    attempts = 0;
    await expect(
      withRetries(() => {
        attempts++;
        return Promise.reject(new LlmError('auth', 'bad key', { status: 401 }));
      }, options(clock)),
    ).rejects.toMatchObject({ kind: 'auth', attempts: 1 });
    expect(attempts).toBe(1);
  });

  it('retries 408 and 409 as the classifier marks them', async () => {
    const clock = new RecordingClock();
    let n = 0;
    const value = await withRetries(() => (++n < 3 ? Promise.reject(new LlmError(n === 1 ? 'timeout' : 'server', 'x', { status: n === 1 ? 408 : 409, retryable: true })) : Promise.resolve('ok')), options(clock));
    expect([value, n, clock.sleeps]).toEqual(['ok', 3, [500, 1000]]);
  });

  it('stops before the first attempt when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    let attempts = 0;
    await expect(withRetries(() => Promise.resolve(++attempts), options(new RecordingClock(), controller.signal))).rejects.toMatchObject({ kind: 'aborted' });
    expect(attempts).toBe(0);
  });
});
