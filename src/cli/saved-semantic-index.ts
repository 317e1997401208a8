// The semantic index `reeve index` built, for the rules' `vector_similarity` in `rules match`
// and `organize`: loaded, never built here (building costs tokens), and used only when it holds
// vectors of the model the embedder names; only the rules' queries are embedded. Without it,
// rules score with keyword matching over the files, and the output says which index scored.
import { createEmbedder } from '../agents/llm/embedder-adapter';
import { SemanticIndex } from '../search/semantic/semantic-index';
import { STORE_FILE } from '../search/semantic/store-file';
import { readStoreKey } from '../search/semantic/store-codec';
import type { Embedder, EmbedderKey } from '../search/semantic/types';
import type { VaultPort } from '../vault-vfs/vault-port';
import type { ProviderChoice } from './provider-flags';

export interface SavedIndex {
  /** The loaded index, or null when there is none for this model (`note` says why). */
  index: SemanticIndex | null;
  note: string | null;
}

/** Loads the saved index with `embedder`; it is used only if it was built with the same model. */
export async function loadSavedIndex(vault: VaultPort, embedder: Embedder): Promise<SavedIndex> {
  const index = new SemanticIndex(vault, embedder, { sliceMs: 200, build: false });
  await index.start();
  if (index.built) return { index, note: null };
  const refused = index.progress.refused;
  await index.stop(false);
  return { index: null, note: refused === null ? 'no semantic index is built (reeve index builds it)' : `the saved semantic index was not used (${refused})` };
}

/** The model the saved index was built with, or null when none is saved (or it cannot be read). */
export async function savedIndexKey(vault: VaultPort): Promise<EmbedderKey | null> {
  const bytes = await vault.state.readBinary(STORE_FILE).catch(() => null);
  return bytes === null ? null : readStoreKey(bytes);
}

/**
 * For `organize`, whose provider flags name the chat model: the embedder of the model the saved
 * index was built with, through the same provider, if the index was built with that provider
 * (else null: rules score by keywords).
 */
export async function embedderOfSavedIndex(vault: VaultPort, choice: ProviderChoice): Promise<Embedder | null> {
  const key = await savedIndexKey(vault);
  if (key === null || key.provider !== choice.provider.id || choice.provider.kind === 'anthropic') return null;
  return createEmbedder({
    provider: choice.provider,
    model: key.model,
    apiKey: choice.apiKey,
    fetch: (input, init) => globalThis.fetch(input, init),
    allowBrowser: false,
    dimensions: key.dimensions,
  });
}
