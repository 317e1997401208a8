// The plugin's MCP endpoint (src/mcp/http/) driven by the official SDK's Client over Streamable
// HTTP on loopback, and by hand-written requests for what a well-behaved client never sends: no
// token, a wrong one, a foreign Origin or Host, a huge body, malformed JSON, a flood, a session
// reused after DELETE. The tool host is a small real one; the transport is what is under test.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type McpHttpLimits, type McpHttpServer, startMcpHttpServer } from '../../src/mcp/http/http-server';
import { SmallToolHost } from './small-tool-host';

const TOKEN = 'test-token-0123456789abcdef';
let server: McpHttpServer | null = null;
const clients: Client[] = [];
const logged: string[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => undefined);
  await server?.close();
  server = null;
  logged.length = 0;
});

async function start(host = new SmallToolHost(), limits: Partial<McpHttpLimits> = {}): Promise<McpHttpServer> {
  server = await startMcpHttpServer({ host, port: 0, token: TOKEN, serverInfo: { name: 'reeve', version: '0.1.0' }, log: (l) => logged.push(l), limits });
  return server;
}

async function connect(url: string, token = TOKEN, name = 'test-client'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  clients.push(client);
  return client;
}

/** A raw request, with the token unless told otherwise. */
async function raw(url: string, init: { method?: string; body?: string; headers?: Record<string, string>; token?: string | null } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...init.headers };
  if (init.token !== null) headers.authorization = `Bearer ${init.token ?? TOKEN}`;
  return globalThis.fetch(url, { method: init.method ?? 'POST', headers, ...(init.body !== undefined ? { body: init.body } : {}) });
}

const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

async function session(url: string): Promise<string> {
  const res = await raw(url, { body: INIT });
  expect(res.status).toBe(200);
  const id = res.headers.get('mcp-session-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id ?? '';
}

describe('the MCP endpoint with the SDK client', () => {
  it('initializes, lists and calls tools, and reports who is connected', async () => {
    const { url } = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connect(url, TOKEN, 'Claude Code');
    expect(client.getServerVersion()).toEqual({ name: 'reeve', version: '0.1.0' });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['echo', 'sum', 'wait']);
    expect(await client.callTool({ name: 'sum', arguments: { a: 2, b: 3 } })).toEqual({ content: [{ type: 'text', text: '5' }], structuredContent: { sum: 5 } });
    await client.ping();
    const [who] = server?.clients() ?? [];
    expect(who).toMatchObject({ name: 'Claude Code', version: '1.0.0', calls: 1 });
    expect(who?.lastCallAt).toBeGreaterThan(0);
  });

  it('answers an unknown tool and bad arguments as tool errors, not protocol errors', async () => {
    const { url } = await start();
    const client = await connect(url);
    expect(await client.callTool({ name: 'nope', arguments: {} })).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Unknown tool: nope' }] });
    expect(await client.callTool({ name: 'sum', arguments: { a: 'x' } })).toMatchObject({ isError: true });
  });

  it('an unknown method is -32601', async () => {
    const { url } = await start();
    const client = await connect(url);
    await expect(client.listResources()).rejects.toThrow(/-32601|Method not found/);
  });

  it('runs 200 parallel calls of one client, at most the gate at once, all answered', async () => {
    const host = new SmallToolHost();
    const { url } = await start(host, { concurrentCalls: 4 });
    const client = await connect(url);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => client.callTool({ name: 'echo', arguments: { text: `n${i}` } })));
    expect(results.map((r) => (r.content as { text: string }[])[0]?.text)).toEqual(Array.from({ length: 200 }, (_, i) => `n${i}`));
    expect(host.maxRunning).toBeLessThanOrEqual(4);
    expect(host.maxRunning).toBeGreaterThan(1);
    expect(server?.clients()[0]?.calls).toBe(200);
  });

  it('ends the session on close (DELETE), and the ended session is refused with 404', async () => {
    const { url } = await start();
    const client = await connect(url);
    const transport = client.transport as StreamableHTTPClientTransport;
    const id = transport.sessionId ?? '';
    expect(server?.clients()).toHaveLength(1);
    await transport.terminateSession();
    expect(server?.clients()).toEqual([]);
    const res = await raw(url, { body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), headers: { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32001);
  });

  it('stops a call that runs past the time limit and says so as a tool error', async () => {
    const host = new SmallToolHost();
    const { url } = await start(host, { callTimeoutMs: 100 });
    const client = await connect(url);
    const result = await client.callTool({ name: 'wait', arguments: { ms: 10_000 } });
    expect(result).toMatchObject({ isError: true });
    expect((result.content as { text: string }[])[0]?.text).toMatch(/longer than/);
    expect(host.aborted).toBe(1);
  });
});

describe('the MCP endpoint against a hostile or careless client', () => {
  it('refuses a request without the token, or with a wrong one, with 401 and never calls a tool', async () => {
    const host = new SmallToolHost();
    const { url } = await start(host);
    for (const token of [null, 'wrong-token-0123456789abcdef', TOKEN.slice(0, -1), `${TOKEN}x`, '']) {
      const res = await raw(url, { body: INIT, token });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    await expect(connect(url, 'wrong-token-0123456789abcdef')).rejects.toThrow();
    expect(server?.clients()).toEqual([]);
    expect(host.callers).toEqual([]);
  });

  it('refuses a foreign Origin and a foreign Host (DNS rebinding) with 403, and takes its own origin', async () => {
    const { url, port } = await start();
    for (const origin of ['https://evil.example', 'http://127.0.0.1.evil.example', `http://localhost:${port + 1}`, 'null', 'app://obsidian.md']) {
      expect((await raw(url, { body: INIT, headers: { origin } })).status).toBe(403);
    }
    expect((await raw(url, { body: INIT, headers: { origin: `http://localhost:${port}` } })).status).toBe(200);
    // fetch will not forge Host; Node's http will.
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host: `evil.example:${port}`, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(INIT);
    });
    expect(status).toBe(403);
  });

  it('refuses a body over the limit with 413, declared or streamed', async () => {
    const { url } = await start(undefined, { bodyBytes: 64 * 1024 });
    const id = await session(url);
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x'.repeat(200_000) } } });
    expect((await raw(url, { body: huge, headers: { 'mcp-session-id': id } })).status).toBe(413);
    const { request } = await import('node:http');
    const port = Number(new URL(url).port);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked', 'mcp-session-id': id } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(-1));
      for (let i = 0; i < 20; i++) req.write('x'.repeat(8192));
      req.end();
      setTimeout(() => reject(new Error('no answer')), 5000);
    });
    expect(status).toBe(413);
  });

  it('answers malformed JSON with -32700 and a malformed message with -32600, and an unknown method with -32601', async () => {
    const { url } = await start();
    const id = await session(url);
    const headers = { 'mcp-session-id': id };
    const bad = await raw(url, { body: '{"jsonrpc": "2.0", "id": 1, "method": ', headers });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    const invalid = await raw(url, { body: JSON.stringify({ jsonrpc: '1.0', id: 5, method: 'ping' }), headers });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { id: number; error: { code: number } }).error.code).toBe(-32600);
    const unknown = await raw(url, { body: JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'resources/list' }), headers });
    expect(await unknown.json()).toMatchObject({ id: 6, error: { code: -32601 } });
    const noName = await raw(url, { body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: {} }), headers });
    expect(await noName.json()).toMatchObject({ id: 7, error: { code: -32602 } });
  });

  it('needs the session id after initialize, accepts a notification with 202, and refuses GET with 405', async () => {
    const { url } = await start();
    const id = await session(url);
    expect((await raw(url, { body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) })).status).toBe(400);
    expect((await raw(url, { body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }), headers: { 'mcp-session-id': 'made-up' } })).status).toBe(404);
    const note = await raw(url, { body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), headers: { 'mcp-session-id': id } });
    expect(note.status).toBe(202);
    expect(await note.text()).toBe('');
    expect((await raw(url, { method: 'GET', headers: { 'mcp-session-id': id } })).status).toBe(405);
    expect((await raw(url, { body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }), headers: { 'mcp-session-id': id, 'mcp-protocol-version': '1999-01-01' } })).status).toBe(400);
    // A supported version other than the one agreed is taken: the specification refuses only invalid or unsupported ones.
    expect((await raw(url, { body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'ping' }), headers: { 'mcp-session-id': id, 'mcp-protocol-version': '2025-03-26' } })).status).toBe(200);
  });

  it('takes batches only in protocol 2025-03-26, and never an initialize inside one', async () => {
    const { url } = await start();
    const batch = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'sum', arguments: { a: 1, b: 1 } } },
    ]);
    const newer = await session(url);
    expect((await raw(url, { body: batch, headers: { 'mcp-session-id': newer } })).status).toBe(400);
    const init = await raw(url, { body: INIT.replace('2025-06-18', '2025-03-26') });
    const older = init.headers.get('mcp-session-id') ?? '';
    expect(((await init.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe('2025-03-26');
    const res = await raw(url, { body: batch, headers: { 'mcp-session-id': older } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: '2' }], structuredContent: { sum: 2 } } },
    ]);
    expect((await raw(url, { body: `[${INIT}]` })).status).toBe(400);
  });

  it('answers an unknown protocol version with its latest, and a flood past the queue is refused, not buffered', async () => {
    const host = new SmallToolHost();
    const { url } = await start(host, { concurrentCalls: 2, queuedCalls: 10 });
    const init = await raw(url, { body: INIT.replace('2025-06-18', '2030-01-01') });
    expect(((await init.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe('2025-11-25');
    const id = init.headers.get('mcp-session-id') ?? '';
    const call = (n: number): Promise<Response> => raw(url, { body: JSON.stringify({ jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: 'wait', arguments: { ms: 300 } } }), headers: { 'mcp-session-id': id } });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => call(i).then((r) => r.json() as Promise<{ result?: unknown; error?: { code: number } }>)));
    const refused = answers.filter((a) => a.error?.code === -32000);
    expect(answers.filter((a) => a.result)).toHaveLength(12);
    expect(refused).toHaveLength(28);
    expect(host.maxRunning).toBe(2);
  });

  it('listens on 127.0.0.1 only and logs nothing to the console', async () => {
    const { port } = await start();
    await expect(globalThis.fetch(`http://[::1]:${port}/mcp`)).rejects.toThrow();
    expect(logged.some((l) => l.includes('listening on http://127.0.0.1'))).toBe(true);
  });

  it('refuses to start without a real token', async () => {
    await expect(startMcpHttpServer({ host: new SmallToolHost(), port: 0, token: 'short', serverInfo: { name: 'reeve', version: '0' } })).rejects.toThrow(/token/);
  });
});
