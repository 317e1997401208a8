// Embeddings from OpenAI or an OpenAI-compatible server (Ollama's nomic-embed-text, say), for
// semantic search. Same transport, retry policy, timeouts and key hygiene as chat calls.

import { checkedApiKey } from './api-key';
import { embeddingVector } from './embedding-vector';
import { systemClock, type Clock } from './clock';
import type { FetchLike } from './fetch-like';
import { LlmError } from './llm-error';
import type { OpenAiWire } from './openai-wire';
import type { ProviderConfig } from './provider-config';
import { redactSecrets } from './redact-secrets';
import { DEFAULT_RETRY_POLICY, withRetries, type RetryPolicy } from './retry-policy';
import { addUsage, ZERO_USAGE, type Usage } from './usage-cost';
import { Watchdog } from './watchdog';

export interface EmbeddingClientOptions {
  provider: ProviderConfig;
  model: string;
  apiKey?: string;
  fetch: FetchLike;
  allowBrowser: boolean;
  /** Ask for shorter vectors (models that support it). */
  dimensions?: number;
  /** Texts per request. */
  batchSize?: number;
  clock?: Clock;
  random?: () => number;
  retryPolicy?: Partial<RetryPolicy>;
}

export interface EmbeddingClient {
  readonly model: string;
  /** One vector per text, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<{ vectors: number[][]; usage: Usage }>;
}

export function createEmbeddingClient(options: EmbeddingClientOptions): EmbeddingClient {
  const { provider, model } = options;
  if (provider.kind === 'anthropic') {
    throw new LlmError('config', `Provider "${provider.id}" (Anthropic) has no embeddings API; choose an OpenAI or OpenAI-compatible provider for semantic search.`);
  }
  const apiKey = checkedApiKey(provider, options.apiKey);
  // The client is loaded on the first request, not when the plugin starts (see lazy-driver.ts).
  let wire: OpenAiWire | null = null;
  const secrets = apiKey === '' ? [] : [apiKey];
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retryPolicy };
  const batchSize = options.batchSize ?? 64;

  const embedBatch = async (input: string[], signal: AbortSignal): Promise<{ vectors: number[][]; usage: Usage }> => {
    const { classifyOpenAiError } = await import('./openai-driver');
    wire ??= (await import('./openai-wire')).createOpenAiWire({ provider, apiKey, fetch: options.fetch, allowBrowser: options.allowBrowser });
    const watchdog = new Watchdog(signal, provider.timeoutMs);
    try {
      const response = await wire.embeddings(
        // Asked for explicitly: left unset, the official SDK asked for base64 and decoded whatever came
        // back as base64, so a server answering floats anyway gave garbage (embedding-vector.ts reads both).
        { model, input, encoding_format: 'float', ...(options.dimensions === undefined ? {} : { dimensions: options.dimensions }) },
        watchdog.signal,
      );
      if (!Array.isArray(response.data)) throw new LlmError('bad_response', 'The embeddings response has no data.');
      const data = [...response.data].sort((a, b) => a.index - b.index);
      if (data.length !== input.length) throw new LlmError('bad_response', `Asked for ${input.length} embeddings, received ${data.length}.`);
      return { vectors: data.map((d, i) => embeddingVector(d.embedding, i)), usage: { inputTokens: response.usage?.prompt_tokens ?? 0, outputTokens: 0, cachedInputTokens: 0 } };
    } catch (error) {
      throw watchdog.fired ? new LlmError('timeout', `No response within ${provider.timeoutMs} ms.`) : classifyOpenAiError(error, provider);
    } finally {
      watchdog.stop();
    }
  };

  return {
    model,
    async embed(texts, signal) {
      const outer = signal ?? new AbortController().signal;
      const vectors: number[][] = [];
      let usage: Usage = { ...ZERO_USAGE };
      try {
        for (let i = 0; i < texts.length; i += batchSize) {
          const batch = texts.slice(i, i + batchSize);
          const result = await withRetries(() => embedBatch(batch, outer), { policy, clock: options.clock ?? systemClock, random: options.random ?? Math.random, signal: outer });
          vectors.push(...result.vectors);
          usage = addUsage(usage, result.usage);
        }
      } catch (error) {
        const e = error instanceof LlmError ? error : (await import('./openai-driver')).classifyOpenAiError(error, provider);
        throw e.with({ message: redactSecrets(`${provider.id} (${model}) embeddings: ${e.message}`, secrets) });
      }
      return { vectors, usage };
    },
  };
}
