// What a build will cost before anything is sent: reads and chunks the queued notes (nothing is
// kept; the build reads them again) and counts the chunks no stored note has, with their tokens.

import type { TimeSlicer } from '../../vault-vfs/time-slicer';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { estimateCost, type CostEstimate } from './build-state';
import { chunkText, estimateTokens, noteTitle, type ChunkOptions } from './chunker';
import { readChunkedNotes } from './read-notes';
import type { SemanticStore } from './semantic-store';

const READ_CONCURRENCY = 16;

export async function estimateWork(vault: VaultPort, store: SemanticStore, paths: readonly string[], chunk: ChunkOptions | undefined, slicer: TimeSlicer, pricePerMillionTokens: number | null): Promise<CostEstimate> {
  let notes = 0;
  let chunks = 0;
  let tokens = 0;
  for (let i = 0; i < paths.length; i += READ_CONCURRENCY) {
    for (const r of await readChunkedNotes(vault, paths.slice(i, i + READ_CONCURRENCY), chunk, slicer)) {
      const missing = store.missing(r.path, r.chunks);
      if (missing.length === 0) continue;
      notes++;
      chunks += missing.length;
      for (const c of missing) tokens += estimateTokens(chunkText(noteTitle(r.path), c));
      await slicer.checkpoint();
    }
  }
  return estimateCost(notes, chunks, tokens, pricePerMillionTokens);
}
