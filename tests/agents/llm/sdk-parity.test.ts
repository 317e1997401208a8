// The official SDKs (devDependencies only) and Reeve's own wire clients against the same scripted
// server exchanges: each request body is byte for byte what the SDK sends for the same parameters,
// and both sides read the same content from the same answer (streamed text, streamed tool calls,
// a whole reply, the models list, an error with its status, message and retry-after). This keeps
// the scripted server an honest model of the real APIs, and the wire clients honest to them.

import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicWire } from '../../../src/agents/llm/anthropic-wire';
import type { AnthropicParams, AnthropicStreamEvent } from '../../../src/agents/llm/anthropic-wire-types';
import { createOpenAiWire } from '../../../src/agents/llm/openai-wire';
import type { OpenAiChatParams, OpenAiChunk } from '../../../src/agents/llm/openai-wire-types';
import type { ProviderConfig } from '../../../src/agents/llm/provider-config';
import { ApiError } from '../../../src/agents/llm/wire-errors';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { FAKE_KEY, nodeFetch } from './client-fixtures';

let server: ScriptedLlmServer;
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const provider = (kind: 'openai' | 'anthropic'): ProviderConfig => ({
  id: kind,
  kind,
  baseUrl: kind === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl,
  apiKeySecret: '',
  transport: 'fetch',
  timeoutMs: 10_000,
  headers: { 'X-Title': 'Reeve' },
});
const sdkOptions = { apiKey: FAKE_KEY, fetch: nodeFetch, maxRetries: 0, timeout: 10_000, defaultHeaders: { 'X-Title': 'Reeve' }, logLevel: 'off' as const };
const tool = { name: 'read_note', description: 'Reads a note', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } };
// Explicit ids: the server otherwise numbers them by request, and the two sides send one request each.
const calls = [{ id: 'call_a', name: 'read_note', arguments: { path: 'Inbox/ä.md' } }, { id: 'call_b', name: 'read_note', arguments: { path: 'b.md' } }];
const toolTurn = reply.turn({ text: 'Reading both.', toolCalls: calls });

/** A parsed response without the id the server gives each response. */
const content = (response: unknown): unknown => {
  const { id: _id, ...rest } = JSON.parse(JSON.stringify(response)) as Record<string, unknown>;
  return rest;
};

/** The body the last chat request carried, as sent. */
const lastBody = (): string => server.chatRequests().at(-1)?.rawBody ?? '';

/**
 * The headers of the last request, without what only the SDKs send (their `x-stainless-*` telemetry
 * and their user agent) and what the transport adds either way.
 */
function lastHeaders(): Record<string, string> {
  const headers = { ...(server.requests.at(-1)?.headers ?? {}) };
  for (const key of Object.keys(headers)) {
    if (key.startsWith('x-stainless-') || ['user-agent', 'host', 'connection', 'content-length'].includes(key)) delete headers[key];
  }
  return headers;
}

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('OpenAI Chat Completions: the openai SDK and openai-wire.ts', () => {
  const sdk = () => new OpenAI({ ...sdkOptions, baseURL: server.openaiBaseUrl, organization: null, project: null, webhookSecret: null });
  const wire = () => createOpenAiWire({ provider: provider('openai'), apiKey: FAKE_KEY, fetch: nodeFetch, allowBrowser: false });
  const params: OpenAiChatParams = {
    model: 'gpt-scripted',
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Read ä and b' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c0', type: 'function', function: { name: 'read_note', arguments: '{"path":"x.md"}' } }] },
      { role: 'tool', tool_call_id: 'c0', content: 'x' },
    ],
    tools: [{ type: 'function', function: tool }],
    max_completion_tokens: 512,
    temperature: 0.2,
  };

  /** Text, tool calls (assembled from their deltas) and usage of a stream. */
  function readStream(chunks: OpenAiChunk[]) {
    let text = '';
    const calls: { id: string; name: string; arguments: string }[] = [];
    for (const c of chunks) {
      const delta = c.choices?.[0]?.delta;
      text += delta?.content ?? '';
      for (const t of delta?.tool_calls ?? []) {
        const call = (calls[t.index ?? 0] ??= { id: '', name: '', arguments: '' });
        call.id ||= t.id ?? '';
        call.name += t.function?.name ?? '';
        call.arguments += t.function?.arguments ?? '';
      }
    }
    return { text, calls, usage: chunks.find((c) => c.usage)?.usage, finish: chunks.map((c) => c.choices?.[0]?.finish_reason).find(Boolean) };
  }

  it('streams text and tool calls the same, from the same request body', async () => {
    server.script(toolTurn, toolTurn);
    const viaSdk: OpenAiChunk[] = [];
    for await (const c of await sdk().chat.completions.create({ ...(params as OpenAI.ChatCompletionCreateParamsNonStreaming), stream: true, stream_options: { include_usage: true } })) viaSdk.push(c);
    const sdkBody = lastBody();
    const viaWire: OpenAiChunk[] = [];
    for await (const c of await wire().chatCompletionStream(params)) viaWire.push(c);
    expect(lastBody()).toBe(sdkBody);
    const read = readStream(viaWire);
    expect(read).toEqual(readStream(viaSdk));
    expect(read.text).toBe('Reading both.');
    expect(read.calls.map((c) => JSON.parse(c.arguments) as unknown)).toEqual([{ path: 'Inbox/ä.md' }, { path: 'b.md' }]);
    expect(read.usage?.prompt_tokens).toBeGreaterThan(0);
  });

  it('reads a whole reply the same', async () => {
    server.script(toolTurn, toolTurn);
    const viaSdk = await sdk().chat.completions.create({ ...(params as OpenAI.ChatCompletionCreateParamsNonStreaming), stream: false });
    const sdkBody = lastBody();
    const viaWire = await wire().chatCompletion(params);
    expect(lastBody()).toBe(sdkBody);
    expect(content(viaWire)).toEqual(content(viaSdk));
  });

  it('sends the same headers as the SDK in the app (key, JSON, configured extras) and none of its telemetry', async () => {
    server.script(reply.text('a'), reply.text('b'));
    await new OpenAI({ ...sdkOptions, baseURL: server.openaiBaseUrl, organization: null, project: null, webhookSecret: null, dangerouslyAllowBrowser: true }).chat.completions.create({ ...(params as OpenAI.ChatCompletionCreateParamsNonStreaming), stream: false });
    const fromSdk = lastHeaders();
    await createOpenAiWire({ provider: provider('openai'), apiKey: FAKE_KEY, fetch: nodeFetch, allowBrowser: true }).chatCompletion(params);
    expect(lastHeaders()).toEqual(fromSdk);
    expect(Object.keys(server.requests.at(-1)?.headers ?? {}).filter((k) => k.startsWith('x-stainless'))).toEqual([]);
  });

  it('lists the same models and sends the same embeddings request', async () => {
    const ids: string[] = [];
    for await (const m of sdk().models.list()) ids.push(m.id);
    expect(await wire().listModels()).toEqual(ids);
    const embed = { model: 'text-embedding-3-small', input: ['a', 'b c'], encoding_format: 'float' as const, dimensions: 16 };
    const viaSdk = await sdk().embeddings.create(embed);
    const sdkBody = server.requests.at(-1)?.rawBody;
    const viaWire = await wire().embeddings(embed);
    expect(server.requests.at(-1)?.rawBody).toBe(sdkBody);
    expect(viaWire.data.map((d) => d.embedding)).toEqual(viaSdk.data.map((d) => d.embedding));
  });

  it('sees the same error: status, the provider message, retry-after', async () => {
    const limited = reply.error(429, 'Rate limit reached for gpt-scripted', { 'retry-after': '7' });
    server.script(limited, limited);
    const fromSdk = await thrown(sdk().chat.completions.create({ ...(params as OpenAI.ChatCompletionCreateParamsNonStreaming), stream: false }));
    const fromWire = await thrown(wire().chatCompletion(params));
    if (!(fromSdk instanceof OpenAI.APIError) || !(fromWire instanceof ApiError)) throw new Error('expected API errors from both');
    expect([fromWire.status, fromWire.headers?.get('retry-after'), fromWire.message]).toEqual([fromSdk.status, (fromSdk.headers as Headers | undefined)?.get('retry-after'), fromSdk.message]);
    expect(fromWire.message).toBe('429 Rate limit reached for gpt-scripted');
  });
});

describe('Anthropic Messages: @anthropic-ai/sdk and anthropic-wire.ts', () => {
  const sdk = () => new Anthropic({ ...sdkOptions, baseURL: server.anthropicBaseUrl, webhookKey: null, openTelemetry: false });
  const wire = () => createAnthropicWire({ provider: provider('anthropic'), apiKey: FAKE_KEY, fetch: nodeFetch, allowBrowser: false });
  const params: AnthropicParams = {
    model: 'claude-scripted',
    max_tokens: 4096,
    system: 'Be brief.',
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Read ä and b' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't0', name: 'read_note', input: { path: 'x.md' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't0', content: 'x', is_error: true }] },
    ],
    tools: [{ name: tool.name, description: tool.description, input_schema: { ...tool.parameters, type: 'object' } }],
    thinking: { type: 'enabled', budget_tokens: 2048 },
  };

  /** Text, thinking, tool calls (assembled from input_json_delta) and the stop reason of a stream. */
  function readStream(events: AnthropicStreamEvent[]) {
    let text = '';
    let thinking = '';
    let signature = '';
    const calls = new Map<number, { id: string; name: string; json: string }>();
    let stop: string | null | undefined;
    let output: number | null | undefined;
    for (const e of events) {
      if (e.type === 'content_block_start' && e.content_block.type === 'tool_use') calls.set(e.index, { id: e.content_block.id, name: e.content_block.name, json: '' });
      if (e.type === 'content_block_delta') {
        const d = e.delta;
        if (d.type === 'text_delta') text += d.text;
        if (d.type === 'thinking_delta') thinking += d.thinking;
        if (d.type === 'signature_delta') signature += d.signature;
        if (d.type === 'input_json_delta') {
          const call = calls.get(e.index);
          if (call) call.json += d.partial_json;
        }
      }
      if (e.type === 'message_delta') {
        stop = e.delta.stop_reason;
        output = e.usage?.output_tokens;
      }
    }
    // The scripted signature names the request it answered (sig-0, sig-1): the number is left out.
    return { text, thinking, signature: signature.replace(/\d+$/, '#'), calls: [...calls.values()], stop, output, types: events.map((e) => e.type) };
  }

  it('streams text, thinking and tool_use input the same, from the same request body', async () => {
    const turn = reply.turn({ reasoning: 'Two notes to read.', text: 'Reading both.', toolCalls: calls });
    server.script(turn, turn);
    const viaSdk: AnthropicStreamEvent[] = [];
    for await (const e of await sdk().messages.create({ ...(params as Anthropic.MessageCreateParamsNonStreaming), stream: true })) viaSdk.push(e as AnthropicStreamEvent);
    const sdkBody = lastBody();
    const viaWire: AnthropicStreamEvent[] = [];
    for await (const e of await wire().streamMessage(params)) viaWire.push(e);
    expect(lastBody()).toBe(sdkBody);
    const read = readStream(viaWire);
    expect(read).toEqual(readStream(viaSdk));
    expect([read.text, read.thinking, read.stop]).toEqual(['Reading both.', 'Two notes to read.', 'tool_use']);
    expect(read.calls.map((c) => JSON.parse(c.json) as unknown)).toEqual([{ path: 'Inbox/ä.md' }, { path: 'b.md' }]);
  });

  it('sends the same headers as the SDK in the app, the one that allows calls from its renderer included', async () => {
    server.script(reply.text('a'), reply.text('b'));
    await new Anthropic({ ...sdkOptions, baseURL: server.anthropicBaseUrl, webhookKey: null, openTelemetry: false, dangerouslyAllowBrowser: true }).messages.create({ ...(params as Anthropic.MessageCreateParamsNonStreaming), stream: false });
    const fromSdk = lastHeaders();
    await createAnthropicWire({ provider: provider('anthropic'), apiKey: FAKE_KEY, fetch: nodeFetch, allowBrowser: true }).createMessage(params);
    expect(lastHeaders()).toEqual(fromSdk);
    expect(fromSdk['anthropic-dangerous-direct-browser-access']).toBe('true');
  });

  it('reads a whole reply and the models list the same', async () => {
    server.script(toolTurn, toolTurn);
    const viaSdk = await sdk().messages.create({ ...(params as Anthropic.MessageCreateParamsNonStreaming), stream: false });
    const sdkBody = lastBody();
    const viaWire = await wire().createMessage(params);
    expect(lastBody()).toBe(sdkBody);
    expect(content(viaWire)).toEqual(content(viaSdk));
    const ids: string[] = [];
    for await (const m of sdk().models.list()) ids.push(m.id);
    expect(await wire().listModels()).toEqual(ids);
  });

  it('sees the same error: status, the provider message, retry-after', async () => {
    const overloaded = reply.error(529, 'Overloaded', { 'retry-after': '3' });
    server.script(overloaded, overloaded);
    const fromSdk = await thrown(sdk().messages.create({ ...(params as Anthropic.MessageCreateParamsNonStreaming), stream: false }));
    const fromWire = await thrown(wire().createMessage(params));
    if (!(fromSdk instanceof Anthropic.APIError) || !(fromWire instanceof ApiError)) throw new Error('expected API errors from both');
    expect([fromWire.status, fromWire.headers?.get('retry-after')]).toEqual([fromSdk.status, (fromSdk.headers as Headers | undefined)?.get('retry-after')]);
    // The SDK keeps the provider's message apart (its `message` is the whole JSON body); Reeve shows that message.
    expect(fromWire.providerMessage).toBe((fromSdk as unknown as { apiMessage: string }).apiMessage);
    expect(fromWire.message).toBe('529 Overloaded');
  });
});
