// Faults inside a reply (cut, truncated, malformed, stalled, slow), through the real SDK clients:
// each is one attempt that ends with a clear error, and no tool call from it is ever complete.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { failure } from './fault-helpers';

let server: ScriptedLlmServer;
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe.each(['openai', 'anthropic', 'openai-compatible'] as const)('%s', (kind) => {
  it.each(['end', 'reset'] as const)('refuses a stream cut inside a tool call (%s) and executes nothing', async (mode) => {
    server.script(reply.cutInToolCall('move', { source: 'Inbox/a.pdf', destination: 'Documents/a.pdf' }, mode));
    const { error, events } = await failure(server, { kind });
    expect(error.kind).toBe('stream_cut');
    expect(error.agentRetryable).toBe(true);
    expect(error.message).toMatch(/nothing from it was used/);
    if (mode === 'end') expect(error.message).toMatch(/inside the arguments of tool call "move"/);
    expect(events.some((e) => e.type === 'tool_call_delta')).toBe(true);
    expect(events.some((e) => e.type === 'tool_call_finished' || e.type === 'done')).toBe(false);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it.each([true, false])('treats a reply cut by the token limit as an error (streaming %s)', async (streaming) => {
    server.script(reply.turn({ toolCalls: [{ name: 'move', arguments: '{"source": "a", "destinat' }], finish: 'length' }));
    const { error, events } = await failure(server, { kind, streaming, maxOutputTokens: 64 });
    expect(error.kind).toBe('truncated');
    expect(error.agentRetryable).toBe(true);
    expect(error.message).toMatch(/cut off at the output token limit \(64 tokens\)/);
    expect(events.some((e) => e.type === 'done')).toBe(false);
  });

  it.each([true, false])('reports malformed JSON without retrying (streaming %s)', async (streaming) => {
    server.script(reply.malformed());
    const { error } = await failure(server, { kind, streaming });
    expect(error.kind).toBe('bad_response');
    expect(error.message).toMatch(/not valid JSON/);
    expect(error.attempts).toBe(1);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('cancels a slow reply at once when aborted', async () => {
    server.script(reply.turn({ text: 'late' }, { delayMs: 5_000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const { error } = await failure(server, { kind }, controller.signal);
    expect(error.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('cancels a reply mid-stream', async () => {
    server.script(reply.turn({ text: 'word '.repeat(200) }, { chunkDelayMs: 20 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const { error, events } = await failure(server, { kind }, controller.signal);
    expect(error.kind).toBe('aborted');
    expect(events.some((e) => e.type === 'text')).toBe(true);
  });

  it('abandons a stalled stream after the timeout', async () => {
    server.script(reply.stall({ text: 'This reply will never finish because the server stops sending.' }, 3));
    const { error } = await failure(server, { kind, timeoutMs: 300 });
    expect(error.kind).toBe('stream_cut');
    expect(error.message).toMatch(/stalled \(no data for 300 ms\)/);
  });
});
