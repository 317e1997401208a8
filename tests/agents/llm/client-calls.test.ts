import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LlmEvent } from '../../../src/agents/llm/stream-events';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { clientFor, NATIVE_MATRIX } from './client-fixtures';

let server: ScriptedLlmServer;
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const tool = { name: 'read_note', description: 'Reads a note', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } };

describe.each(NATIVE_MATRIX)('$kind, streaming $streaming', (setup) => {
  it('returns text with usage and the events that led to it', async () => {
    server.script(reply.text('Hello from the scripted model.', { usage: { input: 120, output: 9, cached: 20 } }));
    const client = clientFor(server, setup);
    const events: LlmEvent[] = [];
    for await (const e of client.stream({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] })) events.push(e);
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    if (done?.type !== 'done') return;
    expect(done.reply.text).toBe('Hello from the scripted model.');
    expect(done.reply.toolCalls).toEqual([]);
    expect(done.reply.usage).toEqual({ inputTokens: 120, outputTokens: 9, cachedInputTokens: 20 });
    expect(events.filter((e) => e.type === 'text').map((e) => (e.type === 'text' ? e.delta : '')).join('')).toBe('Hello from the scripted model.');
    if (setup.streaming) expect(events.filter((e) => e.type === 'text').length).toBeGreaterThan(1);
    const [request] = server.chatRequests();
    expect(request?.stream).toBe(setup.streaming);
    if (setup.kind === 'anthropic') {
      expect(request?.body.system).toBe('Be brief.');
      expect(request?.body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
      expect(request?.body.max_tokens).toBe(2048);
    } else {
      expect(request?.body.messages).toEqual([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }]);
      expect(request?.body[setup.kind === 'openai' ? 'max_completion_tokens' : 'max_tokens']).toBe(2048);
    }
  });

  it('returns complete tool calls and sends tools in the provider format', async () => {
    server.script(reply.toolCalls({ name: 'read_note', arguments: { path: 'Inbox/a.md' } }, { name: 'read_note', arguments: { path: 'b.md' } }));
    const client = clientFor(server, setup);
    const events: LlmEvent[] = [];
    const result = await (async () => {
      for await (const e of client.stream({ messages: [{ role: 'user', content: 'Read two notes' }], tools: [tool] })) {
        events.push(e);
        if (e.type === 'done') return e.reply;
      }
      return undefined;
    })();
    expect(result?.finishReason).toBe('tool_calls');
    expect(result?.toolCalls.map((c) => [c.name, JSON.parse(c.arguments) as unknown])).toEqual([
      ['read_note', { path: 'Inbox/a.md' }],
      ['read_note', { path: 'b.md' }],
    ]);
    expect(new Set(result?.toolCalls.map((c) => c.id)).size).toBe(2);
    const finished = events.filter((e) => e.type === 'tool_call_finished');
    expect(finished).toHaveLength(2);
    if (setup.streaming) expect(events.some((e) => e.type === 'tool_call_delta')).toBe(true);
    const body = server.chatRequests()[0]?.body;
    if (setup.kind === 'anthropic') expect(body?.tools).toEqual([{ name: 'read_note', description: 'Reads a note', input_schema: tool.parameters }]);
    else expect(body?.tools).toEqual([{ type: 'function', function: tool }]);
  });

  it('shows reasoning apart from the answer', async () => {
    server.script(reply.text('The answer is 4.', { reasoning: 'Two plus two is four.' }));
    const client = clientFor(server, { ...setup, reasoning: true, maxOutputTokens: 4096 });
    const result = await client.complete({ messages: [{ role: 'user', content: '2+2?' }] });
    expect(result.text).toBe('The answer is 4.');
    expect(result.reasoning?.text).toBe('Two plus two is four.');
    if (setup.kind === 'anthropic') {
      expect(result.reasoning?.signature).toBe('sig-0');
      expect(server.chatRequests()[0]?.body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    }
  });
});

describe('provider details', () => {
  it('sends no x-stainless headers, the key only as the provider expects, and configured extra headers', async () => {
    server.script(reply.text('a'), reply.text('b'), reply.text('c'));
    await clientFor(server, { kind: 'openai', headers: { 'X-Title': 'Reeve' } }).complete({ messages: [{ role: 'user', content: 'x' }] });
    await clientFor(server, { kind: 'anthropic' }).complete({ messages: [{ role: 'user', content: 'x' }] });
    await clientFor(server, { kind: 'openai-compatible' }).complete({ messages: [{ role: 'user', content: 'x' }] });
    const [openai, anthropic, local] = server.chatRequests().map((r) => r.headers);
    for (const h of [openai, anthropic, local]) expect(Object.keys(h ?? {}).filter((k) => k.startsWith('x-stainless'))).toEqual([]);
    expect(openai?.authorization).toBe('Bearer sk-reeve-FAKE-KEY-0123456789abcdefXYZ');
    expect(openai?.['x-title']).toBe('Reeve');
    // This SDK generation sends the Anthropic key as a bearer token.
    expect(anthropic?.authorization).toBe('Bearer sk-reeve-FAKE-KEY-0123456789abcdefXYZ');
    expect(anthropic?.['anthropic-version']).toBeDefined();
    expect(local?.authorization).toBeUndefined();
  });

  it('asks for a JSON object in JSON mode', async () => {
    server.script(reply.text('{"summary":"ok","edits":[]}'), reply.text('{"summary":"ok","edits":[]}'));
    const openai = await clientFor(server, { kind: 'openai' }).complete({ messages: [{ role: 'user', content: 'x' }], jsonMode: true });
    await clientFor(server, { kind: 'anthropic' }).complete({ messages: [{ role: 'user', content: 'x' }], jsonMode: true });
    expect(JSON.parse(openai.text)).toEqual({ summary: 'ok', edits: [] });
    const [o, a] = server.chatRequests();
    expect(o?.body.response_format).toEqual({ type: 'json_object' });
    expect(a?.body.system).toBe('Reply with a single JSON object and nothing else.');
  });

  it('lists the models a server offers, on both APIs', async () => {
    expect(await clientFor(server, { kind: 'openai-compatible' }).listModels()).toEqual(['scripted-small', 'scripted-large']);
    expect(await clientFor(server, { kind: 'anthropic' }).listModels()).toEqual(['scripted-small', 'scripted-large']);
  });

  it('reads <think> blocks of local reasoning models as reasoning, across stream chunks', async () => {
    server.script(reply.text('<think>The user wants a greeting.</think>\n\nHello!'), reply.text('<think>short</think>Hi'));
    const streamed = await clientFor(server, { kind: 'openai-compatible' }).complete({ messages: [{ role: 'user', content: 'x' }] });
    const whole = await clientFor(server, { kind: 'openai-compatible', streaming: false }).complete({ messages: [{ role: 'user', content: 'x' }] });
    expect([streamed.text, streamed.reasoning?.text]).toEqual(['Hello!', 'The user wants a greeting.']);
    expect([whole.text, whole.reasoning?.text]).toEqual(['Hi', 'short']);
  });
});
