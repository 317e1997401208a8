// Reeve's own client for OpenAI and OpenAI-compatible servers (Ollama, LM Studio, OpenRouter,
// vLLM): Chat Completions whole or streamed, Embeddings, Models, and the Responses call behind
// OpenAI's web search. It sends the JSON bodies the official `openai` SDK sent, with the key as a
// bearer token (none for keyless local servers) and no telemetry headers; nothing is read from
// OPENAI_* environment variables. tests/agents/llm/sdk-parity.test.ts checks it against the SDK.

import type { FetchLike } from './fetch-like';
import type { OpenAiChatParams, OpenAiChunk, OpenAiCompletion, OpenAiEmbeddings, OpenAiEmbeddingsParams } from './openai-wire-types';
import { effectiveBaseUrl, type ProviderConfig } from './provider-config';
import { serverSentEvents } from './sse-events';
import { ApiError, messageOfBody } from './wire-errors';
import { baseHeaders, refuseBrowserUnlessAllowed, sendRequest } from './wire-request';

export interface OpenAiWireOptions {
  provider: ProviderConfig;
  /** Empty for keyless local servers: no Authorization header is sent. */
  apiKey: string;
  fetch: FetchLike;
  allowBrowser: boolean;
}

export interface OpenAiWire {
  chatCompletion(params: OpenAiChatParams, signal?: AbortSignal): Promise<OpenAiCompletion>;
  /** Resolves once the response has started; the chunks end at `[DONE]` or the end of the body. */
  chatCompletionStream(params: OpenAiChatParams, signal?: AbortSignal): Promise<AsyncIterable<OpenAiChunk>>;
  listModels(signal?: AbortSignal): Promise<string[]>;
  embeddings(params: OpenAiEmbeddingsParams, signal?: AbortSignal): Promise<OpenAiEmbeddings>;
  /** One Responses API call (OpenAI's web search), whole. */
  responses(params: Record<string, unknown>, signal?: AbortSignal): Promise<{ output?: unknown }>;
}

export function createOpenAiWire(options: OpenAiWireOptions): OpenAiWire {
  refuseBrowserUnlessAllowed(options.allowBrowser);
  const { provider } = options;
  const base = effectiveBaseUrl(provider);
  const auth: Record<string, string> = options.apiKey === '' ? {} : { authorization: `Bearer ${options.apiKey}` };
  const send = (method: 'GET' | 'POST', path: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> =>
    sendRequest(options.fetch, { method, url: `${base}${path}`, headers: baseHeaders(auth, provider.headers), body, signal, timeoutMs: provider.timeoutMs });
  const json = async <T>(method: 'GET' | 'POST', path: string, body: unknown, signal: AbortSignal | undefined): Promise<T> =>
    (await (await send(method, path, body, signal)).json()) as T;

  return {
    chatCompletion: (params, signal) => json('POST', '/chat/completions', { ...params, stream: false }, signal),
    async chatCompletionStream(params, signal) {
      const response = await send('POST', '/chat/completions', { ...params, stream: true, stream_options: { include_usage: true } }, signal);
      return chunks(response);
    },
    async listModels(signal) {
      const page = await json<{ data?: { id: string }[] }>('GET', '/models', undefined, signal);
      return (page.data ?? []).map((m) => m.id);
    },
    embeddings: (params, signal) => json('POST', '/embeddings', params, signal),
    responses: (params, signal) => json('POST', '/responses', params, signal),
  };
}

/** The JSON chunks of a Chat Completions stream; an `error` object inside it is the provider's failure. */
async function* chunks(response: Response): AsyncGenerator<OpenAiChunk> {
  for await (const sse of serverSentEvents(response.body)) {
    if (sse.data.startsWith('[DONE]')) return;
    if (sse.data === '') continue;
    const data = JSON.parse(sse.data) as OpenAiChunk & { error?: unknown };
    if (data.error) throw new ApiError(undefined, response.headers, messageOfBody(data));
    yield data;
  }
}
