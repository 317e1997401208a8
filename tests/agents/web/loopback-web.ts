// A loopback HTTP server for the Web agent's tests: it plays search providers and web pages.
// Routes answer with a status, headers and a body (or a slow or endless stream); every request is
// recorded, so tests can assert what was (and was not) fetched.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Route {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Waits this long before answering. */
  delayMs?: number;
  /** Streams this many bytes of filler (after `body`), in chunks, never ending when `endless`. */
  stream?: { bytes: number; endless?: boolean };
}

export interface RecordedWebRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface LoopbackWeb {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  route(path: string, route: Route | ((request: RecordedWebRequest) => Route)): void;
  html(path: string, html: string): void;
  readonly requests: RecordedWebRequest[];
  /** Paths requested, query strings dropped. */
  paths(): string[];
  reset(): void;
  close(): Promise<void>;
}

export async function startLoopbackWeb(): Promise<LoopbackWeb> {
  const routes = new Map<string, Route | ((request: RecordedWebRequest) => Route)>();
  const requests: RecordedWebRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => void handle(req, res));
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const recorded: RecordedWebRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
    requests.push(recorded);
    const found = routes.get((req.url ?? '/').split('?')[0] ?? '/');
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const route = typeof found === 'function' ? found(recorded) : found;
    if (route.delayMs) await new Promise((r) => setTimeout(r, route.delayMs));
    if (res.destroyed) return;
    res.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers });
    if (!route.stream) {
      res.end(route.body ?? '');
      return;
    }
    res.write(route.body ?? '');
    const chunk = `<p>${'filler text '.repeat(80)}</p>\n`;
    let sent = 0;
    while ((route.stream.endless || sent < route.stream.bytes) && !res.destroyed) {
      res.write(chunk);
      sent += chunk.length;
      await new Promise((r) => setTimeout(r, 2));
    }
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    route: (path, route) => routes.set(path, route),
    html: (path, html) => routes.set(path, { body: html }),
    requests,
    paths: () => requests.map((r) => r.path.split('?')[0] ?? r.path),
    reset: () => {
      routes.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
