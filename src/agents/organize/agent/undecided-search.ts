// `query_semantic_index` for the organize agent: which undecided files match a query. The plugin
// passes its own index (embeddings or the vault's keyword index); without one, a keyword score
// over the files' names, tags, frontmatter and note text answers, and the result says which did,
// so the model knows how literal the matches are.
import { ContentKeywordSimilarity } from '../../../dsl/content-similarity';
import type { SimilarityKind } from '../../../dsl/similarity';
import type { FileRecord } from '../../../vault-vfs/file-record';

export interface SearchHitLike {
  path: string;
  score: number;
}

/** An index the caller already has; `search` may return files outside the undecided set (they are dropped). */
export interface OrganizeSearch {
  readonly kind: SimilarityKind;
  /** Which index this is, in words, e.g. "embeddings (text-embedding-3-small)". */
  readonly label: string;
  search(query: string, limit: number): SearchHitLike[] | Promise<SearchHitLike[]>;
}

/** Keyword matching over the records themselves, for when no index is at hand (the CLI, tests). */
export function recordKeywordSearch(records: readonly FileRecord[]): OrganizeSearch {
  const similarity = new ContentKeywordSimilarity(records);
  return {
    kind: 'keyword',
    label: 'keyword match on names, tags, frontmatter and note text (no embeddings configured)',
    async search(query, limit) {
      const hits: SearchHitLike[] = [];
      for (const r of records) {
        const score = await similarity.score(query, r.path);
        if (score > 0) hits.push({ path: r.path, score });
      }
      return hits.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1)).slice(0, limit);
    },
  };
}
