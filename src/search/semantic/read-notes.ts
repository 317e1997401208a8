// Reads notes concurrently (outside the time slice) and chunks them (inside it, in steps). A note that
// disappeared meanwhile is skipped; any other read error stops the build with that error.

import type { TimeSlicer } from '../../vault-vfs/time-slicer';
import { VaultFileNotFoundError, type VaultPort } from '../../vault-vfs/vault-port';
import { chunkNoteSteps, type Chunk, type ChunkOptions } from './chunker';
import { runSteps } from './store-steps';

export interface ChunkedNote {
  path: string;
  stamp: { mtime: number; size: number };
  chunks: Chunk[];
}

export async function readChunkedNotes(vault: VaultPort, paths: readonly string[], options: ChunkOptions | undefined, slicer: TimeSlicer): Promise<ChunkedNote[]> {
  slicer.pause();
  const texts = await Promise.all(
    paths.map(async (path) => {
      try {
        // The stamp is taken before the read: a change in between makes the next start read it again.
        const stat = await vault.stat(path);
        return stat === null ? null : { path, stat, text: await vault.read(path) };
      } catch (e) {
        if (e instanceof VaultFileNotFoundError) return null;
        throw e;
      }
    }),
  );
  slicer.resume();
  const out: ChunkedNote[] = [];
  for (const t of texts) {
    if (t === null) continue;
    // A large note is chunked across slices (see chunkNoteSteps).
    const chunks = await runSteps(chunkNoteSteps(t.text, vault.metadata(t.path), options), slicer);
    out.push({ path: t.path, stamp: { mtime: t.stat.mtime, size: t.stat.size }, chunks });
  }
  return out;
}
