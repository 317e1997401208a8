import { describe, expect, it } from 'vitest';
import { EventChannel } from '../../../src/agents/llm/event-channel';
import { redactSecrets } from '../../../src/agents/llm/redact-secrets';
import { stripStainlessHeaders } from '../../../src/agents/llm/strip-stainless-fetch';
import { addUsage, costUsd, usageFromAnthropic, usageFromOpenAi } from '../../../src/agents/llm/usage-cost';

describe('usage and cost', () => {
  it('normalizes both providers so cached tokens are part of the input', () => {
    expect(usageFromOpenAi({ prompt_tokens: 1000, completion_tokens: 50, prompt_tokens_details: { cached_tokens: 800 } })).toEqual({ inputTokens: 1000, outputTokens: 50, cachedInputTokens: 800 });
    expect(usageFromAnthropic({ input_tokens: 200, output_tokens: 50, cache_read_input_tokens: 800, cache_creation_input_tokens: 100 })).toEqual({ inputTokens: 1100, outputTokens: 50, cachedInputTokens: 800 });
    expect(usageFromOpenAi(undefined)).toEqual({ inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 });
  });

  it('prices cached input at the cached rate', () => {
    const prices = { input: 3, output: 15, cachedInput: 0.3 };
    expect(costUsd({ inputTokens: 1_000_000, outputTokens: 100_000, cachedInputTokens: 400_000 }, prices)).toBeCloseTo(0.6 * 3 + 0.4 * 0.3 + 0.1 * 15, 10);
    expect(addUsage({ inputTokens: 1, outputTokens: 2, cachedInputTokens: 3 }, { inputTokens: 10, outputTokens: 20, cachedInputTokens: 30 })).toEqual({ inputTokens: 11, outputTokens: 22, cachedInputTokens: 33 });
  });
});

describe('redactSecrets', () => {
  const key = 'sk-proj-ABCDEFGHIJKLMNOP1234567890';
  it('removes the key and the fragments providers show of it', () => {
    expect(redactSecrets(`bad key ${key}!`, [key])).toBe('bad key [redacted]!');
    expect(redactSecrets(`Incorrect API key provided: ${key.slice(0, 12)}****${key.slice(-8)}`, [key])).not.toMatch(/ABCD|567890/);
    expect(redactSecrets('nothing here', [key, ''])).toBe('nothing here');
  });
});

describe('stripStainlessHeaders', () => {
  it('drops x-stainless-* (and Authorization when asked) and keeps the rest', async () => {
    const seen: Headers[] = [];
    const base = (_input: string | URL | Request, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return Promise.resolve(new Response('ok'));
    };
    await stripStainlessHeaders(base)('http://x', { headers: { 'X-Stainless-OS': 'Linux', 'x-stainless-retry-count': '0', Accept: 'application/json' } });
    await stripStainlessHeaders(base, { dropAuthorization: true })('http://x', { headers: [['authorization', 'Bearer no-key'], ['x-title', 'S']] });
    expect([...(seen[0] ?? new Headers()).keys()]).toEqual(['accept']);
    expect([...(seen[1] ?? new Headers()).keys()]).toEqual(['x-title']);
  });
});

describe('EventChannel', () => {
  it('delivers pushed items in order, including those pushed before iteration, then ends', async () => {
    const channel = new EventChannel<number>();
    channel.push(1);
    const got: number[] = [];
    const reading = (async () => {
      for await (const n of channel) got.push(n);
    })();
    channel.push(2);
    await Promise.resolve();
    channel.push(3);
    channel.close();
    channel.push(4);
    await reading;
    expect(got).toEqual([1, 2, 3]);
  });
});
