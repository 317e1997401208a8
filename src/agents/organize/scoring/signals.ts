// The FileVyasa signals, each in [0, 1], and how they add up:
//   name     how the words of the file names (and the folder's own name) overlap
//   content  cosine of the keyword bags of the notes' text (left out when there is no text)
//   type     how much the mix of kinds (notes, images, PDFs, …) overlaps
//   path     a prior for staying near: 1 / the steps from where the unit is to the destination
// score = weighted mean of the signals present (weights 0.3, 0.4, 0.2, 0.1). A folder's
// cohesion is the mean, over its files, of the same score (without the path prior) between the
// file and the rest of the folder; 1 for a folder of one file. Every number is explainable.
import { type Bag, addInto, clamp01, cosineLeaveOneOut, cosineNormed, norm2 } from './bags';
import { type FileFeatures, nameWords } from './file-features';

export const WEIGHTS = { name: 0.3, content: 0.4, type: 0.2, path: 0.1 } as const;
export type SignalName = keyof typeof WEIGHTS;

/** The signals behind one score; a signal that could not be measured is null. */
export type Signals = Record<SignalName, number | null>;

/** A set of files seen together: a folder's files, or the files of a folder that might move. */
export interface Group {
  /** The folder's vault path ('' for the root). */
  folder: string;
  members: FileFeatures[];
  /** Sum of the members' name bags. */
  name: Map<string, number>;
  /** Sum of the members' content bags, each scaled to length 1 so long notes do not dominate. */
  content: Map<string, number>;
  contentMembers: number;
  /** Notes whose text was not read (the read budget was spent). */
  unreadMembers: number;
  kinds: Map<string, number>;
  /** Words of the folder's own name. */
  folderWords: Set<string>;
  /** norm2 of `name` and `content`, computed once (a folder may hold thousands of files). */
  nameNorm2: number;
  contentNorm2: number;
  /** `name` with the folder's own words added once, and its norm2: what name similarity compares. */
  nameWithFolder: Map<string, number>;
  nameWithFolderNorm2: number;
  /** Each kind's share of the members, for the type signal (made once: a destination is scored against every file). */
  kindShares: Map<string, number>;
}

function unit(bag: Bag): Map<string, number> {
  const n = Math.sqrt(norm2(bag));
  return new Map([...bag].map(([w, x]) => [w, n === 0 ? 0 : x / n]));
}

/** The group of `members` in `folder`; `ownWords` false for a lone file, whose folder's name is not its own. */
export function groupOf(folder: string, members: readonly FileFeatures[], ownWords = true): Group {
  const g: Group = { folder, members: [...members], name: new Map(), content: new Map(), contentMembers: 0, unreadMembers: 0, kinds: new Map(), folderWords: new Set(ownWords ? nameWords(folder.slice(folder.lastIndexOf('/') + 1)) : []), nameNorm2: 0, contentNorm2: 0, nameWithFolder: new Map(), nameWithFolderNorm2: 0, kindShares: new Map() };
  for (const m of members) {
    addInto(g.name, m.name);
    if (m.hasContent && m.content.size > 0) {
      addInto(g.content, unit(m.content));
      g.contentMembers++;
    }
    if (m.unread) g.unreadMembers++;
    g.kinds.set(m.kind, (g.kinds.get(m.kind) ?? 0) + 1);
  }
  g.kindShares = kindShares(g.kinds);
  g.nameNorm2 = norm2(g.name);
  g.contentNorm2 = norm2(g.content);
  if (g.folderWords.size > 0) {
    g.nameWithFolder = new Map(g.name);
    for (const w of g.folderWords) g.nameWithFolder.set(w, (g.nameWithFolder.get(w) ?? 0) + 1);
    g.nameWithFolderNorm2 = norm2(g.nameWithFolder);
  } else {
    g.nameWithFolder = g.name;
    g.nameWithFolderNorm2 = g.nameNorm2;
  }
  return g;
}

/** Weighted mean of the signals that were measured. */
export function combine(signals: Signals): number {
  let sum = 0;
  let weight = 0;
  for (const k of Object.keys(WEIGHTS) as SignalName[]) {
    const v = signals[k];
    if (v === null) continue;
    sum += WEIGHTS[k] * v;
    weight += WEIGHTS[k];
  }
  return weight === 0 ? 0 : clamp01(sum / weight);
}

/** Tree distance between two folders: up from `a` to the common ancestor, then down to `b`. */
export function folderSteps(a: string, b: string): number {
  // One scan of the two strings, no split: it runs for every file against every destination.
  const depth = (p: string): number => (p === '' ? 0 : segments(p));
  if (a === '' || b === '') return depth(a) + depth(b);
  let i = 0;
  let common = 0;
  const n = Math.min(a.length, b.length);
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) {
    if (a.charCodeAt(i) === SLASH) common++;
    i++;
  }
  // The last shared segment counts when it ends in both (at the end of one, or a slash in the other).
  const ends = (p: string): boolean => i === p.length || p.charCodeAt(i) === SLASH;
  if (ends(a) && ends(b)) common++;
  return depth(a) - common + (depth(b) - common);
}

const SLASH = 47;

function segments(p: string): number {
  let n = 1;
  for (let i = 0; i < p.length; i++) if (p.charCodeAt(i) === SLASH) n++;
  return n;
}

/** 1 for a destination one step away, 1/2 for two, …; 1 for where the unit already is. */
export function pathPrior(from: string, to: string): number {
  return 1 / Math.max(1, folderSteps(from, to));
}

function kindShares(kinds: ReadonlyMap<string, number>): Map<string, number> {
  const total = [...kinds.values()].reduce((a, b) => a + b, 0);
  return new Map([...kinds].map(([k, n]) => [k, total === 0 ? 0 : n / total]));
}

/** Histogram intersection of the two kind mixes: 1 when they are the same mix, 0 when disjoint. */
export function typeOverlap(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  return shareOverlap(kindShares(a), kindShares(b));
}

function shareOverlap(sa: ReadonlyMap<string, number>, sb: ReadonlyMap<string, number>): number {
  let s = 0;
  for (const [k, x] of sa) s += Math.min(x, sb.get(k) ?? 0);
  return clamp01(s);
}

/**
 * Name similarity of a unit to a destination: the better of the share of the destination
 * folder's own name words found in the unit's names (a note "Sourdough bread" and a folder
 * "Bread": 1) and the cosine of their name words.
 */
export function nameSimilarity(unitGroup: Group, dest: Group): number {
  const unitWords = unitGroup.nameWithFolder;
  let named = 0;
  if (dest.folderWords.size > 0) {
    for (const w of dest.folderWords) if (unitWords.has(w)) named++;
    named /= dest.folderWords.size;
  }
  return Math.max(named, cosineNormed(unitWords, unitGroup.nameWithFolderNorm2, dest.nameWithFolder, dest.nameWithFolderNorm2));
}

/** The signals for moving `unitGroup` (now in folder `from`) into `dest`. */
export function destinationSignals(unitGroup: Group, dest: Group, from: string): Signals {
  return {
    name: nameSimilarity(unitGroup, dest),
    // A destination whose notes were not read scores no content likeness: a move never rests on names alone.
    content: unitGroup.contentMembers > 0 && dest.contentMembers > 0 ? cosineNormed(unitGroup.content, unitGroup.contentNorm2, dest.content, dest.contentNorm2) : unitGroup.contentMembers > 0 && dest.unreadMembers > 0 ? 0 : null,
    type: dest.members.length === 0 ? null : shareOverlap(unitGroup.kindShares, dest.kindShares),
    path: pathPrior(from, dest.folder),
  };
}

/** The signals tying one member to the rest of its group (no path prior: they share a folder). */
export function memberSignals(member: FileFeatures, group: Group): Signals {
  const others = group.members.length - 1;
  const contentOthers = group.contentMembers - (member.hasContent && member.content.size > 0 ? 1 : 0);
  return {
    name: cosineLeaveOneOut(member.name, group.name, group.nameNorm2),
    content: member.hasContent && member.content.size > 0 && contentOthers > 0 ? cosineLeaveOneOut(unit(member.content), group.content, group.contentNorm2) : null,
    type: others === 0 ? null : ((group.kinds.get(member.kind) ?? 1) - 1) / others,
    path: null,
  };
}

/** How much a folder's files belong together, in [0, 1] (see the file comment). */
export function cohesion(group: Group): number {
  if (group.members.length < 2) return 1;
  let sum = 0;
  for (const m of group.members) sum += combine(memberSignals(m, group));
  return clamp01(sum / group.members.length);
}

/** `name 0.90, content 0.71, type 1.00, path 0.50` (unmeasured signals: `content n/a`). */
export function signalsText(s: Signals): string {
  return (Object.keys(WEIGHTS) as SignalName[])
    .map((k) => {
      const v = s[k];
      return `${k} ${v === null ? 'n/a' : v.toFixed(2)}`;
    })
    .join(', ');
}
