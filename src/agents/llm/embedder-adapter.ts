// The semantic index's Embedder on the LLM layer's EmbeddingClient (same transports, retry policy
// and key hygiene as chat), plus what embedding models cost, for the estimate shown before a
// first build. The index (src/search/semantic) sees only the Embedder interface.

import type { Embedder, EmbedderKey } from '../../search/semantic/types';
import { createEmbeddingClient, type EmbeddingClient, type EmbeddingClientOptions } from './embedding-client';

export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';
export const DEFAULT_EMBEDDING_DIMENSIONS = 512;

/** US dollars per million input tokens (OpenAI's list prices). */
const PRICES: Record<string, number> = {
  'text-embedding-3-small': 0.02,
  'text-embedding-3-large': 0.13,
  'text-embedding-ada-002': 0.1,
};

/**
 * The model's price per million tokens: known OpenAI models at list price, anything on a local or
 * self-hosted server free (0), an unknown model on a paid provider null.
 */
export function embeddingPrice(providerKind: string, model: string): number | null {
  if (providerKind === 'openai-compatible') return PRICES[model] ?? 0;
  return PRICES[model] ?? null;
}

/** True when a build costs money, so the user must agree first. */
export function isPaidEmbedding(providerKind: string, model: string): boolean {
  return embeddingPrice(providerKind, model) !== 0;
}

export function embedderFromClient(client: EmbeddingClient, key: EmbedderKey): Embedder {
  return {
    key,
    async embed(texts, signal) {
      return (await client.embed(texts, signal)).vectors;
    },
  };
}

/** An Embedder for the provider, model and dimensions (`dimensions` is asked of the server). */
export function createEmbedder(options: EmbeddingClientOptions & { dimensions: number }): Embedder {
  const client = createEmbeddingClient(options);
  return embedderFromClient(client, { provider: options.provider.id, model: options.model, dimensions: options.dimensions });
}
