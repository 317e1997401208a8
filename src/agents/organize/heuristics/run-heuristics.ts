// The heuristics together, deterministic and explained per file. Each file gets at most one
// proposal, in order of precedence: dated name, frontmatter type, hub note, shared tag, shared
// property, attachment type. Existing order is respected: attachments already in the vault's attachment
// folder (or a folder of mostly attachments, see attachment-home.ts) stay and new ones go there;
// a note in a subfolder whose notes it resembles stays whatever a weaker signal (hub note, shared
// tag) says (see cohesion.ts); an attachment a note beside it links to, or sharing a name with them,
// stays with its notes (bound-attachments.ts). A file already inside its proposed folder stays (so a second run
// over an organized folder proposes nothing), and when at least 70% of a subfolder's files agree on a
// destination the folder moves whole instead of being scattered. Over all of it stands the owner's
// order (../owner/): files filed in the owner's subfolders, folder notes and the folders their
// settings name stay unless an existing folder of theirs clearly holds their kind; a folder of
// theirs never moves whole; dated files go by year unless a year is full; conflict copies follow
// their originals.
import { isInFolder as within } from '../../../dsl/file-records';
import type { FileRecord } from '../../../vault-vfs/file-record';
import { type AmbiguousItem, candidatesOf, findAmbiguous } from './ambiguity';
import { attachmentHomes, homeForAttachment, settingApplies } from './attachment-home';
import { attachmentType, isAttachment } from './attachment-type';
import { boundAttachments } from './bound-attachments';
import { staysWithFolderMates } from './cohesion';
import { datedName } from './dated-names';
import { unifyGroupNames } from './group-names';
import { type HubOptions, hubNotes } from './hub-notes';
import type { HeuristicProposal } from './proposal';
import { sharedGroups } from './shared-groups';
import { asOriginal, followOriginals } from '../owner/conflict-copies';
import { type OwnerOrder, ownerOrder } from '../owner/owner-order';
import type { DailyNotesSetting } from '../owner/owner-settings';
import { withDateDepth } from '../owner/date-depth';
import { respectOwner } from '../owner/respect-owner';

export interface HeuristicsOptions extends HubOptions {
  /** The folder Obsidian's attachment setting names (vault path), or null/absent when none. */
  attachmentFolder?: string | null;
  /** The owner's order; made from the records and the attachment setting when absent. */
  owner?: OwnerOrder;
  /** The owner's Daily notes settings: daily notes go where they say. */
  dailyNotes?: DailyNotesSetting;
}

/** Signals too weak to take a note away from folder-mates it resembles. */
const WEAK = new Set(['hub note', 'shared tag', 'shared property']);

export interface FolderMove {
  /** Vault path of the subfolder. */
  source: string;
  /** Destination folder, relative to the organized folder; the subfolder keeps its name inside it. */
  into: string;
  reason: string;
}

export interface HeuristicsResult {
  /** File moves, one per file at most. */
  files: HeuristicProposal[];
  folders: FolderMove[];
  /** Files already where a heuristic would put them. */
  unchanged: string[];
  /** Loose files in the organized folder that no heuristic could place (for the agent). */
  undecided: string[];
  /** Files and subfolders, at any depth, the heuristics cannot decide (see ambiguity.ts). */
  ambiguous: AmbiguousItem[];
}

const AGREEMENT = 0.7;

const rel = (path: string, folder: string): string => (folder === '' ? path : path.slice(folder.length + 1));
const parentRel = (path: string, folder: string): string => {
  const r = rel(path, folder);
  return r.includes('/') ? r.slice(0, r.lastIndexOf('/')) : '';
};

function push<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

export function runHeuristics(records: readonly FileRecord[], opts: HeuristicsOptions): HeuristicsResult {
  const { folder } = opts;
  const groups = sharedGroups(records);
  const attachments = attachmentHomes(records, folder, opts.attachmentFolder ?? null);
  // Attachments already in a home are settled before any heuristic looks at them.
  const atHome = new Set(records.filter((r) => isAttachment(r) && attachments.homes.some((h) => within(parentRel(r.path, folder), h))).map((r) => r.path));
  const homeOf = homeForAttachment(records, folder, attachments, opts.attachmentFolder ?? null);
  const owner = opts.owner ?? ownerOrder({ folder, records, attachmentFolder: opts.attachmentFolder ?? null });
  const raw: HeuristicProposal[][] = [
    withDateDepth(records.flatMap((r) => datedName(asOriginal(r)) ?? []), owner, folder),
    groups.filter((p) => p.heuristic === 'frontmatter type'),
    hubNotes(records, opts),
    groups.filter((p) => p.heuristic === 'shared tag'),
    groups.filter((p) => p.heuristic === 'shared property'),
    // A home found by its contents is a weaker signal than the one the user's setting names.
    records.flatMap((r) => attachmentType(r, homeOf(r)) ?? []).map((p) => (p.heuristic === 'attachment folder' && !settingApplies(folder, opts.attachmentFolder ?? null) ? { ...p, confidence: 0.7 } : p)),
  ];
  // Singular and plural names of one group become one folder (see group-names.ts).
  const existing = [...new Set(records.map((r) => parentRel(r.path, folder)).filter((f) => f !== ''))];
  const unified = unifyGroupNames(raw.flat(), existing);
  let at = 0;
  const byPrecedence = raw.map((list) => list.map(() => unified[at++] as HeuristicProposal));
  const candidates = candidatesOf(byPrecedence.flat().filter((p) => !atHome.has(p.path)));
  const first = new Map<string, HeuristicProposal>();
  for (const list of byPrecedence) for (const p of list) if (!first.has(p.path) && !atHome.has(p.path)) first.set(p.path, p);
  // The owner's order decides what of that stands (owner/respect-owner.ts); conflict copies follow their originals.
  const respected = respectOwner({ folder, records, chosen: first, owner, ...(opts.dailyNotes ? { dailyNotes: opts.dailyNotes } : {}) });
  const chosen = respected.chosen;
  followOriginals(records, chosen, respected.held);
  for (const path of respected.held.keys()) atHome.add(path);
  const byPath = new Map(records.map((r) => [r.path, r]));
  const notesByFolder = new Map<string, FileRecord[]>();
  const joiningByFolder = new Map<string, FileRecord[]>();
  for (const r of records) {
    if (r.ext !== 'md') continue;
    const here = parentRel(r.path, folder);
    push(notesByFolder, here, r);
    const to = chosen.get(r.path)?.folder;
    if (to !== undefined) push(joiningByFolder, to, r);
  }
  // Notes that resemble their folder-mates more than where a weak signal sends them.
  const cohesive = new Set<string>();
  for (const [path, p] of chosen) {
    const r = byPath.get(path);
    const here = parentRel(path, folder);
    if (!r || !WEAK.has(p.heuristic) || here === '' || within(here, p.folder)) continue;
    const joining = [...(notesByFolder.get(p.folder) ?? []), ...(joiningByFolder.get(p.folder) ?? [])];
    if (staysWithFolderMates(r, notesByFolder.get(here) ?? [], joining).stays) cohesive.add(path);
  }
  // Attachments that belong with the notes staying beside them stay too (see bound-attachments.ts);
  // a note a heuristic moves away takes no attachment's tie with it.
  const movesAway = (path: string, p: HeuristicProposal): boolean => !atHome.has(path) && !cohesive.has(path) && !within(parentRel(path, folder), p.folder);
  const leaving = new Set([...chosen].filter(([path, p]) => byPath.get(path)?.ext === 'md' && movesAway(path, p)).map(([path]) => path));
  for (const path of boundAttachments(records, folder, leaving)) atHome.add(path);

  const unchanged: string[] = [];
  const moving = new Map<string, HeuristicProposal>();
  const undecided: string[] = [];
  for (const r of records) {
    const p = chosen.get(r.path);
    const here = parentRel(r.path, folder);
    if (atHome.has(r.path) || cohesive.has(r.path)) {
      unchanged.push(r.path);
      continue;
    }
    if (!p) {
      if (here === '') undecided.push(r.path);
      continue;
    }
    if (within(here, p.folder)) unchanged.push(r.path);
    else moving.set(r.path, p);
  }

  // Whole-folder moves, top-most subfolders first so a tree moves together.
  const subfolders = new Set<string>();
  for (const r of records) {
    const here = parentRel(r.path, folder);
    const parts = here === '' ? [] : here.split('/');
    for (let i = 1; i <= parts.length; i++) subfolders.add(parts.slice(0, i).join('/'));
  }
  const folders: FolderMove[] = [];
  const settled = new Set<string>();
  const movedWhole: string[] = [];
  for (const sub of [...subfolders].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))) {
    if ([...settled].some((s) => within(sub, s))) continue;
    const inside = records.filter((r) => within(parentRel(r.path, folder), sub));
    const votes = new Map<string, number>();
    for (const r of inside) {
      const p = moving.get(r.path);
      if (p) votes.set(p.folder, (votes.get(p.folder) ?? 0) + 1);
    }
    const top = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    if (!top || inside.length < 2 || top[1] / inside.length < AGREEMENT) continue;
    const [into, n] = top;
    const parent = sub.includes('/') ? sub.slice(0, sub.lastIndexOf('/')) : '';
    // A folder of the owner's is filed as a whole: its files may join the owner's folders one by
    // one, but it is never moved, nor wrapped in a folder named like itself.
    if (into === parent || within(into, sub) || inside.some((r) => owner.filed(r)) || wraps(into, sub)) continue;
    folders.push({ source: folder === '' ? sub : `${folder}/${sub}`, into, reason: `${n} of its ${inside.length} files belong in ${into || 'the organized folder'}; the folder moves whole` });
    settled.add(sub);
    movedWhole.push(sub);
    // Its files that belong elsewhere (the image among daily notes) keep their own moves, out of the
    // folder before it goes: a second organize would move them from where it lands otherwise. (The
    // plan places them before the folder; see plan-organize.ts.)
    const landed = [into, sub.slice(sub.lastIndexOf('/') + 1)].filter((s) => s !== '').join('/');
    for (const r of inside) {
      const p = moving.get(r.path);
      if (p !== undefined && within(landed + parentRel(r.path, folder).slice(sub.length), p.folder)) moving.delete(r.path);
    }
  }
  const ambiguous = findAmbiguous({
    folder,
    files: records.map((r) => ({ path: r.path, here: parentRel(r.path, folder) })),
    candidates,
    moving,
    held: new Set([...atHome, ...cohesive]),
    movedWhole,
    homes: attachments.homes,
  });
  return { files: [...moving.values()], folders, unchanged, undecided, ambiguous };
}

/** Whether moving `sub` into `into` wraps it in a folder named like itself (`SoT` into `Sots/`). */
function wraps(into: string, sub: string): boolean {
  const bare = (name: string): string => name.toLowerCase().replace(/[\s_-]+/gu, '').replace(/(?:es|s)$/u, '');
  const last = into.slice(into.lastIndexOf('/') + 1);
  return last !== '' && bare(last) === bare(sub.slice(sub.lastIndexOf('/') + 1));
}
