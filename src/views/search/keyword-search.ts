// The keyword index inside Obsidian. It is built only once the workspace is ready (never during
// start-up), in short time slices so typing never waits on it, kept current from vault events,
// saved in the plugin's folder (not data.json) so a restart re-reads only what changed, and
// stopped, with a last save, when the plugin unloads.
import type { Plugin } from 'obsidian';
import type { OrganizeSearch } from '../../agents/organize/agent/undecided-search';
import type { SimilarityProvider } from '../../dsl/similarity';
import { VaultIndexer } from '../../search/keyword/vault-indexer';
import { onLayoutReadyWhileLoaded } from '../layout-ready';
import type { VaultPort } from '../../vault-vfs/vault-port';

/** Longest stretch of indexing between two yields to the UI. */
const SLICE_MS = 10;

export class KeywordSearch {
  private indexer: VaultIndexer | null = null;

  constructor(plugin: Plugin, port: () => VaultPort) {
    onLayoutReadyWhileLoaded(plugin, () => {
      const indexer = new VaultIndexer(port(), { sliceMs: SLICE_MS });
      this.indexer = indexer;
      indexer.start().catch((e: unknown) => console.error('Reeve: the keyword index could not be built', e));
    });
    plugin.register(() => {
      void this.indexer?.stop();
    });
  }

  /** The index, searchable (possibly still catching up), or null before the workspace is ready. */
  get index(): VaultIndexer | null {
    return this.indexer;
  }

  /**
   * What organize takes from the index once it is built: the agent's `query_semantic_index` and
   * the rules' `vector_similarity`. Null until then (organize falls back to matching the files).
   */
  organizeSources(): KeywordSources | null {
    const index = this.indexer;
    if (index?.phase !== 'ready') return null;
    return {
      search: {
        kind: 'keyword',
        label: "the vault's keyword index (names, headings, tags, aliases and text; no embeddings configured)",
        // The index ranks the whole vault and the tool keeps only the undecided files: ask for
        // enough hits that those are not crowded out by notes elsewhere.
        search: (query, limit) => index.search(query, { limit: Math.max(limit, 2_000) }),
      },
      similarity: { kind: 'keyword', score: (query, path) => index.score(query, path) },
    };
  }
}

export interface KeywordSources {
  search: OrganizeSearch;
  similarity: SimilarityProvider;
  /** The semantic index once built: rules' `vector_similarity` prefers it (the plan says which scored). */
  semantic?: SimilarityProvider | null;
}
