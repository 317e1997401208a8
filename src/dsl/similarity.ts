// How `vector_similarity("query")` scores a file. The DSL does not own an index: whoever runs the
// rules passes providers in. The semantic one (embeddings) is used when configured, the keyword
// one otherwise, and evaluation reports which it used.

export type SimilarityKind = 'semantic' | 'keyword';

export interface SimilarityProvider {
  readonly kind: SimilarityKind;
  /** How well the file at `path` matches `query`, from 0 (not at all) to 1. */
  score(query: string, path: string): number | Promise<number>;
}

export interface SimilaritySources {
  semantic?: SimilarityProvider | null;
  keyword?: SimilarityProvider | null;
}

/** The semantic provider when there is one, else the keyword one, else null. */
export function chooseSimilarity(sources: SimilaritySources | undefined): SimilarityProvider | null {
  return sources?.semantic ?? sources?.keyword ?? null;
}

/** Scores outside 0..1 (or not numbers) from a provider are clamped, so rules compare sanely. */
export function clampScore(score: number): number {
  if (Number.isNaN(score)) return 0;
  return Math.min(1, Math.max(0, score));
}

export class SimilarityUnavailableError extends Error {
  constructor(query: string) {
    super(`vector_similarity("${query}") needs a search index, and none is available`);
    this.name = 'SimilarityUnavailableError';
  }
}
