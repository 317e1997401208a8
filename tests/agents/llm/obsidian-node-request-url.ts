// Obsidian's `requestUrl` as it behaves in the app, on Node's fetch: the whole body buffered,
// lower-cased response headers, an error for status >= 400 unless `throw: false`, and no way to
// abort. (The test runtime's requestUrl from obsidian-test-mocks answers every request with an
// empty 200, so the transport is tested with this one injected.)

import type { RequestUrlParam, RequestUrlResponse } from 'obsidian';

export async function nodeRequestUrl(param: RequestUrlParam): Promise<RequestUrlResponse> {
  const headers: Record<string, string> = { ...param.headers };
  if (param.contentType !== undefined) headers['content-type'] = param.contentType;
  const response = await globalThis.fetch(param.url, { method: param.method ?? 'GET', headers, ...(param.body === undefined ? {} : { body: param.body }) });
  const arrayBuffer = await response.arrayBuffer();
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    responseHeaders[key] = value;
  });
  if (response.status >= 400 && param.throw !== false) {
    throw Object.assign(new Error(`Request failed, status ${response.status}`), { status: response.status, headers: responseHeaders });
  }
  const text = new TextDecoder().decode(arrayBuffer);
  return {
    status: response.status,
    headers: responseHeaders,
    arrayBuffer,
    text,
    get json(): unknown {
      return JSON.parse(text) as unknown;
    },
  };
}
