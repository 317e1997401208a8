// Which copies of a duplicated file may go to the trash (only when the user allows trash). One
// copy of every group is always kept, chosen so that nothing the user relies on changes: the copy
// most notes link to, then one already filed in a subfolder rather than loose, then one whose
// name has no copy marker ("report copy.pdf", "report 1.pdf", a sync conflict; never a date's
// digits, see owner/copy-markers.ts), then the oldest. A copy that any
// note links to or embeds is never trashed (its links would break); it is listed instead.
import { isInFolder } from '../../dsl/file-records';
import type { PlannedOperation, TrashOperation } from '../../vault-vfs/operations';
import { parentOf } from '../../vault-vfs/path-safety';
import { hasCopyMarker } from './owner/copy-markers';
import type { VaultFileEntry } from '../../vault-vfs/vault-port';

export interface CopyInfo {
  /** Notes (other than the copy itself) that link to or embed the copy. */
  linkedFrom: number;
  /** Creation time, ms. */
  ctime: number;
}

export interface DuplicateDecision {
  keep: string;
  trash: TrashOperation[];
  /** Copies left because notes link to them, with how many. */
  linked: { path: string; linkedFrom: number }[];
}


function stem(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Why `keep` was kept over the others, in words with its numbers. */
function keptBecause(keep: string, group: readonly string[], info: (p: string) => CopyInfo, folder: string): string {
  const k = info(keep);
  const others = group.filter((p) => p !== keep);
  if (others.every((p) => info(p).linkedFrom < k.linkedFrom)) return `linked from ${k.linkedFrom} note${k.linkedFrom === 1 ? '' : 's'}, the most`;
  if (parentOf(keep) !== folder && others.some((p) => parentOf(p) === folder)) return 'already filed in a subfolder';
  if (!hasCopyMarker(stem(keep)) && others.some((p) => hasCopyMarker(stem(p)))) return 'its name has no copy marker';
  if (others.every((p) => info(p).ctime > k.ctime)) return 'the oldest copy';
  return 'first by path';
}

/** The copy to keep: see the file comment for the order. */
export function chooseKept(group: readonly string[], info: (p: string) => CopyInfo, folder: string): string {
  const rank = (p: string): number[] => [-info(p).linkedFrom, parentOf(p) === folder ? 1 : 0, hasCopyMarker(stem(p)) ? 1 : 0, info(p).ctime];
  return [...group].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < ra.length; i++) if ((ra[i] ?? 0) !== (rb[i] ?? 0)) return (ra[i] ?? 0) - (rb[i] ?? 0);
    return a.localeCompare(b);
  })[0] as string;
}

/**
 * For each group of identical files (two or more paths), the copy kept and the trash operations
 * for the others that nothing links to. `skip` names copies that may not be trashed for another
 * reason (inside a folder the plan moves whole); they are neither trashed nor kept by choice.
 */
export function duplicateTrash(groups: readonly (readonly string[])[], info: (p: string) => CopyInfo, folder: string, skip: (p: string) => boolean = () => false): DuplicateDecision[] {
  const out: DuplicateDecision[] = [];
  for (const group of groups) {
    if (group.length < 2) continue;
    const keep = chooseKept(group, info, folder);
    const because = keptBecause(keep, group, info, folder);
    const decision: DuplicateDecision = { keep, trash: [], linked: [] };
    for (const p of group) {
      if (p === keep || skip(p)) continue;
      const n = info(p).linkedFrom;
      if (n > 0) decision.linked.push({ path: p, linkedFrom: n });
      else decision.trash.push({ opId: '', type: 'trash', path: p, rule: 'duplicate', reason: `same content as ${keep} (same size and SHA-256), which is kept: ${because}; no note links to this copy` });
    }
    out.push(decision);
  }
  return out;
}

export interface DuplicateContext {
  /** The vault's resolved links: source -> target -> count. */
  links: Record<string, Record<string, number>>;
  /** The files the groups come from, with their stat. */
  files: readonly VaultFileEntry[];
  /** Operations planned so far: copies inside a folder they move whole are not trashed. */
  planned: readonly PlannedOperation[];
  /** The organized folder. */
  folder: string;
}

/** The trash operations for the groups of identical files, in the plan's terms. */
export function trashForDuplicates(groups: readonly (readonly string[])[], ctx: DuplicateContext): TrashOperation[] {
  const incoming = new Map<string, number>();
  for (const [source, targets] of Object.entries(ctx.links)) for (const target of Object.keys(targets)) if (target !== source) incoming.set(target, (incoming.get(target) ?? 0) + 1);
  const ctime = new Map(ctx.files.map((f) => [f.path, f.stat.ctime]));
  const movedFolders = ctx.planned.flatMap((op) => ((op.type === 'move' || op.type === 'rename') && !ctime.has(op.source) ? [op.source] : []));
  const decisions = duplicateTrash(groups, (p) => ({ linkedFrom: incoming.get(p) ?? 0, ctime: ctime.get(p) ?? 0 }), ctx.folder, (p) => movedFolders.some((f) => isInFolder(p, f)));
  return decisions.flatMap((d) => d.trash);
}
