// Failures before a reply starts (429, 5xx, 4xx, dropped connections, timeouts, cancellation),
// through the real SDK clients: each ends after a bounded number of attempts with a clear error,
// or recovers within the retry budget.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { clientFor, RecordingClock } from './client-fixtures';
import { ask, failure, runCall } from './fault-helpers';

let server: ScriptedLlmServer;
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe.each(['openai', 'anthropic'] as const)('%s', (kind) => {
  it('waits what retry-after asks on 429, then succeeds', async () => {
    const clock = new RecordingClock();
    server.script(reply.rateLimited(2), reply.error(429, 'slow down', { 'retry-after-ms': '1500' }), reply.text('done'));
    const events = await runCall(server, { kind, clock });
    expect(events.at(-1)).toMatchObject({ type: 'done', reply: { text: 'done' } });
    expect(clock.sleeps).toEqual([2000, 1500]);
    expect(server.chatRequests()).toHaveLength(3);
    expect(events.flatMap((e) => (e.type === 'retry' ? [[e.attempt, e.delayMs]] : []))).toEqual([[1, 2000], [2, 1500]]);
  });

  it('does not retry early when retry-after exceeds the 30 s cap', async () => {
    const clock = new RecordingClock();
    server.script(reply.rateLimited(120), reply.text('never reached'));
    const { error } = await failure(server, { kind, clock });
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toMatch(/asks to wait 120 s/);
    expect(error.attempts).toBe(1);
    expect(clock.sleeps).toEqual([]);
    expect(server.chatRequests()).toHaveLength(1);
    expect(server.pending()).toBe(1);
  });

  it('gives up on repeated 5xx after 3 retries with backoff', async () => {
    const clock = new RecordingClock();
    server.respondWith(() => reply.error(503, 'overloaded (scripted)'));
    const { error } = await failure(server, { kind, clock });
    expect(error.kind).toBe('server');
    expect(error.status).toBe(503);
    expect(error.attempts).toBe(4);
    expect(error.message).toMatch(/^(openai|anthropic) \(\S+\): .*overloaded \(scripted\).*gave up after 4 attempts/);
    expect(server.chatRequests()).toHaveLength(4);
    // random() is 0.5, so no jitter: 500, 1000, 2000.
    expect(clock.sleeps).toEqual([500, 1000, 2000]);
  });

  it('does not retry a 400', async () => {
    server.script(reply.error(400, 'bad tool schema'));
    const { error } = await failure(server, { kind });
    expect([error.kind, error.attempts]).toEqual(['bad_request', 1]);
    expect(error.message).toMatch(/bad tool schema/);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('retries a dropped connection', async () => {
    server.script(reply.reset(), reply.text('back'));
    const events = await runCall(server, { kind });
    expect(events.at(-1)).toMatchObject({ type: 'done', reply: { text: 'back' } });
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('cancels during backoff', async () => {
    const clock = new RecordingClock();
    clock.hang = true;
    server.script(reply.error(500, 'boom'), reply.text('never'));
    const controller = new AbortController();
    void clock.nextSleep().then(() => controller.abort());
    const { error } = await failure(server, { kind, clock }, controller.signal);
    expect(error.kind).toBe('aborted');
    expect(clock.sleeps).toHaveLength(1);
    expect(server.chatRequests()).toHaveLength(1);
    expect(server.pending()).toBe(1);
  });

  it('times out a reply that never starts, retrying a bounded number of times', async () => {
    server.respondWith(() => reply.turn({ text: 'late' }, { delayMs: 2_000 }));
    const { error } = await failure(server, { kind, timeoutMs: 200, streaming: false });
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/No response within 200 ms.*gave up after 4 attempts/);
    expect(error.attempts).toBe(4);
    expect(server.chatRequests()).toHaveLength(4);
  });
});

describe('configuration and connection errors', () => {
  it('refuses to build a client without a key for a hosted provider', () => {
    expect(() => clientFor(server, { kind: 'anthropic', apiKey: '' })).toThrow(/No API key for provider "anthropic".*ANTHROPIC_API_KEY/);
  });

  it('explains an unreachable server after the retries', async () => {
    const dead = await startScriptedLlmServer();
    await dead.close();
    const { error } = await failure(dead, { kind: 'openai-compatible' });
    expect(error.kind).toBe('connection');
    expect(error.attempts).toBe(4);
    expect(error.message).toMatch(/Could not reach http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(ask.messages).toHaveLength(1);
  });
});
