// Cohesion: how strongly a note is tied to a group of notes, so that a note already among notes it
// resembles is left there. The tie between two notes is a small, explainable sum:
//   2 when either links to the other, + 1 per tag they share, + 1 per name token they share
// (name tokens: words of 3+ letters or digits in the file name, lower case, common words dropped).
// A note's affinity to a group is the sum of its ties to the group's other notes. A weak signal
// (hub note, shared tag) moves a note out of a subfolder only when the note's affinity to the
// destination's notes is greater than its affinity to its current folder-mates, or when it has no
// tie at all to them.
import type { FileRecord } from '../../../vault-vfs/file-record';

const COMMON = new Set(['the', 'and', 'for', 'with', 'how', 'what', 'why', 'your', 'you', 'from', 'into', 'about', 'note', 'notes', 'untitled', 'copy']);

/** The words of a file name that say what it is about. */
export function nameTokens(name: string): Set<string> {
  return new Set(
    name
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t.length >= 3 && !COMMON.has(t)),
  );
}

function shared(a: Iterable<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const x of new Set(a)) if (b.has(x)) n++;
  return n;
}

/** The tie between two notes (see the file comment); 0 for a note and itself. */
export function tie(a: FileRecord, b: FileRecord): number {
  if (a.path === b.path) return 0;
  const linked = a.links.includes(b.path) || b.links.includes(a.path) || a.backlinks.includes(b.path) || b.backlinks.includes(a.path);
  const tagsB = new Set(b.tags.map((t) => t.toLowerCase()));
  return (linked ? 2 : 0) + shared(a.tags.map((t) => t.toLowerCase()), tagsB) + shared(nameTokens(a.name), nameTokens(b.name));
}

/** The sum of a note's ties to the other notes of a group. */
export function affinity(note: FileRecord, group: readonly FileRecord[]): number {
  return group.reduce((sum, m) => sum + tie(note, m), 0);
}

/** Whether a note stays among its folder-mates rather than joining `destination`'s notes. */
export function staysWithFolderMates(note: FileRecord, folderMates: readonly FileRecord[], destination: readonly FileRecord[]): { stays: boolean; here: number; there: number } {
  const here = affinity(note, folderMates);
  const there = affinity(note, destination);
  return { stays: here > 0 && here >= there, here, there };
}
