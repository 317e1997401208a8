// Streamed OpenAI-style tool calls as servers really number them: some start `index` at 1 (or skip
// numbers), some send no index at all (each call arriving with its own id). Each call is read whole
// and in order, never dropped and never a crash. A raw SSE server on loopback writes the chunks, so
// the SDK and Reeve's reader see exactly these bytes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedLlmServer } from '../../llm-server';
import { clientFor } from './client-fixtures';

let chunks: unknown[] = [];
let http: Server;
let base = '';
beforeAll(async () => {
  http = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const c of chunks) res.write(`data: ${JSON.stringify(c)}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

const chunk = (toolCalls: unknown[], finish: string | null = null): unknown => ({
  id: 'c1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [{ index: 0, delta: { tool_calls: toolCalls }, finish_reason: finish }],
});

async function toolCalls(): Promise<{ name: string; arguments: string }[]> {
  const client = clientFor({ openaiBaseUrl: base, anthropicBaseUrl: base } as ScriptedLlmServer, { kind: 'openai', streaming: true });
  const reply = await client.complete({ messages: [{ role: 'user', content: 'go' }], tools: [{ name: 'a', description: 'a', parameters: { type: 'object', properties: {} } }] });
  return reply.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments }));
}

describe('streamed tool calls, however the server numbers them', () => {
  it('reads calls whose first index is 1 and whose indexes skip', async () => {
    chunks = [
      chunk([{ index: 1, id: 'x', type: 'function', function: { name: 'search_keyword', arguments: '{"query":' } }]),
      chunk([{ index: 1, function: { arguments: '"solar"}' } }]),
      chunk([{ index: 3, id: 'y', type: 'function', function: { name: 'fetch_note', arguments: '{"path":"A.md"}' } }], 'tool_calls'),
    ];
    expect(await toolCalls()).toEqual([
      { name: 'search_keyword', arguments: '{"query":"solar"}' },
      { name: 'fetch_note', arguments: '{"path":"A.md"}' },
    ]);
  });

  it('reads calls sent without an index: a new id starts a call, a delta without one continues it', async () => {
    chunks = [
      chunk([{ id: 'x', type: 'function', function: { name: 'search_keyword', arguments: '{"query":' } }]),
      chunk([{ function: { arguments: '"solar"}' } }]),
      chunk([{ id: 'y', type: 'function', function: { name: 'fetch_note', arguments: '{"path":"A.md"}' } }], 'tool_calls'),
    ];
    expect(await toolCalls()).toEqual([
      { name: 'search_keyword', arguments: '{"query":"solar"}' },
      { name: 'fetch_note', arguments: '{"path":"A.md"}' },
    ]);
  });
});
