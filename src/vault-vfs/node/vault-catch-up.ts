// A long-lived Node vault catching up with what another program did on disk (the user in
// Obsidian, a sync tool, a script): the same walk and stat as the open (vault-fs.ts), compared
// with the index; only what changed is read again. A note is changed when its mtime or size
// differs from what the index holds, as the keyword indexer's reconciliation judges it. Every
// change found is announced as a vault event, so whatever follows the vault (the keyword and
// semantic indexers, their change queues) keeps up without a case of its own. A rename is seen
// as the old path deleted and the new one created.
//
// The walk takes time and yields; the vault's own writes may land meanwhile (they update the
// index themselves). So nothing is concluded from the walk alone: a path is re-stat'ed just
// before it is read or added, and looked for in its folder's listing before it is dropped, so a
// write of the vault's own that the walk missed is neither dropped nor read twice.
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import type { VaultChange } from '../vault-port';
import { extOf } from '../path-safety';
import { readTextOrNull } from './note-text';
import { nodeSlicer } from './read-in-slices';
import { fileStatOf, statOrNull } from './vault-fs';
import type { VaultTree } from './vault-tree';

/** Paths whose text the vault holds itself, not yet on disk (held link rewrites): the disk is older there. */
export type HeldText = (vaultPath: string) => boolean;

/**
 * Whether the disk lists this exact name now. A stat is not enough: on a case-insensitive disk
 * (macOS, Windows) `note.md` renamed to `Note.md` still answers a stat of `note.md`.
 */
function listedNow(abs: string, isFolder: boolean): boolean {
  const st = statOrNull(abs);
  if (st === null || st.isDirectory() !== isFolder) return false;
  try {
    return readdirSync(path.dirname(abs)).includes(path.basename(abs));
  } catch {
    return false;
  }
}

export async function catchUpWithDisk(tree: VaultTree, configDir: string, held: HeldText): Promise<VaultChange[]> {
  const { disk, index } = tree;
  const scan = await disk.scan(configDir);
  const changes: VaultChange[] = [];
  const slicer = nodeSlicer();

  const folders = new Set(scan.folders);
  for (const folder of scan.folders) {
    if (index.isFolder(folder) || statOrNull(disk.abs(folder))?.isDirectory() !== true) continue;
    index.addFolder(folder);
    changes.push({ type: 'create', path: folder, kind: 'folder' });
  }

  const onDisk = new Set<string>();
  for (const f of scan.files) {
    onDisk.add(f.path);
    const known = index.stat(f.path);
    if (held(f.path) || (known !== null && known.mtime === f.stat.mtime && known.size === f.stat.size)) continue;
    // Stat, then read: a write in between leaves the index with the older stamp and the newer
    // text, which the next catch-up reads again rather than trusting.
    const abs = disk.abs(f.path);
    const st = statOrNull(abs);
    if (st?.isFile() !== true) continue;
    const stat = fileStatOf(st);
    if (known !== null && known.mtime === stat.mtime && known.size === stat.size) continue;
    const text = extOf(f.path) === 'md' ? readTextOrNull(abs) : null;
    if (extOf(f.path) === 'md' && text === null) continue;
    index.setFile(f.path, stat, text);
    changes.push(known === null ? { type: 'create', path: f.path, kind: 'file' } : { type: 'modify', path: f.path });
    if (slicer.due) await slicer.checkpoint();
  }

  // Gone: a folder (with all it held) or a file the walk did not find and that is not there now.
  const goneFolders = index
    .entries()
    .filter((e) => e.kind === 'folder' && !folders.has(e.path) && !listedNow(disk.abs(e.path), true))
    .map((e) => e.path)
    .sort();
  const topmost = goneFolders.filter((f, i) => !goneFolders.slice(0, i).some((g) => f.startsWith(`${g}/`)));
  const under = (p: string): boolean => topmost.some((g) => p.startsWith(`${g}/`));
  for (const file of index.filePaths()) {
    if (onDisk.has(file) || held(file) || under(file) || listedNow(disk.abs(file), false)) continue;
    index.removePath(file);
    changes.push({ type: 'delete', path: file, kind: 'file' });
  }
  for (const folder of topmost) {
    if ([...index.filePaths()].some((p) => held(p) && p.startsWith(`${folder}/`))) continue;
    index.removePath(folder);
    changes.push({ type: 'delete', path: folder, kind: 'folder' });
  }

  for (const change of changes) tree.emit(change);
  return changes;
}
