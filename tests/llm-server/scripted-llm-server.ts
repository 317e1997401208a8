// A scripted LLM server: real HTTP on 127.0.0.1 at a free port, speaking enough of the OpenAI
// (chat completions, embeddings, models) and Anthropic (messages, models) APIs for the official
// SDKs. Tests queue replies (or answer with a function of the request) and then assert on the
// requests received, which are recorded with their headers, bodies and a rough token count.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { DEFAULT_EMBEDDING_DIMENSIONS, embedText, toBase64Floats } from './embeddings';
import { anthropicError, anthropicMessage, anthropicStreamEvents } from './render-anthropic';
import { openAiCompletion, openAiError, openAiStreamEvents, type RenderContext } from './render-openai';
import { approxTokens, turnUsage, type ScriptedReply, type ScriptedTurn } from './scripted-replies';

export type Api = 'openai-chat' | 'openai-embeddings' | 'openai-models' | 'anthropic-messages' | 'anthropic-models' | 'unknown';

export interface RecordedRequest {
  index: number;
  api: Api;
  method: string;
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  rawBody: string;
  body: Record<string, unknown>;
  stream: boolean;
  /** Rough size of what was sent (request body chars / 4), for counting tokens in benchmarks. */
  approxTokens: number;
}

export type ReplyScript = ScriptedReply | ((request: RecordedRequest) => ScriptedReply);

export interface ScriptedLlmServer {
  url: string;
  /** Base URL for the `openai` SDK (`…/v1`). */
  openaiBaseUrl: string;
  /** Base URL for the Anthropic SDK (it appends `/v1/messages`). */
  anthropicBaseUrl: string;
  /** Queues replies for the next chat calls (OpenAI chat completions or Anthropic messages). */
  script(...replies: ReplyScript[]): void;
  /** Answers chat calls when the queue is empty. */
  respondWith(fn: ((request: RecordedRequest) => ScriptedReply) | undefined): void;
  readonly requests: RecordedRequest[];
  /** Requests to the chat endpoints only. */
  chatRequests(): RecordedRequest[];
  /** Makes the next request to `api` (embeddings, models, or a chat API) fail this way, before any scripted reply. */
  failNext(api: Api, fault: Extract<ScriptedReply, { kind: 'http_error' | 'reset' }>): void;
  /** Replies still queued. */
  pending(): number;
  /** Forgets queued replies, the fallback and the recorded requests (between tests). */
  reset(): void;
  close(): Promise<void>;
}

export interface ScriptedServerOptions {
  models?: string[];
  /** The model name put in replies; default: the request's `model`. */
  replyModel?: string;
  /**
   * How embeddings are encoded: as the request's `encoding_format` asks (default), or always one
   * form whatever was asked, like servers that ignore the field (SGLang before mid-2026, Infinity).
   */
  embeddingEncoding?: 'as-asked' | 'float' | 'base64';
}

export async function startScriptedLlmServer(options: ScriptedServerOptions = {}): Promise<ScriptedLlmServer> {
  const queue: ReplyScript[] = [];
  const faults: { api: Api; fault: Extract<ScriptedReply, { kind: 'http_error' | 'reset' }> }[] = [];
  let fallback: ((request: RecordedRequest) => ScriptedReply) | undefined;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const models = options.models ?? ['scripted-small', 'scripted-large'];

  const server = createServer((req, res) => {
    // Like a local server started with OLLAMA_ORIGINS: requests from a browser-like page are
    // allowed, preflights answered and not recorded (they carry no request of their own).
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `scripted server failed: ${String(error)}` } });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const recorded = await record(req, requests.length);
    requests.push(recorded);
    const faultAt = faults.findIndex((f) => f.api === recorded.api);
    if (faultAt >= 0) {
      const [entry] = faults.splice(faultAt, 1);
      if (entry) return respond(entry.fault, recorded, req, res);
    }
    if (recorded.api === 'openai-models') return sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'scripted' })) });
    if (recorded.api === 'anthropic-models') {
      return sendJson(res, 200, { data: models.map((id) => ({ id, type: 'model', display_name: id, created_at: '2025-01-01T00:00:00Z' })), has_more: false, first_id: models[0] ?? null, last_id: models.at(-1) ?? null });
    }
    if (recorded.api === 'openai-embeddings') return sendEmbeddings(res, recorded, options.embeddingEncoding ?? 'as-asked');
    if (recorded.api === 'unknown') return sendJson(res, 404, { error: { message: `scripted server: no route ${recorded.method} ${recorded.path}` } });
    const next = queue.shift() ?? fallback;
    if (next === undefined) {
      return sendJson(res, 418, errorBody(recorded, 418, `scripted LLM server: no reply scripted for request #${recorded.index} (${recorded.method} ${recorded.path})`));
    }
    await respond(typeof next === 'function' ? next(recorded) : next, recorded, req, res);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    script: (...replies) => queue.push(...replies),
    respondWith: (fn) => {
      fallback = fn;
    },
    requests,
    chatRequests: () => requests.filter((r) => r.api === 'openai-chat' || r.api === 'anthropic-messages'),
    failNext: (api, fault) => {
      faults.push({ api, fault });
    },
    pending: () => queue.length,
    reset: () => {
      queue.length = 0;
      faults.length = 0;
      fallback = undefined;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  async function respond(scripted: ScriptedReply, recorded: RecordedRequest, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const isAnthropic = recorded.api === 'anthropic-messages';
    switch (scripted.kind) {
      case 'reset':
        req.socket.destroy();
        return;
      case 'http_error':
        return sendJson(res, scripted.status, errorBody(recorded, scripted.status, scripted.message), scripted.headers);
      case 'malformed':
        if (recorded.stream) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.end(isAnthropic ? 'event: message_start\ndata: {"type": "message_start", "message": {"id": \n\n' : 'data: {"id": "chatcmpl-broken", "choices": [{"delta": {"content": "Hel\n\n');
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"id": "broken", "choices": [{"message": ');
        }
        return;
      default: {
        const turn = scripted.turn;
        const ctx = renderContext(recorded, turn);
        if (scripted.kind === 'turn' && scripted.delayMs !== undefined && !(await wait(scripted.delayMs, res))) return;
        if (!recorded.stream) {
          return sendJson(res, 200, isAnthropic ? anthropicMessage(turn, ctx) : openAiCompletion(turn, ctx));
        }
        const { events, argumentEvents } = isAnthropic ? anthropicStreamEvents(turn, ctx) : openAiStreamEvents(turn, ctx);
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const stopAt = scripted.kind === 'cut' ? (argumentEvents[0] ?? events.length - 1) + 1 : scripted.kind === 'stall' ? scripted.afterEvents : events.length;
        for (const [i, event] of events.slice(0, stopAt).entries()) {
          if (i > 0 && scripted.kind === 'turn' && scripted.chunkDelayMs !== undefined && !(await wait(scripted.chunkDelayMs, res))) return;
          res.write(event);
        }
        if (scripted.kind === 'cut' && scripted.mode === 'reset') {
          // Let the written pieces reach the client before the connection drops.
          await wait(20, res);
          req.socket.destroy();
        } else if (scripted.kind === 'stall') {
          await new Promise<void>((resolve) => res.once('close', resolve));
        } else {
          res.end();
        }
      }
    }
  }

  function renderContext(recorded: RecordedRequest, turn: ScriptedTurn): RenderContext {
    const streamOptions = recorded.body.stream_options as { include_usage?: boolean } | undefined;
    return {
      id: String(recorded.index),
      model: options.replyModel ?? (typeof recorded.body.model === 'string' ? recorded.body.model : 'scripted'),
      usage: turnUsage(turn, recorded.approxTokens),
      includeUsage: streamOptions?.include_usage === true,
    };
  }
}

function sendEmbeddings(res: ServerResponse, recorded: RecordedRequest, encoding: 'as-asked' | 'float' | 'base64'): void {
  const input = recorded.body.input;
  const texts = Array.isArray(input) ? input.map(String) : [String(input)];
  const dims = typeof recorded.body.dimensions === 'number' ? recorded.body.dimensions : DEFAULT_EMBEDDING_DIMENSIONS;
  const base64 = encoding === 'as-asked' ? recorded.body.encoding_format === 'base64' : encoding === 'base64';
  const data = texts.map((t, index) => {
    const v = embedText(t, dims);
    return { object: 'embedding', index, embedding: base64 ? toBase64Floats(v) : v };
  });
  const tokens = texts.reduce((n, t) => n + approxTokens(t), 0);
  sendJson(res, 200, { object: 'list', data, model: recorded.body.model ?? 'scripted-embedding', usage: { prompt_tokens: tokens, total_tokens: tokens } });
}

function errorBody(recorded: RecordedRequest, status: number, message: string): Record<string, unknown> {
  return recorded.api === 'anthropic-messages' ? anthropicError(status, message) : openAiError(status, message);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Waits `ms`; false if the client went away meanwhile. */
function wait(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(!res.destroyed);
    }, ms);
    const onClose = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once('close', onClose);
  });
}

async function record(req: IncomingMessage, index: number): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks).toString('utf8');
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = rawBody === '' ? {} : JSON.parse(rawBody);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    body = {};
  }
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  const anthropic = headers['anthropic-version'] !== undefined;
  const api: Api =
    path === '/v1/chat/completions' ? 'openai-chat'
    : path === '/v1/messages' ? 'anthropic-messages'
    : path === '/v1/embeddings' ? 'openai-embeddings'
    : path === '/v1/models' ? (anthropic ? 'anthropic-models' : 'openai-models')
    : 'unknown';
  return { index, api, method: req.method ?? 'GET', path, headers, rawBody, body, stream: body.stream === true, approxTokens: approxTokens(rawBody) };
}
