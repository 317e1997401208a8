// MCP's Streamable HTTP transport (specification 2025-11-25, 2025-06-18 and 2025-03-26,
// "Transports: Streamable HTTP"), without the HTTP plumbing: one request's method, headers and
// body in, one answer out. JSON answers only, no server-sent events (the endpoint never calls the
// client and has nothing to stream), so GET is 405 as the specification allows.
// Sessions: `initialize` issues an Mcp-Session-Id; every later request must carry it (400 without,
// 404 for one that ended or never was); DELETE ends it. Authentication, Host and Origin are
// checked before this (request-guard.ts).
import { randomUUID } from 'node:crypto';
import type { McpToolHost } from '../tool-host';
import { type DispatchOptions, dispatchRequest } from './dispatch';
import { INVALID_PARAMS, INVALID_REQUEST, type JsonRpcIncoming, type JsonRpcReply, type JsonRpcRequest, PARSE_ERROR, SERVER_ERROR, SESSION_NOT_FOUND, classifyMessage, replyError, replyResult } from './json-rpc';
import { type McpClient, McpSession, type SessionLimits } from './mcp-session';
import { SUPPORTED_PROTOCOL_VERSIONS, batchesAllowed, negotiateProtocolVersion } from './protocol-version';

export interface EndpointRequest {
  readonly method: string;
  /** Lower-case header names, as Node gives them. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
}

export interface EndpointAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface ServerInfo {
  readonly name: string;
  readonly version: string;
  readonly title?: string;
}

export interface EndpointOptions extends SessionLimits {
  readonly host: McpToolHost;
  readonly serverInfo: ServerInfo;
  readonly instructions?: string;
  readonly callTimeoutMs: number;
  /** Sessions kept at once; a new one past this ends the one idle longest. */
  readonly maxSessions: number;
  /** A session unused this long ends. */
  readonly sessionIdleMs: number;
  readonly log: (line: string) => void;
  readonly onClient?: (client: McpClient, event: 'connected' | 'called' | 'ended') => void;
  readonly now?: () => number;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function answerJson(status: number, value: unknown, extra: Record<string, string> = {}): EndpointAnswer {
  return { status, headers: { ...JSON_HEADERS, ...extra }, body: JSON.stringify(value) };
}

/** A refusal of the whole HTTP request, in JSON-RPC's error shape as MCP's reference server sends it. */
export function refuse(status: number, code: number, message: string, extra: Record<string, string> = {}): EndpointAnswer {
  return answerJson(status, replyError(null, code, message), extra);
}

export class McpEndpoint {
  private readonly sessions = new Map<string, McpSession>();
  private readonly now: () => number;
  private readonly dispatch: DispatchOptions;

  constructor(private readonly options: EndpointOptions) {
    this.now = options.now ?? Date.now;
    this.dispatch = { host: options.host, callTimeoutMs: options.callTimeoutMs, log: options.log, now: this.now };
  }

  clients(): McpClient[] {
    return [...this.sessions.values()].map((s) => s.describe());
  }

  /** Ends every session and stops their calls (the server closes). */
  close(): void {
    for (const session of this.sessions.values()) this.end(session);
  }

  async handle(request: EndpointRequest): Promise<EndpointAnswer> {
    this.expireIdle();
    if (request.method === 'POST') return this.post(request);
    if (request.method === 'DELETE') return this.remove(request);
    // GET would open a stream of server messages; this server sends none (MCP allows 405 here).
    return refuse(405, SERVER_ERROR, 'Method not allowed: this endpoint takes POST and DELETE.', { allow: 'POST, DELETE' });
  }

  private async post(request: EndpointRequest): Promise<EndpointAnswer> {
    const contentType = request.headers['content-type'] ?? '';
    if (!/^application\/json\s*(;|$)/i.test(contentType)) return refuse(415, SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json.');
    const accept = request.headers.accept ?? '*/*';
    if (!/application\/json|\*\/\*|application\/\*/i.test(accept)) return refuse(406, SERVER_ERROR, 'Not Acceptable: the client must accept application/json.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(request.body);
    } catch {
      return refuse(400, PARSE_ERROR, 'Parse error: the body is not valid JSON.');
    }
    const batch = Array.isArray(parsed);
    const messages: JsonRpcIncoming[] = (batch ? (parsed as unknown[]) : [parsed]).map(classifyMessage);
    if (batch && messages.length === 0) return refuse(400, INVALID_REQUEST, 'Invalid Request: an empty batch.');
    const initialize = messages.find((m): m is JsonRpcRequest => m.kind === 'request' && m.method === 'initialize');
    if (initialize) {
      if (batch) return refuse(400, INVALID_REQUEST, 'Invalid Request: initialize must not be part of a batch.');
      return this.initialize(initialize);
    }
    const found = this.session(request);
    if (!(found instanceof McpSession)) return found;
    if (batch && !batchesAllowed(found.protocolVersion)) return refuse(400, INVALID_REQUEST, `Invalid Request: protocol version ${found.protocolVersion} has no JSON-RPC batches; send one message per request.`);
    const replies = (await Promise.all(messages.map((m) => this.one(found, m)))).filter((r): r is JsonRpcReply => r !== null);
    const headers = { 'mcp-session-id': found.id };
    if (replies.length === 0) return { status: 202, headers, body: '' };
    if (!batch && replies[0] && 'error' in replies[0] && messages[0]?.kind === 'invalid') return answerJson(400, replies[0], headers);
    return answerJson(200, batch ? replies : replies[0], headers);
  }

  private async one(session: McpSession, message: JsonRpcIncoming): Promise<JsonRpcReply | null> {
    session.lastSeen = this.now();
    switch (message.kind) {
      case 'invalid':
        return replyError(message.id, INVALID_REQUEST, `Invalid Request: ${message.message}`);
      case 'response':
        return null;
      case 'notification':
        if (message.method === 'notifications/initialized') session.initialized = true;
        if (message.method === 'notifications/cancelled') {
          const id = message.params?.requestId;
          if (typeof id === 'string' || typeof id === 'number') session.inFlight.get(id)?.abort();
        }
        return null;
      case 'request': {
        const reply = await dispatchRequest(session, message, this.dispatch);
        if (message.method === 'tools/call') this.options.onClient?.(session.describe(), 'called');
        return reply;
      }
    }
  }

  private initialize(request: JsonRpcRequest): EndpointAnswer {
    const params = request.params ?? {};
    const info = params.clientInfo as { name?: unknown; version?: unknown } | undefined;
    if (typeof params.protocolVersion !== 'string' || typeof info?.name !== 'string') {
      return answerJson(400, replyError(request.id, INVALID_PARAMS, 'initialize needs params.protocolVersion and params.clientInfo.name'));
    }
    const version = negotiateProtocolVersion(params.protocolVersion);
    if (this.sessions.size >= this.options.maxSessions) {
      const idlest = [...this.sessions.values()].sort((a, b) => a.lastSeen - b.lastSeen)[0];
      if (idlest) this.end(idlest);
    }
    const name = info.name.slice(0, 200);
    const session = new McpSession(randomUUID(), name, typeof info.version === 'string' ? info.version.slice(0, 100) : '', version, this.now(), this.options);
    this.sessions.set(session.id, session);
    this.options.log(`MCP client connected: ${name} (protocol ${version})`);
    this.options.onClient?.(session.describe(), 'connected');
    const result = {
      protocolVersion: version,
      capabilities: { tools: { listChanged: false } },
      serverInfo: this.options.serverInfo,
      ...(this.options.instructions ? { instructions: this.options.instructions } : {}),
    };
    return answerJson(200, replyResult(request.id, result), { 'mcp-session-id': session.id });
  }

  /**
   * The request's session, or the refusal the specification gives: 400 for an unsupported
   * MCP-Protocol-Version or no session header, 404 for an unknown session. A supported version other
   * than the one agreed is taken, as the specification refuses only "invalid or unsupported" ones
   * (the conformance suite's server-sse-multiple-streams sends 2025-03-26 on a 2025-11-25 session).
   */
  private session(request: EndpointRequest): McpSession | EndpointAnswer {
    const version = request.headers['mcp-protocol-version'];
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return refuse(400, SERVER_ERROR, `Bad Request: unsupported MCP-Protocol-Version ${version.slice(0, 40)} (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}).`);
    }
    const id = request.headers['mcp-session-id'];
    if (id === undefined) return refuse(400, SERVER_ERROR, 'Bad Request: Mcp-Session-Id header is required (initialize first).');
    const session = this.sessions.get(id);
    if (!session) return refuse(404, SESSION_NOT_FOUND, 'Session not found: it ended; initialize a new one.');
    return session;
  }

  private remove(request: EndpointRequest): EndpointAnswer {
    const found = this.session(request);
    if (!(found instanceof McpSession)) return found;
    this.end(found);
    return { status: 200, headers: {}, body: '' };
  }

  private end(session: McpSession): void {
    session.abortAll();
    this.sessions.delete(session.id);
    this.options.log(`MCP client ended: ${session.clientName}`);
    this.options.onClient?.(session.describe(), 'ended');
  }

  private expireIdle(): void {
    const cutoff = this.now() - this.options.sessionIdleMs;
    for (const session of this.sessions.values()) if (session.lastSeen < cutoff && session.inFlight.size === 0) this.end(session);
  }
}
