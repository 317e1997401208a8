// The semantic index as its users see it: searchable once built (best chunk per note, cosine
// over the quantized store), kept current by its SemanticIndexer, and a similarity provider of
// kind 'semantic' for the rule DSL's `vector_similarity`. Query vectors are cached, so a rule
// evaluated over a thousand files embeds its query once.

import type { VaultPort } from '../../vault-vfs/vault-port';
import type { SemanticProgress } from './build-state';
import { SemanticIndexer, type SemanticIndexerOptions } from './semantic-indexer';
import type { Embedder, SemanticHit, SemanticSearchOptions, SemanticSource } from './types';
import { VectorSlab } from './vector-slab';

const QUERY_CACHE = 128;

/** Also a SimilarityProvider of the rule DSL (kind and score), by shape: vault-vfs imports nothing of dsl. */
export class SemanticIndex implements SemanticSource {
  readonly kind = 'semantic' as const;
  readonly indexer: SemanticIndexer;
  private readonly queries = new Map<string, Promise<Float32Array>>();

  constructor(
    vault: VaultPort,
    readonly embedder: Embedder,
    options: SemanticIndexerOptions = {},
  ) {
    this.indexer = new SemanticIndexer(vault, embedder, options);
  }

  /** True once the store holds vectors (a loaded store counts while it catches up). */
  get built(): boolean {
    return this.indexer.store.chunkCount > 0;
  }

  get progress(): SemanticProgress {
    return this.indexer.progress;
  }

  start(): Promise<void> {
    return this.indexer.start();
  }

  stop(save = true): Promise<void> {
    return this.indexer.stop(save);
  }

  /** The query's unit vector, from the cache or the embedder. */
  async queryVector(query: string, signal?: AbortSignal): Promise<Float32Array> {
    const key = query.trim();
    let pending = this.queries.get(key);
    if (pending === undefined) {
      pending = this.embedder.embed([key], signal).then((vs) => {
        const v = vs[0];
        if (v?.length !== this.embedder.key.dimensions) throw new Error(`the embedder returned no ${this.embedder.key.dimensions}-dimensional vector for the query`);
        return VectorSlab.normalize(v);
      });
      // A failed embedding is not cached.
      pending.catch(() => this.queries.delete(key));
      this.queries.set(key, pending);
      if (this.queries.size > QUERY_CACHE) this.queries.delete(this.queries.keys().next().value as string);
    }
    return pending;
  }

  async search(query: string, options: SemanticSearchOptions = {}): Promise<SemanticHit[]> {
    if (query.trim() === '' || !this.built) return [];
    const vector = await this.queryVector(query, options.signal);
    return this.searchVector(vector, options.limit ?? 20);
  }

  /** Search with a query vector already embedded (benchmarks time this part). */
  searchVector(vector: Float32Array, limit: number): SemanticHit[] {
    return this.indexer.store.search(vector, limit);
  }

  /** For `vector_similarity`: the best chunk's cosine, clamped to 0..1. */
  async score(query: string, path: string): Promise<number> {
    const vector = await this.queryVector(query);
    return Math.max(0, Math.min(1, this.indexer.store.bestScore(vector, path)));
  }
}
