// One HTTP request to a provider API, as Reeve's own clients send it: JSON in, the response once
// its headers arrive, a failure status as an ApiError with the provider's message and headers
// (retry-after), the provider's timeout on the wait for headers (a stalled body is the watchdog's,
// see watchdog.ts), and the caller's abort. Retries are not made here: retry-policy.ts does them.

import type { FetchLike } from './fetch-like';
import { ApiAbortError, ApiConnectionError, ApiError, ApiTimeoutError } from './wire-errors';

export interface WireRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Headers;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
}

export async function sendRequest(fetch: FetchLike, request: WireRequest): Promise<Response> {
  const { signal } = request;
  if (signal?.aborted) throw new ApiAbortError();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  // Linked for the life of the response: the caller's abort also ends a body still streaming.
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const headers = new Headers(request.headers);
  const init: RequestInit = { method: request.method, headers, signal: controller.signal };
  if (request.body !== undefined) {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetch(request.url, init);
  } catch (error) {
    if (timedOut) throw new ApiTimeoutError();
    if (signal?.aborted) throw new ApiAbortError();
    throw new ApiConnectionError(error);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response;
}

/** The headers every request carries: JSON accepted, then the provider's configured extras (which win). */
export function baseHeaders(own: Record<string, string>, configured: Record<string, string>): Headers {
  const headers = new Headers({ accept: 'application/json', ...own });
  for (const [key, value] of Object.entries(configured)) headers.set(key, value);
  return headers;
}

/**
 * Inside a browser-like window a client holding an API key must be meant to run there: the plugin
 * (Obsidian's renderer) says so; anything else (the CLI under a DOM shim, a web page) is refused,
 * as the official SDKs refuse without `dangerouslyAllowBrowser`.
 */
export function refuseBrowserUnlessAllowed(allowBrowser: boolean): void {
  const g = globalThis as { window?: { document?: unknown }; navigator?: unknown };
  if (allowBrowser || g.window === undefined || g.window.document === undefined || g.navigator === undefined) return;
  throw new Error("Refusing to send an API key from a browser-like environment: this client was not built for the app (allowBrowser is false).");
}
