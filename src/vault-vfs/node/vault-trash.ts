// Trash on the Node adapter: `.trash/` inside the vault, as Obsidian's "move to Obsidian trash"
// setting keeps it (same relative path, a number added to a name already there), so that the
// journal can put a trashed file or folder back anywhere, with nothing leaving the vault.
import { promises as fs } from 'node:fs';
import { extOf } from '../path-safety';
import { VaultFileNotFoundError } from '../vault-port';
import { readText } from './note-text';
import { TRASH_FOLDER, VaultFs } from './vault-fs';
import type { VaultTree } from './vault-tree';

/** Moves the file or folder at `vp` (checked, inside the vault) into `.trash/`; returns where it went. */
export async function moveToTrash(tree: VaultTree, vp: string): Promise<string> {
  const { disk, index } = tree;
  const kind = index.isFolder(vp) ? 'folder' : index.isFile(vp) ? 'file' : null;
  if (!kind) throw new VaultFileNotFoundError(vp);
  await disk.contained(vp);
  const target = await disk.freeTrashPath(vp);
  await disk.moveEntry(vp, target);
  index.removePath(vp);
  tree.emit({ type: 'delete', path: vp, kind });
  return target;
}

/** Puts what `moveToTrash` put at `trashPath` back at `dst` (checked): a name the vault had. */
export async function restoreFromTrash(tree: VaultTree, configDir: string, trashPath: string, dst: string): Promise<void> {
  if (!trashPath.startsWith(`${TRASH_FOLDER}/`) || trashPath.split('/').includes('..')) {
    throw new VaultFileNotFoundError(`${trashPath} (not a path inside ${TRASH_FOLDER}/)`);
  }
  const { disk, index } = tree;
  await tree.assertFree(dst, undefined, true);
  const fromAbs = disk.existingAbs(trashPath);
  const st = await fs.stat(fromAbs).catch(() => null);
  if (!st) throw new VaultFileNotFoundError(trashPath);
  await tree.ensureParents(dst);
  await disk.moveEntry(trashPath, dst, fromAbs);
  const noteText = (p: string): string | null => (extOf(p) === 'md' ? readText(disk.abs(p)) : null);
  if (st.isDirectory()) {
    const scan = await VaultFs.open(disk.abs(dst)).then((sub) => sub.scan(configDir));
    index.addFolder(dst);
    for (const f of scan.folders) index.addFolder(`${dst}/${f}`);
    for (const f of scan.files) tree.refreshFile(`${dst}/${f.path}`, noteText(`${dst}/${f.path}`));
  } else {
    tree.refreshFile(dst, noteText(dst));
  }
  tree.emit({ type: 'create', path: dst, kind: st.isDirectory() ? 'folder' : 'file' });
}
