// Wraps a transport so the SDKs' telemetry headers never leave the machine. The `x-stainless-*`
// headers (OS, architecture, runtime version, retry count) are not needed by any API, and local
// servers such as Ollama and LM Studio refuse them in CORS preflights. For keyless local servers
// the placeholder key the OpenAI SDK insists on is dropped too, so no Authorization header is sent.

import type { FetchLike } from './fetch-like';

export interface StripOptions {
  /** Remove the `Authorization` header (the provider has no API key). */
  dropAuthorization?: boolean;
}

export function stripStainlessHeaders(base: FetchLike, options: StripOptions = {}): FetchLike {
  return (input, init) => {
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init?.headers).forEach((value, key) => headers.set(key, value));
    for (const key of [...headers.keys()]) {
      if (key.toLowerCase().startsWith('x-stainless-')) headers.delete(key);
    }
    if (options.dropAuthorization) headers.delete('authorization');
    return base(input, { ...init, headers });
  };
}
