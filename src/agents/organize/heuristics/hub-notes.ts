// A note that mostly links to one hub note goes beside it. A hub is a note that at least
// `minFollowers` notes link to; a note follows the hub when at least 60% of its links to notes
// go there.
import type { FileRecord } from '../../../vault-vfs/file-record';
import type { HeuristicProposal } from './proposal';

export interface HubOptions {
  /** The organized folder; hubs outside it are not destinations. */
  folder: string;
  minFollowers?: number;
  /** Link counts by target; defaults to one per distinct link. */
  linkCounts?: (path: string) => Record<string, number>;
}

const SHARE = 0.6;

export function hubNotes(records: readonly FileRecord[], opts: HubOptions): HeuristicProposal[] {
  const byPath = new Map(records.map((r) => [r.path, r]));
  const counts = (r: FileRecord): Record<string, number> => opts.linkCounts?.(r.path) ?? Object.fromEntries(r.links.map((l) => [l, 1]));
  const leader = new Map<string, string>();
  const followers = new Map<string, number>();
  for (const note of records) {
    if (note.ext !== 'md') continue;
    let total = 0;
    let top: [string, number] | null = null;
    for (const [target, n] of Object.entries(counts(note))) {
      if (target === note.path || !target.endsWith('.md')) continue;
      total += n;
      if (!top || n > top[1]) top = [target, n];
    }
    if (top && total >= 2 && top[1] / total >= SHARE) {
      leader.set(note.path, top[0]);
      followers.set(top[0], (followers.get(top[0]) ?? 0) + 1);
    }
  }
  const min = opts.minFollowers ?? 3;
  const prefix = opts.folder === '' ? '' : opts.folder + '/';
  const out: HeuristicProposal[] = [];
  for (const [path, hub] of leader) {
    const n = followers.get(hub) ?? 0;
    const hubRecord = byPath.get(hub);
    if (n < min || !hubRecord || !(prefix === '' || hub.startsWith(prefix)) || leader.get(hub) !== undefined) continue;
    const folder = hubRecord.folder.slice(prefix.length);
    const hubName = hubRecord.name;
    out.push({ path, folder, heuristic: 'hub note', reason: `most of its links go to [[${hubName}]], a hub ${n} notes link to` });
  }
  return out;
}
