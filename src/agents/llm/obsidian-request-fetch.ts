// A `fetch` on Obsidian's `requestUrl`: no CORS (so any provider works from the app, mobile
// included), but buffered and impossible to abort mid-flight. The whole body arrives at once,
// SSE streams included (sse-events.ts still parses them, just not progressively). On abort the returned
// promise rejects at once with an AbortError and the late reply is ignored.

import { requestUrl, type RequestUrlParam, type RequestUrlResponse } from 'obsidian';
import type { FetchLike } from './fetch-like';
import type { Transport } from './provider-config';

export type RequestUrlFn = (request: RequestUrlParam) => Promise<RequestUrlResponse>;

/** Statuses whose responses must not have a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function makeRequestUrlFetch(requestUrlFn: RequestUrlFn): FetchLike {
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const signal = init?.signal ?? request?.signal ?? undefined;
    if (signal?.aborted) throw abortError();
    const headers: Record<string, string> = {};
    new Headers(init?.headers ?? request?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const param: RequestUrlParam = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init?.method ?? request?.method ?? 'GET',
      headers,
      throw: false,
    };
    const body = await requestBody(init?.body ?? null);
    if (body !== undefined) param.body = body;
    if (headers['content-type'] !== undefined) param.contentType = headers['content-type'];
    const response = await untilAborted(requestUrlFn(param), signal);
    const status = response.status;
    return new Response(NULL_BODY_STATUSES.has(status) ? null : response.arrayBuffer, { status, headers: response.headers });
  };
}

/** The transport the plugin uses for a provider's `transport` setting. */
export function pluginFetch(transport: Transport): FetchLike {
  // Native fetch is the user's choice for streaming and cancelling mid-reply (settings explain the trade-off).
  return transport === 'requestUrl' ? requestUrlFetch : (input, init) => window.fetch(input, init);
}

/** `makeRequestUrlFetch` bound to Obsidian's own `requestUrl`. */
export const requestUrlFetch: FetchLike = makeRequestUrlFetch((param) => requestUrl(param));

async function requestBody(body: BodyInit | null): Promise<string | ArrayBuffer | undefined> {
  if (body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof ArrayBuffer) return body;
  if (ArrayBuffer.isView(body)) return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength);
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Blob) return body.arrayBuffer();
  throw new TypeError('requestUrl transport: streamed and multipart request bodies are not supported');
}

function untilAborted<T>(pending: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return pending;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function abortError(): DOMException {
  return new DOMException('The request was aborted.', 'AbortError');
}
