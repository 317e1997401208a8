// What a vault event means for the semantic index. A rename moves the stored vectors at once (a
// folder's notes all together), before the queue re-checks the note; only notes matter; a note
// that goes away while its texts wait to be embedded is forgotten, so it is not stored again.

import { ChangeQueue } from '../keyword/change-queue';
import { isNotePath } from '../keyword/index-document';
import type { VaultChange } from '../../vault-vfs/vault-port';
import type { EmbedBatcher } from './embed-batcher';
import type { SemanticStore } from './semantic-store';

/** Applies the change; returns false when it does not concern the index (not a note). */
export function applyVaultChange(change: VaultChange, store: SemanticStore, queue: ChangeQueue, batcher: EmbedBatcher): boolean {
  if (change.type === 'rename') moveVectors(store, change.oldPath, change.path, change.kind);
  const isFile = change.type === 'modify' || change.kind === 'file';
  if (isFile && !isNotePath(change.path) && (change.type !== 'rename' || !isNotePath(change.oldPath))) return false;
  if (change.type === 'rename') batcher.forget(change.oldPath);
  if (change.type === 'delete') batcher.forget(change.path);
  queue.apply(change);
  return true;
}

function moveVectors(store: SemanticStore, from: string, to: string, kind: 'file' | 'folder'): void {
  if (kind === 'file') {
    if (isNotePath(to)) store.renameNote(from, to);
    return;
  }
  const prefix = `${from}/`;
  for (const p of [...store.notes.keys()]) if (p.startsWith(prefix)) store.renameNote(p, to + p.slice(from.length));
}
