// The semantic index's seams: what embeds text (an Embedder, with the key that names its vector
// space) and what a semantic search returns. Embedders live outside vault-vfs (the adapter on the
// LLM embedding client is in src/agents/llm); the index only sees this interface.

export interface EmbedderKey {
  /** The provider's id, e.g. `openai` or `local`. */
  provider: string;
  model: string;
  dimensions: number;
}

export interface Embedder {
  readonly key: EmbedderKey;
  /** One vector per text, in order, each of `key.dimensions` numbers. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[] | number[][]>;
}

export function keyString(key: EmbedderKey): string {
  return `${key.provider}/${key.model}/${key.dimensions}`;
}

export interface SemanticHit {
  path: string;
  /** Cosine similarity of the best chunk, in [-1, 1]. */
  score: number;
  /** Heading path of the best chunk (`A > B`), "" for text before the first heading. */
  heading: string;
  /** 0-based line range of the chunk in the note, inclusive. */
  lines: [number, number];
  chunkText?: string;
}

export interface SemanticSearchOptions {
  /** Notes returned (best chunk each); default 20. */
  limit?: number;
  signal?: AbortSignal;
}

/** What hybrid search needs of a semantic index. */
export interface SemanticSource {
  /** True once the index holds vectors for the current model (possibly still catching up). */
  readonly built: boolean;
  search(query: string, options?: SemanticSearchOptions): Promise<SemanticHit[]>;
}
