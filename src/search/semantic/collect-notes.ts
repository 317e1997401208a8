// One step of a build: reads and chunks a batch of queued notes; a note with nothing new is stored
// at once (its vectors are all in the store already), the others' new chunks go to the batcher.

import type { FileTask } from '../keyword/change-queue';
import type { TimeSlicer } from '../../vault-vfs/time-slicer';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { chunkText, noteTitle, type ChunkOptions } from './chunker';
import type { EmbedBatcher, NoteWork } from './embed-batcher';
import { readChunkedNotes } from './read-notes';
import type { SemanticStore } from './semantic-store';

/**
 * Returns how many texts it queued for embedding. A walled note is removed, never read: this is the
 * one place notes are read to be sent, so the walls hold here whatever queued the note.
 */
export async function collectNotes(vault: VaultPort, store: SemanticStore, batcher: EmbedBatcher, files: [string, FileTask][], chunk: ChunkOptions | undefined, slicer: TimeSlicer, walled: (path: string) => boolean = () => false): Promise<number> {
  for (const [p, t] of files) if (t.op === 'remove' || walled(p)) store.removeNote(p);
  const paths = files.filter(([p, t]) => t.op === 'index' && !walled(p)).map(([p]) => p);
  let queued = 0;
  for (const r of await readChunkedNotes(vault, paths, chunk, slicer)) {
    const missing = store.missing(r.path, r.chunks);
    if (missing.length === 0) store.setNote(r.path, r.stamp, r.chunks);
    else {
      const work: NoteWork = { path: r.path, stamp: r.stamp, chunks: r.chunks, vectors: new Map(), waiting: 0 };
      const title = noteTitle(r.path);
      const texts: { hash: number; text: string }[] = [];
      // A large note's texts are made across slices.
      for (const c of missing) {
        texts.push({ hash: c.hash, text: chunkText(title, c) });
        slicer.work(c.body.length);
        await slicer.checkpoint();
      }
      batcher.add(work, texts);
      queued += missing.length;
    }
    slicer.work(r.chunks.length);
    await slicer.checkpoint();
  }
  return queued;
}
