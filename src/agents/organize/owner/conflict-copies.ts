// A sync-conflict copy (copy-markers.ts) goes where its original goes, or stays with it, and the
// plan says it is a conflict copy: scattering the copies of one daily note over `Daily/`,
// `Journal/` and `Meetings/` (its `.sync-conflict-…` suffix read as a meeting) leaves the owner
// to hunt for them.
import type { FileRecord } from '../../../vault-vfs/file-record';
import type { HeuristicProposal } from '../heuristics/proposal';
import { conflictOriginal } from './copy-markers';

/** The record as its original is named, for the heuristics that read names (a copy is judged by its original's name). */
export function asOriginal(record: FileRecord): FileRecord {
  const original = conflictOriginal(record.name);
  return original === null ? record : { ...record, name: original };
}

/** The vault path of a conflict copy's original, or null when the record is no conflict copy. */
export function originalPath(record: FileRecord): string | null {
  const original = conflictOriginal(record.name);
  if (original === null) return null;
  const file = record.ext === '' ? original : `${original}.${record.ext}`;
  return record.folder === '' ? file : `${record.folder}/${file}`;
}

/**
 * Makes each conflict copy whose original is among `records` follow it: the original's move
 * (as a `conflict copy` proposal), or no move when the original stays.
 */
export function followOriginals(records: readonly FileRecord[], chosen: Map<string, HeuristicProposal>, held: Map<string, string>): void {
  const present = new Set(records.map((r) => r.path));
  for (const r of records) {
    const original = originalPath(r);
    if (original === null) continue;
    const p = present.has(original) ? chosen.get(original) : chosen.get(r.path);
    if (present.has(original) && (p === undefined || held.has(original))) {
      chosen.delete(r.path);
      held.set(r.path, `a sync-conflict copy of ${original}, which stays`);
    } else if (p !== undefined) {
      const why = present.has(original) ? `goes with ${original} (${p.reason})` : `filed as its original would be (${p.reason})`;
      chosen.set(r.path, { ...p, path: r.path, heuristic: 'conflict copy', reason: `a sync-conflict copy of ${original}: ${why}` });
    }
  }
}
