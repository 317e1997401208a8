// The heuristics' proposals held to the owner's order (owner-order.ts), one pass over the file ->
// proposal map before anything moves:
// - a folder note, or a file in a folder the owner's settings name, stays;
// - a group named after a tag that marks a state (`#seedling`, `#placeholder/description`) is no group;
// - a type or tag group goes to the owner's existing folder of that kind when there is one
//   ("joins your 30_Library/120_Tools where its 14 siblings are");
// - a daily note goes where the owner's Daily notes settings put it (other dated files by date-depth.ts);
// - a filed file moves only with strong evidence: into the attachment folder, into the owner's
//   folder of its kind, or by the owner's daily notes settings; never into a folder the plan invents;
// - in an organized folder, loose files too only join existing folders;
// - elsewhere, no new folder takes (nearly) all the files beside a file in a folder of the owner's
//   (`60-Canvas` into `60-Canvas/Canvases`): that wraps their folder in itself. The vault root and
//   holding folders (`Inbox`) are not the owner's folder of a kind, so an inbox of people still gets `People/`.
import { isInFolder as within } from '../../../dsl/file-records';
import type { FileRecord } from '../../../vault-vfs/file-record';
import type { HeuristicProposal } from '../heuristics/proposal';
import { dailyFolderFor } from './daily-folder';
import type { OwnerOrder } from './owner-order';
import type { DailyNotesSetting } from './owner-settings';

export interface RespectInput {
  folder: string;
  records: readonly FileRecord[];
  chosen: ReadonlyMap<string, HeuristicProposal>;
  owner: OwnerOrder;
  dailyNotes?: DailyNotesSetting;
}

export interface Respected {
  /** The proposals that stand, some redirected to the owner's folders. */
  chosen: Map<string, HeuristicProposal>;
  /** Files that stay whatever a heuristic says, with why. */
  held: Map<string, string>;
}

/** A new folder taking at least this share of the files beside a file wraps their folder in itself. */
const WRAP_SHARE = 0.8;

const pad = (n: number): string => String(n).padStart(2, '0');

export function respectOwner(input: RespectInput): Respected {
  const { folder, records, owner } = input;
  const prefix = folder === '' ? '' : folder + '/';
  const abs = (rel: string): string => [folder, rel].filter((s) => s !== '').join('/');
  const relOf = (vaultPath: string): string | null => (vaultPath === folder ? '' : folder === '' ? vaultPath : vaultPath.startsWith(prefix) ? vaultPath.slice(prefix.length) : null);
  const byPath = new Map(records.map((r) => [r.path, r]));
  const daily = input.dailyNotes && relOf(input.dailyNotes.folder) !== null ? input.dailyNotes : undefined;
  const filedFollow = daily ? filedDailyFollow(input.chosen, byPath, owner, daily) : false;

  const chosen = new Map<string, HeuristicProposal>();
  const held = new Map<string, string>();
  for (const [path, raw] of input.chosen) {
    const r = byPath.get(path);
    if (!r) continue;
    const stays = owner.staysBecause(r);
    if (stays !== null) {
      held.set(path, stays);
      continue;
    }
    let p = raw;
    const filed = owner.filed(r);
    if (filed) held.set(path, `it is filed in your ${r.folder}`);
    if (p.heuristic === 'shared tag' && p.kind && owner.isStateTag(p.kind.value)) continue;
    // The attachment folder the owner's setting names (a home found by its contents has a lower
    // confidence: it may be the plan's own Attachments/ of a first run, no choice of the owner's).
    let strong = p.heuristic === 'attachment folder' && p.confidence === undefined;
    const home = p.kind ? owner.homeOfKind(p.kind.by, p.kind.value) : null;
    const homeRel = home ? relOf(home.folder) : null;
    // Already inside the owner's folder of its kind (in a subfolder of it): where it belongs.
    if (home && within(r.folder, home.folder)) continue;
    if (home && homeRel !== null) {
      p = { ...p, folder: homeRel, reason: `${p.reason}; joins your ${home.folder} where its ${home.siblings} siblings are` };
      strong = true;
    } else if (p.dated) {
      const { kind, y, m, d } = p.dated;
      // Filed daily notes move by the format only when most of them already follow it (the
      // format may have changed since the older notes were written: those stay as they are).
      if (kind === 'Daily' && daily && (filedFollow || !owner.filed(r))) {
        const to = relOf(dailyFolderFor(daily, y, m, d)) ?? '';
        p = { ...p, folder: to, reason: `daily note dated ${y}-${pad(m)}-${pad(d)}; your Daily notes settings keep them in ${abs(to) || 'the vault root'} (format ${daily.format})`, byOwnerSetting: true };
        strong = true;
      }
    }
    const dest = abs(p.folder);
    if (filed ? !strong : owner.organized && !strong && !owner.exists(dest)) continue;
    held.delete(path);
    chosen.set(path, p);
  }
  return { chosen: withoutWraps(chosen, records, folder, owner), held };
}

/** Share of the filed daily notes that must already sit where the format puts them for the rest to follow. */
const FORMAT_FOLLOWED = 0.8;

/** Whether the owner's filed daily notes mostly sit where their daily notes format puts them. */
function filedDailyFollow(chosen: ReadonlyMap<string, HeuristicProposal>, byPath: ReadonlyMap<string, FileRecord>, owner: OwnerOrder, daily: DailyNotesSetting): boolean {
  let filed = 0;
  let there = 0;
  for (const [path, p] of chosen) {
    const r = byPath.get(path);
    if (!r || p.dated?.kind !== 'Daily' || !owner.filed(r)) continue;
    filed++;
    if (r.folder === dailyFolderFor(daily, p.dated.y, p.dated.m, p.dated.d)) there++;
  }
  return filed > 0 && there / filed >= FORMAT_FOLLOWED;
}

/** Proposals into a new folder that would take nearly all the files beside them are dropped. */
function withoutWraps(chosen: Map<string, HeuristicProposal>, records: readonly FileRecord[], folder: string, owner: OwnerOrder): Map<string, HeuristicProposal> {
  const abs = (rel: string): string => [folder, rel].filter((s) => s !== '').join('/');
  const beside = new Map<string, number>();
  for (const r of records) if (!r.isHidden) beside.set(r.folder, (beside.get(r.folder) ?? 0) + 1);
  const going = new Map<string, number>();
  const key = (r: FileRecord, p: HeuristicProposal): string => `${r.folder}\u0000${p.folder.split('/')[0] ?? ''}`;
  const byPath = new Map(records.map((r) => [r.path, r]));
  for (const [path, p] of chosen) {
    const r = byPath.get(path);
    if (r) going.set(key(r, p), (going.get(key(r, p)) ?? 0) + 1);
  }
  for (const [path, p] of [...chosen]) {
    const r = byPath.get(path);
    if (!r || p.byOwnerSetting || owner.holding(r.folder) || owner.exists(abs(p.folder)) || !within(abs(p.folder), r.folder)) continue;
    const n = beside.get(r.folder) ?? 0;
    if (n >= 2 && (going.get(key(r, p)) ?? 0) / n >= WRAP_SHARE) chosen.delete(path);
  }
  return chosen;
}
