import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddingClient } from '../../../src/agents/llm/embedding-client';
import { embeddingVector } from '../../../src/agents/llm/embedding-vector';
import { embedText, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { FAKE_KEY, nodeFetch, providerFor, RecordingClock } from './client-fixtures';

let server: ScriptedLlmServer;
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const cosine = (a: number[], b: number[]): number => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);

function client(kind: 'openai' | 'openai-compatible', extra: { batchSize?: number; dimensions?: number; clock?: RecordingClock } = {}) {
  return createEmbeddingClient({
    provider: providerFor(server, { kind }),
    model: 'embed-scripted',
    apiKey: kind === 'openai' ? FAKE_KEY : '',
    fetch: nodeFetch,
    allowBrowser: false,
    random: () => 0.5,
    ...extra,
  });
}

describe('embeddings', () => {
  it('returns one vector per text, in order, across batches', async () => {
    const texts = ['milk and eggs', 'eggs, milk, bread', 'quarterly tax report'];
    const { vectors, usage } = await client('openai-compatible', { batchSize: 2 }).embed(texts);
    expect(server.requests.filter((r) => r.api === 'openai-embeddings').map((r) => r.body.input)).toEqual([texts.slice(0, 2), texts.slice(2)]);
    expect(vectors).toHaveLength(3);
    vectors.forEach((v, i) => {
      const expected = embedText(texts[i] ?? '');
      v.forEach((x, j) => expect(x).toBeCloseTo(expected[j] ?? NaN, 6));
    });
    const [a, b, c] = vectors as [number[], number[], number[]];
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c));
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('asks for the configured dimensions', async () => {
    const { vectors } = await client('openai', { dimensions: 16 }).embed(['one text']);
    expect(vectors[0]).toHaveLength(16);
    expect(server.requests[0]?.body.dimensions).toBe(16);
  });

  it('retries a 503 under the same policy as chat calls', async () => {
    const clock = new RecordingClock();
    server.failNext('openai-embeddings', { kind: 'http_error', status: 503, message: 'busy' });
    server.failNext('openai-embeddings', { kind: 'reset' });
    const { vectors } = await client('openai', { clock }).embed(['x']);
    expect(vectors).toHaveLength(1);
    expect(clock.sleeps).toEqual([500, 1000]);
    expect(server.requests).toHaveLength(3);
  });

  it('fails clearly on a dead server after bounded retries', async () => {
    const dead = await startScriptedLlmServer();
    await dead.close();
    const clock = new RecordingClock();
    const embedder = createEmbeddingClient({ provider: providerFor(dead, { kind: 'openai-compatible' }), model: 'm', fetch: nodeFetch, allowBrowser: false, clock, random: () => 0.5 });
    await expect(embedder.embed(['x'])).rejects.toMatchObject({ kind: 'connection', attempts: 4, message: expect.stringMatching(/^local \(m\) embeddings: Could not reach/) as unknown });
    expect(clock.sleeps).toHaveLength(3);
  });

  it('reads float arrays from a server that ignores encoding_format, and base64 from one that always sends it', async () => {
    for (const embeddingEncoding of ['float', 'base64'] as const) {
      const stubborn = await startScriptedLlmServer({ embeddingEncoding });
      try {
        const embedder = createEmbeddingClient({ provider: providerFor(stubborn, { kind: 'openai-compatible' }), model: 'm', fetch: nodeFetch, allowBrowser: false, dimensions: 256 });
        const { vectors } = await embedder.embed(['milk and eggs', 'quarterly tax report']);
        expect(vectors.map((v) => v.length)).toEqual([256, 256]);
        expect(stubborn.requests[0]?.body.encoding_format).toBe('float');
        vectors.forEach((v, i) => {
          const expected = embedText(['milk and eggs', 'quarterly tax report'][i] ?? '', 256);
          v.forEach((x, j) => expect(x).toBeCloseTo(expected[j] ?? NaN, 6));
        });
      } finally {
        await stubborn.close();
      }
    }
  });

  it('names the embedding a server sent in neither form', () => {
    expect(embeddingVector([0.5, -1], 0)).toEqual([0.5, -1]);
    expect(() => embeddingVector(['0.5'], 2)).toThrow('Embedding 2 holds something other than numbers.');
    expect(() => embeddingVector('AAA', 1)).toThrow('Embedding 1 is 2 bytes, not a whole number of 32-bit floats.');
    expect(() => embeddingVector('not base64!', 0)).toThrow('Embedding 0 is a string but not base64.');
    expect(() => embeddingVector({ values: [1] }, 3)).toThrow('Embedding 3 is neither a list of numbers nor base64.');
  });

  it('refuses Anthropic, which has no embeddings API', () => {
    expect(() => createEmbeddingClient({ provider: providerFor(server, { kind: 'anthropic' }), model: 'm', apiKey: FAKE_KEY, fetch: nodeFetch, allowBrowser: false })).toThrow(/has no embeddings API/);
  });
});
