// Two names of different bytes are two files: a disk may hold `Café.md` composed (NFC) beside
// `Café.md` decomposed (NFD). Rules compare names in NFC (file-records.ts, grammar-actions.ts), so that a
// name typed composed finds a file the disk spells decomposed, and a rule naming `Café` names
// both twins. A rule whose text spells one twin's name, and not the other's, names that file
// only: what the user typed decides, as the bytes of the name they pasted.
import { extOf } from '../vault-vfs/path-safety';

/** Anything but printable ASCII: only such names can change under NFC. */
const NON_ASCII = /[^\x20-\x7e]/;

/** A path's segments, the last without its extension: the names a rule's text can spell. */
function spelledNames(path: string): string[] {
  const segments = path.split('/');
  const last = segments.length - 1;
  const ext = extOf(path);
  if (ext !== '') segments[last] = (segments[last] as string).slice(0, -(ext.length + 1));
  return segments;
}

export class TwinNames {
  /** NFC form of a path -> the paths (two or more) with that form. Only twins are kept. */
  private readonly groups = new Map<string, string[]>();

  constructor(paths: Iterable<string>) {
    const all = new Map<string, string[]>();
    for (const p of paths) {
      if (!NON_ASCII.test(p)) continue;
      const key = p.normalize('NFC');
      const group = all.get(key);
      if (group) group.push(p);
      else all.set(key, [p]);
    }
    for (const [key, group] of all) if (group.length > 1) this.groups.set(key, group);
  }

  /** Whether a rule whose text is `source` leaves `path` to its twin: it spells the twin's name and not this one's. */
  leavesOut(source: string, path: string): boolean {
    if (this.groups.size === 0) return false;
    const group = this.groups.get(path.normalize('NFC'));
    if (!group) return false;
    const mine = spelledNames(path);
    for (const other of group) {
      if (other === path) continue;
      const theirs = spelledNames(other);
      for (const [i, name] of mine.entries()) {
        const twin = theirs[i] ?? name;
        if (twin !== name && source.includes(twin) && !source.includes(name)) return true;
      }
    }
    return false;
  }
}
