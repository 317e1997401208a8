// The requestUrl transport, with a requestUrl that does real HTTP like Obsidian's (buffered, not
// abortable): the SDKs work through it, SSE replies arriving whole still parse, errors keep their
// status and headers, and an abort rejects at once while the late reply is ignored.

import type { RequestUrlParam } from 'obsidian';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeRequestUrlFetch } from '../../../src/agents/llm/obsidian-request-fetch';
import { runAgentLoop } from '../../../src/agents/loop/agent-loop';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { notesTools } from '../loop/notes-tools';
import { clientFor, RecordingClock } from './client-fixtures';
import { failure } from './fault-helpers';
import { nodeRequestUrl } from './obsidian-node-request-url';

let server: ScriptedLlmServer;
const params: RequestUrlParam[] = [];
const transport = makeRequestUrlFetch((param) => {
  params.push(param);
  return nodeRequestUrl(param);
});

beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  params.length = 0;
});

describe.each([
  { kind: 'openai', streaming: true },
  { kind: 'openai', streaming: false },
  { kind: 'anthropic', streaming: true },
  { kind: 'anthropic', streaming: false },
] as const)('$kind, streaming $streaming, over requestUrl', (setup) => {
  it('runs a tool loop; a streamed reply arrives whole and still parses', async () => {
    server.script(reply.toolCall('read_note', { path: 'Inbox/groceries.md' }), reply.text('You need milk and eggs.'));
    const calls: string[] = [];
    const result = await runAgentLoop({ client: clientFor(server, { ...setup, fetch: transport }), tools: notesTools(calls), messages: [{ role: 'user', content: 'What do I need?' }] });
    expect([result.stop, result.finalText]).toEqual(['final_answer', 'You need milk and eggs.']);
    expect(calls).toEqual(['read_note Inbox/groceries.md']);
    expect(params).toHaveLength(2);
    expect(params.every((p) => p.throw === false && p.method === 'POST' && p.contentType === 'application/json')).toBe(true);
    expect(Object.keys(params[0]?.headers ?? {}).some((k) => k.startsWith('x-stainless'))).toBe(false);
    expect(server.chatRequests()[0]?.stream).toBe(setup.streaming);
  });
});

describe('requestUrl transport details', () => {
  it('passes error statuses and retry-after through to our retry policy', async () => {
    const clock = new RecordingClock();
    server.script(reply.rateLimited(3), reply.text('ok'));
    const result = await clientFor(server, { kind: 'openai', fetch: transport, clock }).complete({ messages: [{ role: 'user', content: 'x' }] });
    expect(result.text).toBe('ok');
    expect(clock.sleeps).toEqual([3000]);
  });

  it('rejects at once on abort and ignores the late reply', async () => {
    server.script(reply.turn({ text: 'late' }, { delayMs: 1_500 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const { error } = await failure(server, { kind: 'anthropic', fetch: transport }, controller.signal);
    expect(error.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(1_000);
    // The request itself could not be stopped: the server still answers, and nobody listens.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('refuses to start when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(transport(`${server.url}/v1/models`, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(params).toHaveLength(0);
  });

  it('sends binary and form bodies as requestUrl accepts them', async () => {
    await transport(`${server.openaiBaseUrl}/embeddings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: new TextEncoder().encode('{"input":"a b","model":"m"}') });
    await transport(`${server.openaiBaseUrl}/embeddings`, { method: 'POST', body: new URLSearchParams({ input: 'x' }) });
    expect(params[0]?.body).toBeInstanceOf(ArrayBuffer);
    expect(params[1]?.body).toBe('input=x');
    expect(server.requests.map((r) => r.rawBody)).toEqual(['{"input":"a b","model":"m"}', 'input=x']);
  });

  it('gives bodiless statuses a null body', async () => {
    const noContent = makeRequestUrlFetch(() => Promise.resolve({ status: 204, headers: {}, arrayBuffer: new ArrayBuffer(0), text: '', json: null }));
    const response = await noContent('http://example.invalid/');
    expect([response.status, await response.text()]).toEqual([204, '']);
  });
});
