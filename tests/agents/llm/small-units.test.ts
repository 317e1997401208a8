import { describe, expect, it } from 'vitest';
import { EventChannel } from '../../../src/agents/llm/event-channel';
import { redactSecrets } from '../../../src/agents/llm/redact-secrets';
import { serverSentEvents, type ServerSentEvent } from '../../../src/agents/llm/sse-events';
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

describe('serverSentEvents', () => {
  const streamOf = (...pieces: string[]) =>
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of pieces) c.enqueue(new TextEncoder().encode(p));
        c.close();
      },
    });
  const read = async (...pieces: string[]) => {
    const out: ServerSentEvent[] = [];
    for await (const e of serverSentEvents(streamOf(...pieces))) out.push(e);
    return out;
  };

  it('reads events across chunk borders, with every line ending the spec allows', async () => {
    // A \r\n split between chunks, a multi-byte character split between chunks, comments and ids.
    const euro = new TextEncoder().encode('€');
    const bytes = new ReadableStream<Uint8Array>({
      start(c) {
        const enc = new TextEncoder();
        c.enqueue(enc.encode(': keep-alive\r\nevent: a\r'));
        c.enqueue(enc.encode('\ndata: one\r\ndata:two\r\n\r\nid: 7\rdata: '));
        c.enqueue(euro.slice(0, 2));
        c.enqueue(euro.slice(2));
        c.enqueue(enc.encode('\r\rdata: last\n\n'));
        c.close();
      },
    });
    const out: ServerSentEvent[] = [];
    for await (const e of serverSentEvents(bytes)) out.push(e);
    expect(out).toEqual([
      { event: 'a', data: 'one\ntwo' },
      { event: null, data: '€' },
      { event: null, data: 'last' },
    ]);
  });

  it('does not yield an event the stream stopped in the middle of', async () => {
    expect(await read('data: whole\n\n', 'data: {"half": ')).toEqual([{ event: null, data: 'whole' }]);
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
