// Putting back what the CLI put in `.trash/` (an undo, in the plugin, of a job the CLI ran): through
// the Vault, so that Obsidian knows the files at once (a `create` for each, indexed, in the file
// explorer) instead of when its file watcher notices them, if it does. `.trash` is outside what the
// Vault holds, so its entries are read and removed through the adapter; the files are created
// from their bytes, with their times, and a folder comes back with everything in it.
import type { App, DataAdapter } from 'obsidian';
import { VaultFileNotFoundError } from './vault-port';

const TRASH = '.trash';

/** Refuses a path that is not inside `.trash/`. */
export function assertTrashPath(trashPath: string): void {
  if (!trashPath.startsWith(`${TRASH}/`) || trashPath.split('/').some((s) => s === '..' || s === '')) {
    throw new VaultFileNotFoundError(`${trashPath} (not a path inside ${TRASH}/)`);
  }
}

async function restoreEntry(app: App, adapter: DataAdapter, from: string, to: string): Promise<void> {
  const st = await adapter.stat(from);
  if (!st) throw new VaultFileNotFoundError(from);
  if (st.type === 'folder') {
    if (!app.vault.getFolderByPath(to)) await app.vault.createFolder(to);
    const listed = await adapter.list(from);
    for (const child of [...listed.folders, ...listed.files]) await restoreEntry(app, adapter, child, `${to}/${child.slice(from.length + 1)}`);
    await adapter.rmdir(from, false);
    return;
  }
  const bytes = await adapter.readBinary(from);
  await app.vault.createBinary(to, bytes, { ctime: st.ctime, mtime: st.mtime });
  await adapter.remove(from);
}

/** Creates `to` (checked and free, its parents made) from the file or folder at `trashPath`. */
export async function restoreFromTrash(app: App, trashPath: string, to: string): Promise<void> {
  assertTrashPath(trashPath);
  if (!(await app.vault.adapter.exists(trashPath))) throw new VaultFileNotFoundError(trashPath);
  await restoreEntry(app, app.vault.adapter, trashPath, to);
}
