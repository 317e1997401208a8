// Reeve's own client for the Anthropic Messages API: messages whole or streamed, and the models
// list (all pages). It sends the JSON bodies and the headers the official `@anthropic-ai/sdk`
// sent (its API version, the key as that SDK generation sends it, the header that allows calls
// from the app's browser-like renderer), and no telemetry headers; nothing is read from
// ANTHROPIC_* variables or profiles on disk. tests/agents/llm/sdk-parity.test.ts checks it
// against the SDK.

import type { AnthropicMessage, AnthropicParams, AnthropicStreamEvent } from './anthropic-wire-types';
import type { FetchLike } from './fetch-like';
import { effectiveBaseUrl, type ProviderConfig } from './provider-config';
import { serverSentEvents } from './sse-events';
import { ApiError, messageOfBody, parseJson } from './wire-errors';
import { baseHeaders, refuseBrowserUnlessAllowed, sendRequest } from './wire-request';

/** The API version the SDK Reeve was built against sends. */
export const ANTHROPIC_VERSION = '2026-10-21';

/** Pages of the models list read at most (a thousand models at the API's default page size). */
const MAX_MODEL_PAGES = 50;

export interface AnthropicWireOptions {
  provider: ProviderConfig;
  apiKey: string;
  fetch: FetchLike;
  allowBrowser: boolean;
}

export interface AnthropicWire {
  createMessage(params: AnthropicParams, signal?: AbortSignal): Promise<AnthropicMessage>;
  /** Resolves once the response has started. */
  streamMessage(params: AnthropicParams, signal?: AbortSignal): Promise<AsyncIterable<AnthropicStreamEvent>>;
  listModels(signal?: AbortSignal): Promise<string[]>;
}

export function createAnthropicWire(options: AnthropicWireOptions): AnthropicWire {
  refuseBrowserUnlessAllowed(options.allowBrowser);
  const { provider } = options;
  const base = effectiveBaseUrl(provider);
  const own: Record<string, string> = {
    // This SDK generation sends the key as a bearer token.
    authorization: `Bearer ${options.apiKey}`,
    'anthropic-version': ANTHROPIC_VERSION,
    // Anthropic refuses cross-origin calls (the app's renderer) without this.
    ...(options.allowBrowser ? { 'anthropic-dangerous-direct-browser-access': 'true' } : {}),
  };
  const send = (method: 'GET' | 'POST', path: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> =>
    sendRequest(options.fetch, { method, url: `${base}${path}`, headers: baseHeaders(own, provider.headers), body, signal, timeoutMs: provider.timeoutMs });

  return {
    async createMessage(params, signal) {
      return (await (await send('POST', '/v1/messages', { ...params, stream: false }, signal)).json()) as AnthropicMessage;
    },
    async streamMessage(params, signal) {
      return events(await send('POST', '/v1/messages', { ...params, stream: true }, signal));
    },
    async listModels(signal) {
      const ids: string[] = [];
      let after: string | null = null;
      for (let page = 0; page < MAX_MODEL_PAGES; page++) {
        const query: string = after === null ? '' : `?after_id=${encodeURIComponent(after)}`;
        const body = (await (await send('GET', `/v1/models${query}`, undefined, signal)).json()) as { data?: { id: string }[]; has_more?: boolean; last_id?: string | null };
        ids.push(...(body.data ?? []).map((m) => m.id));
        if (body.has_more !== true || !body.last_id) break;
        after = body.last_id;
      }
      return ids;
    },
  };
}

/** The JSON events of a Messages stream; `ping`s are skipped and an `error` event is the provider's failure. */
async function* events(response: Response): AsyncGenerator<AnthropicStreamEvent> {
  for await (const sse of serverSentEvents(response.body)) {
    if (sse.event === 'ping' || sse.event === null) continue;
    if (sse.event === 'error') throw new ApiError(undefined, response.headers, messageOfBody(parseJson(sse.data) ?? sse.data));
    if (sse.data === '') continue;
    yield JSON.parse(sse.data) as AnthropicStreamEvent;
  }
}
