// How tidy a tree is: per folder, how cohesive its files are by type and by tag, and the tree's
// depth and width. Used to compare a plan's after-tree with the tree before it.
import { extOf, parentOf } from '../path-safety';
import type { VaultEntry } from '../vault-port';

export interface FolderMetrics {
  folder: string;
  files: number;
  /** Share of files with the folder's most common extension, 0..1. */
  typeCohesion: number;
  /** Share of files carrying the folder's most common tag, 0..1 (0 when no file has tags). */
  tagCohesion: number;
}

export interface TreeMetrics {
  folders: FolderMetrics[];
  maxDepth: number;
  /** Most entries directly inside one folder. */
  maxWidth: number;
  /** File-weighted mean of type cohesion over folders. */
  meanTypeCohesion: number;
}

function topShare(counts: Map<string, number>, total: number): number {
  if (total === 0) return 0;
  let best = 0;
  for (const n of counts.values()) best = Math.max(best, n);
  return best / total;
}

export function treeMetrics(entries: readonly VaultEntry[], tagsOf: (path: string) => readonly string[] = () => []): TreeMetrics {
  const filesByFolder = new Map<string, string[]>();
  const width = new Map<string, number>();
  let maxDepth = 0;
  for (const e of entries) {
    const parent = parentOf(e.path);
    width.set(parent, (width.get(parent) ?? 0) + 1);
    maxDepth = Math.max(maxDepth, e.path.split('/').length - (e.kind === 'file' ? 1 : 0));
    if (e.kind !== 'file') continue;
    // Appended in place: copying the list per file made a 10,000-file folder quadratic.
    const list = filesByFolder.get(parent);
    if (list) list.push(e.path);
    else filesByFolder.set(parent, [e.path]);
  }
  const folders: FolderMetrics[] = [];
  let weighted = 0;
  let totalFiles = 0;
  for (const [folder, files] of [...filesByFolder].sort(([a], [b]) => a.localeCompare(b))) {
    const exts = new Map<string, number>();
    const tags = new Map<string, number>();
    for (const f of files) {
      exts.set(extOf(f), (exts.get(extOf(f)) ?? 0) + 1);
      for (const t of new Set(tagsOf(f))) tags.set(t, (tags.get(t) ?? 0) + 1);
    }
    const m = { folder, files: files.length, typeCohesion: topShare(exts, files.length), tagCohesion: topShare(tags, files.length) };
    folders.push(m);
    weighted += m.typeCohesion * files.length;
    totalFiles += files.length;
  }
  return { folders, maxDepth, maxWidth: Math.max(0, ...width.values()), meanTypeCohesion: totalFiles === 0 ? 1 : weighted / totalFiles };
}
