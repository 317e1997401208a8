// How a plan changes the organized tree, measured on the files themselves: cohesion (the
// file-weighted mean of the FileVyasa cohesion of every folder holding two files or more), the
// tree's depth and width (the shadow VFS's treeMetrics, relative to the organized folder), and the
// collisions the plan had to resolve. A plan that lowers cohesion says so at the top of its note.
// The metrics read the text of at most METRIC_READS notes (beyond what the scores already read):
// the rest count by name and kind, the same before and after.
import { isInFolder } from '../../../dsl/file-records';
import type { FileRecord } from '../../../vault-vfs/file-record';
import { isNoteEdit, type PlannedOperation } from '../../../vault-vfs/operations';
import { parentOf } from '../../../vault-vfs/path-safety';
import { treeMetrics } from '../../../vault-vfs/shadow/plan-metrics';
import type { VaultEntry } from '../../../vault-vfs/vault-port';
import type { FeatureSource, FileFeatures } from './file-features';
import { cohesion, groupOf } from './signals';

export interface TreeSummary {
  /** File-weighted mean cohesion of folders with 2+ files, 0..1 (1 when there is none). */
  cohesion: number;
  /** Folders holding files. */
  folders: number;
  /** Deepest folder, in levels below the organized folder. */
  maxDepth: number;
  /** Most entries (files and folders) directly inside one folder. */
  maxWidth: number;
}

export interface PlanQuality {
  before: TreeSummary;
  after: TreeSummary;
  /** Names that were taken (a suffix was added) or destinations that clashed. */
  collisions: number;
  /** True when the plan lowers cohesion. */
  worse: boolean;
  /** Notes whose text was not read for the content signal (the read budget was spent). */
  contentSkipped: number;
}

/** Notes read in all (by the scores before, or here) past which the metrics read no more text. */
const METRIC_READS = 500;

const COLLISION_KINDS = new Set(['collision', 'destination_exists', 'duplicate_destination', 'case_collision']);

/**
 * Where each file ends up after the operations, in order (a folder move carries its subtree). A
 * trashed file is left out, or kept at `trashedAs(its path when trashed)` when that is given.
 */
export function finalPaths(paths: readonly string[], ops: readonly PlannedOperation[], trashedAs?: (path: string) => string): Map<string, string> {
  const at = new Map(paths.map((p) => [p, p]));
  for (const op of ops) {
    // Folders and a note's tags and properties leave every file where it is.
    if (op.type === 'create_folder' || isNoteEdit(op)) continue;
    const from = op.type === 'trash' ? op.path : op.source;
    const moved = at.has(from) ? [from] : [...at.keys()].filter((now) => isInFolder(now, from));
    for (const now of moved) {
      const origin = at.get(now) as string;
      at.delete(now);
      const next = op.type === 'trash' ? trashedAs?.(now) : op.destination + now.slice(from.length);
      if (next !== undefined) at.set(next, origin);
    }
  }
  return new Map([...at].map(([now, origin]) => [origin, now]));
}

/** The records where the moves put them, and each moved path's original, for the features cache. */
export function recordsAfter(records: readonly FileRecord[], ops: readonly PlannedOperation[]): { records: FileRecord[]; originOf: (path: string) => string; pathOf: (path: string) => string } {
  const moves = ops.filter((op) => op.type === 'move' || op.type === 'rename');
  if (moves.length === 0) return { records: [...records], originOf: (p) => p, pathOf: (p) => p };
  const at = finalPaths(records.map((r) => r.path), moves);
  const pathOf = (p: string): string => at.get(p) ?? p;
  const moved = (p: string): boolean => pathOf(p) !== p;
  const origin = new Map<string, string>();
  const out = records.map((r) => {
    const to = pathOf(r.path);
    // Links and backlinks name files by path: they follow the moves too (a heuristic over the tree after reads them).
    const links = r.links.some(moved) ? r.links.map(pathOf) : r.links;
    const backlinks = r.backlinks.some(moved) ? r.backlinks.map(pathOf) : r.backlinks;
    if (to === r.path && links === r.links && backlinks === r.backlinks) return r;
    if (to !== r.path) origin.set(to, r.path);
    return { ...r, path: to, folder: parentOf(to), links, backlinks };
  });
  return { records: out, originOf: (p) => origin.get(p) ?? p, pathOf };
}

function summary(folder: string, placed: readonly { path: string; features: FileFeatures }[]): TreeSummary {
  const byFolder = new Map<string, FileFeatures[]>();
  for (const p of placed) {
    const list = byFolder.get(parentOf(p.path));
    if (list) list.push(p.features);
    else byFolder.set(parentOf(p.path), [p.features]);
  }
  let weighted = 0;
  let files = 0;
  for (const [f, members] of byFolder) {
    if (members.length < 2) continue;
    weighted += cohesion(groupOf(f, members)) * members.length;
    files += members.length;
  }
  const rel = (p: string): string => (folder === '' ? p : p.slice(folder.length + 1));
  const entries: VaultEntry[] = [];
  const folders = new Set<string>();
  for (const p of placed) {
    if (!isInFolder(p.path, folder)) continue;
    entries.push({ kind: 'file', path: rel(p.path), stat: { size: 0, ctime: 0, mtime: 0 } });
    for (let f = parentOf(rel(p.path)); f !== ''; f = parentOf(f)) folders.add(f);
  }
  for (const f of folders) entries.push({ kind: 'folder', path: f });
  const tree = treeMetrics(entries);
  return { cohesion: files === 0 ? 1 : weighted / files, folders: byFolder.size, maxDepth: tree.maxDepth, maxWidth: tree.maxWidth };
}

export async function planQuality(input: { folder: string; records: readonly FileRecord[]; operations: readonly PlannedOperation[]; conflicts: readonly { kind: string }[]; features: FeatureSource }): Promise<PlanQuality> {
  const features = new Map<string, FileFeatures>();
  const read = await input.features.ofAll(input.records, METRIC_READS);
  input.records.forEach((r, i) => features.set(r.path, read[i] as FileFeatures));
  const moved = finalPaths([...features.keys()], input.operations);
  const before = summary(input.folder, [...features].map(([path, f]) => ({ path, features: f })));
  const after = summary(input.folder, [...moved].map(([origin, path]) => ({ path, features: features.get(origin) as FileFeatures })));
  return {
    before,
    after,
    collisions: input.conflicts.filter((c) => COLLISION_KINDS.has(c.kind)).length,
    worse: after.cohesion < before.cohesion - 0.005,
    contentSkipped: input.features.skipped,
  };
}

/** `cohesion 0.41 -> 0.78, depth 1 -> 3, width 27 -> 9, 12 -> 15 folders, 1 collision` */
export function qualityLine(q: PlanQuality): string {
  const arrow = (a: number, b: number, digits = 0): string => `${a.toFixed(digits)} -> ${b.toFixed(digits)}`;
  const skipped = q.contentSkipped > 0 ? `; the text of ${q.contentSkipped} notes was not read for it` : '';
  return `cohesion ${arrow(q.before.cohesion, q.after.cohesion, 2)}, depth ${arrow(q.before.maxDepth, q.after.maxDepth)}, width ${arrow(q.before.maxWidth, q.after.maxWidth)}, folders with files ${arrow(q.before.folders, q.after.folders)}, ${q.collisions} collision${q.collisions === 1 ? '' : 's'}${skipped}`;
}
