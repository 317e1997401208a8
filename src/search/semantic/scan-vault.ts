// Finding the notes the semantic index must (re)read: at start, every note whose stamp differs
// from the store's and every stored note that is gone; when a folder event arrives, its notes.

import type { ChangeQueue } from '../keyword/change-queue';
import { isNotePath } from '../keyword/index-document';
import type { TimeSlicer } from '../../vault-vfs/time-slicer';
import type { VaultPort } from '../../vault-vfs/vault-port';
import type { SemanticStore } from './semantic-store';

/** A walled note counts as absent: it is not queued, and a stored one is queued for removal. */
export async function queueChangedNotes(vault: VaultPort, store: SemanticStore, queue: ChangeQueue, slicer: TimeSlicer, walled: (path: string) => boolean = () => false): Promise<void> {
  slicer.pause();
  const entries = await vault.list();
  slicer.resume();
  const present = new Set<string>();
  for (const e of entries) {
    if (e.kind !== 'file' || !isNotePath(e.path) || walled(e.path)) continue;
    present.add(e.path);
    const s = store.notes.get(e.path);
    if ((s?.mtime !== e.stat.mtime || s.size !== e.stat.size) && !queue.has(e.path)) queue.indexFile(e.path, e.stat);
    await slicer.checkpoint();
  }
  for (const p of store.notes.keys()) {
    if (!present.has(p) && !queue.has(p)) queue.removeFile(p);
    await slicer.checkpoint();
  }
}

export async function queueFolderNotes(vault: VaultPort, queue: ChangeQueue, folders: string[], slicer: TimeSlicer, walled: (path: string) => boolean = () => false): Promise<void> {
  slicer.pause();
  const entries = await vault.list();
  slicer.resume();
  const prefixes = folders.map((f) => `${f}/`);
  for (const e of entries) {
    if (e.kind === 'file' && isNotePath(e.path) && !walled(e.path) && prefixes.some((f) => e.path.startsWith(f))) queue.indexFile(e.path, e.stat);
    await slicer.checkpoint();
  }
}
