// The owner's order, as organize must respect it (issue 26). A file in a subfolder its owner made
// is filed: the heuristics move it only with strong evidence that an existing folder of the owner's
// holds its kind (the attachment folder for an attachment, a folder whose notes nearly all share
// its type or tag), never into a folder the plan would invent and never by a tag that marks a state.
// What counts as the owner's:
// - every subfolder of the organized folder except those tools make to hold what is not sorted yet
//   (`Downloads`, `Camera Uploads`, `Inbox`, `Unsorted`, …, and everything inside them);
// - the folders the owner's settings name (diary, templates, attachments): what is in them stays,
//   whatever the organized folder is;
// - folder notes (a note named like its folder, `index.md`, `README.md`), which stay with their folder.
// A folder most of whose files are filed is organized: there, loose files too only join existing
// folders (the plan invents none).
import { isInFolder as within } from '../../../dsl/file-records';
import type { FileRecord } from '../../../vault-vfs/file-record';
import type { OwnerSettings } from './owner-settings';

/** Folders tools and habits make for what is not sorted yet; compared lower-case, by whole name. */
const HOLDING = new Set(['downloads', 'download', 'inbox', 'unsorted', 'uncategorized', 'uncategorised', 'misc', 'miscellaneous', 'temp', 'tmp', 'new folder', 'untitled folder', 'untitled', 'desktop', 'import', 'imports', 'imported', 'camera uploads', 'camera roll', 'dcim', 'to sort', 'to file', 'dump', 'scratch']);

/** Tags that say where a note is in its life, not what it is about. */
const STATE_TAGS = /^(?:seedling|seedlings|sprout|sapling|budding|bud|evergreen|fleeting|draft|drafts|wip|todo|to-?do|done|doing|stub|placeholder|incomplete|to-?review|archived|status|stage|state|mature|growing)$/iu;

/** Share of the organized folder's files that must be filed for it to count as organized. */
const ORGANIZED_SHARE = 0.5;
/** A folder holds a kind when at least this many of its notes, and this share, carry it. */
const KIND_MIN = 3;
const KIND_SHARE = 0.8;
/** …and holds at least this share of all the owner's filed notes of that kind. */
const KIND_MAJORITY = 2 / 3;

const FOLDER_NOTE = /^(?:index|readme|_index|home)$/iu;

export interface OwnerOrderInput {
  /** The organized folder, a vault path. */
  folder: string;
  records: readonly FileRecord[];
  settings?: OwnerSettings;
  attachmentFolder?: string | null;
}

export interface KindHome {
  /** Vault path of the owner's folder. */
  folder: string;
  /** Its notes that carry the kind. */
  siblings: number;
}

export interface OwnerOrder {
  /** Whether most of the organized folder's files are filed (loose files then join existing folders only). */
  readonly organized: boolean;
  /** Why a file stays where it is whatever a heuristic says (a folder note, a settings folder), or null. */
  staysBecause(record: FileRecord): string | null;
  /** Whether the file is filed in a subfolder of the owner's. */
  filed(record: FileRecord): boolean;
  /** Whether a folder (vault path) exists now. */
  exists(folder: string): boolean;
  /** Whether a folder (vault path) is one for what is not sorted yet: the vault root, or a holding folder (`Inbox`, `Downloads`, …). */
  holding(folder: string): boolean;
  /** Whether a tag marks a state rather than a topic. */
  isStateTag(tag: string): boolean;
  /** The owner's existing folder that holds notes of `type:` value or tag `key` (lower case), if one clearly does. */
  homeOfKind(kind: 'type' | 'tag', key: string): KindHome | null;
}

const nameOfFolder = (folder: string): string => folder.slice(folder.lastIndexOf('/') + 1);

/** A note that is its folder's note: named like the folder, or index/README. */
export function isFolderNote(record: FileRecord): boolean {
  if (record.ext !== 'md') return false;
  return FOLDER_NOTE.test(record.name) || (record.folder !== '' && record.name.toLowerCase() === nameOfFolder(record.folder).toLowerCase());
}

/** Whether a folder path relative to the organized folder passes through a holding folder. */
function holding(relFolder: string): boolean {
  return relFolder.split('/').some((seg) => HOLDING.has(seg.toLowerCase().trim()));
}

function typeOf(r: FileRecord): string | null {
  const t = r.frontmatter?.type;
  return typeof t === 'string' && t.trim() !== '' ? t.trim().toLowerCase() : null;
}

export function ownerOrder(input: OwnerOrderInput): OwnerOrder {
  const { folder, records, settings } = input;
  const prefix = folder === '' ? '' : folder + '/';
  const relFolder = (r: FileRecord): string => (r.folder === folder ? '' : r.folder.slice(prefix.length));
  const special: { path: string; why: string }[] = [
    ...(settings?.templateFolders ?? []).map((p) => ({ path: p, why: `it is in your templates folder ${p}` })),
    ...(input.attachmentFolder ? [{ path: input.attachmentFolder, why: `it is in your attachment folder ${input.attachmentFolder}` }] : []),
  ];
  const filed = (r: FileRecord): boolean => {
    if (special.some((s) => within(r.path, s.path))) return true;
    const rel = relFolder(r);
    return rel !== '' && !holding(rel);
  };
  const visible = records.filter((r) => !r.isHidden);
  const organized = visible.length > 0 && visible.filter(filed).length / visible.length >= ORGANIZED_SHARE;
  const folders = new Set<string>();
  for (const r of records) for (let f = r.folder; f !== '' && !folders.has(f); f = f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '') folders.add(f);

  // Where each type and tag lives: notes per folder (each note counted in its own folder only).
  const kinds = new Map<string, Map<string, number>>();
  const notesIn = new Map<string, number>();
  const count = (key: string, f: string): void => {
    const row = kinds.get(key) ?? new Map<string, number>();
    row.set(f, (row.get(f) ?? 0) + 1);
    kinds.set(key, row);
  };
  for (const r of visible) {
    if (r.ext !== 'md' || !filed(r) || isFolderNote(r)) continue;
    notesIn.set(r.folder, (notesIn.get(r.folder) ?? 0) + 1);
    const t = typeOf(r);
    if (t) count(`type:${t}`, r.folder);
    for (const tag of new Set(r.tags.map((x) => x.toLowerCase()))) count(`tag:${tag}`, r.folder);
  }
  // A tag the owner's filed notes carry in three or more folders with none holding half is no topic of one place.
  const spread = (tag: string): boolean => {
    const row = kinds.get(`tag:${tag}`);
    if (!row || row.size < 3) return false;
    const total = [...row.values()].reduce((a, b) => a + b, 0);
    return Math.max(...row.values()) / total < 0.5;
  };

  return {
    organized,
    staysBecause(r) {
      const s = special.find((x) => within(r.path, x.path));
      if (s) return s.why;
      if (isFolderNote(r)) return `it is the folder note of ${r.folder === '' ? 'the vault' : r.folder}`;
      return null;
    },
    filed,
    exists: (f) => f === '' || folders.has(f),
    holding: (f) => f === '' || holding(f),
    isStateTag: (tag) => {
      const lower = tag.toLowerCase();
      return lower.split('/').some((seg) => STATE_TAGS.test(seg)) || spread(lower);
    },
    homeOfKind(kind, key) {
      const row = kinds.get(`${kind}:${key.toLowerCase()}`);
      if (!row) return null;
      const [best, n] = [...row].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? ['', 0];
      const total = [...row.values()].reduce((a, b) => a + b, 0);
      // Clearly the kind's one home: nearly all its notes are of the kind, and most of the kind is there.
      if (n < KIND_MIN || n / (notesIn.get(best) ?? 1) < KIND_SHARE || n / total < KIND_MAJORITY || !(folder === '' || within(best, folder))) return null;
      return { folder: best, siblings: n };
    },
  };
}
