// The plugin's MCP endpoint on Node's `http` (desktop only: loaded lazily behind
// `Platform.isDesktopApp`, so phones never require a Node module). Bound to 127.0.0.1 and nothing
// else; every request passes the guard (Host, Origin, bearer token) before any byte of its body is
// read, bodies are capped, slow clients time out, and nothing is written to the console: lines go
// to the `log` given, or nowhere.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpToolHost } from '../tool-host';
import { SERVER_ERROR } from './json-rpc';
import { McpEndpoint, type EndpointAnswer, type ServerInfo, refuse } from './mcp-endpoint';
import type { McpClient } from './mcp-session';
import { BodyTooLarge, readBody } from './read-body';
import { bearerAllowed, hostAllowed, originAllowed } from './request-guard';

export type { McpClient } from './mcp-session';

export interface McpHttpLimits {
  readonly bodyBytes: number;
  readonly concurrentCalls: number;
  readonly queuedCalls: number;
  readonly callTimeoutMs: number;
  readonly maxSessions: number;
  readonly sessionIdleMs: number;
  /** Time for a client to send a whole request (headers and body). */
  readonly requestTimeoutMs: number;
}

export const DEFAULT_MCP_HTTP_LIMITS: McpHttpLimits = {
  bodyBytes: 1024 * 1024,
  concurrentCalls: 4,
  queuedCalls: 256,
  callTimeoutMs: 120_000,
  maxSessions: 32,
  sessionIdleMs: 60 * 60_000,
  requestTimeoutMs: 30_000,
};

export interface McpHttpOptions {
  readonly host: McpToolHost;
  /** 0 picks a free port (tests). */
  readonly port: number;
  readonly token: string;
  readonly serverInfo: ServerInfo;
  readonly instructions?: string;
  readonly onClient?: (client: McpClient, event: 'connected' | 'called' | 'ended') => void;
  readonly log?: (line: string) => void;
  readonly limits?: Partial<McpHttpLimits>;
}

export interface McpHttpServer {
  /** `http://127.0.0.1:PORT/mcp` */
  readonly url: string;
  readonly port: number;
  clients(): McpClient[];
  close(): Promise<void>;
}

export const MCP_PATH = '/mcp';
const LOOPBACK = '127.0.0.1';

function send(response: ServerResponse, answer: EndpointAnswer): void {
  response.writeHead(answer.status, { ...answer.headers, 'cache-control': 'no-store' });
  response.end(answer.body);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

export async function startMcpHttpServer(options: McpHttpOptions): Promise<McpHttpServer> {
  if (options.token.length < 16) throw new Error('The MCP endpoint needs a bearer token of at least 16 characters.');
  const limits = { ...DEFAULT_MCP_HTTP_LIMITS, ...options.limits };
  const log = options.log ?? ((): void => undefined);
  const endpoint = new McpEndpoint({ ...limits, host: options.host, serverInfo: options.serverInfo, instructions: options.instructions, callTimeoutMs: limits.callTimeoutMs, log, onClient: options.onClient });
  let port = options.port;

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!hostAllowed(header(request, 'host'), port)) return send(response, refuse(403, SERVER_ERROR, 'Forbidden: the Host header must be 127.0.0.1 or localhost on this port.'));
    if (!originAllowed(header(request, 'origin'), port)) return send(response, refuse(403, SERVER_ERROR, 'Forbidden: requests from web pages are not accepted.'));
    if (!bearerAllowed(header(request, 'authorization'), options.token)) {
      return send(response, refuse(401, SERVER_ERROR, 'Unauthorized: send the token from Reeve\'s settings as "Authorization: Bearer <token>".', { 'www-authenticate': 'Bearer realm="reeve"' }));
    }
    if ((request.url ?? '').split('?')[0] !== MCP_PATH) return send(response, refuse(404, SERVER_ERROR, `Not found: the endpoint is ${MCP_PATH}.`));
    let body = '';
    if (request.method === 'POST') {
      try {
        body = await readBody(request, limits.bodyBytes);
      } catch (e) {
        if (e instanceof BodyTooLarge) {
          response.setHeader('connection', 'close');
          return send(response, refuse(413, SERVER_ERROR, `Payload Too Large: a request may carry at most ${limits.bodyBytes} bytes.`));
        }
        throw e;
      }
    }
    const headers: Record<string, string | undefined> = {};
    for (const name of ['content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version']) headers[name] = header(request, name);
    send(response, await endpoint.handle({ method: request.method ?? 'GET', headers, body }));
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((e: unknown) => {
      log(`MCP request failed: ${e instanceof Error ? e.message : String(e)}`);
      if (!response.headersSent) send(response, refuse(500, SERVER_ERROR, 'Internal error.'));
      else response.destroy();
    });
  });
  server.requestTimeout = limits.requestTimeoutMs;
  server.headersTimeout = Math.min(limits.requestTimeoutMs, 10_000);
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  server.on('error', (e) => log(`MCP server error: ${e.message}`));
  log(`MCP endpoint listening on http://${LOOPBACK}:${port}${MCP_PATH}`);

  return {
    url: `http://${LOOPBACK}:${port}${MCP_PATH}`,
    port,
    clients: () => endpoint.clients(),
    close: async () => {
      endpoint.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
