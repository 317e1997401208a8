// Link resolution as Obsidian's MetadataCache.getLinkpathDest / getFirstLinkpathDest do it, from
// the vault's file paths alone. Obsidian's steps (its app.js, as seen in decompiled form):
//   1. An empty link path (`[[#Heading]]`) is the source note itself.
//   2. Candidates are the files whose *file name* matches, case-insensitively: the last segment of
//      the link as written if it has a dot (`img.png`, `Note.md`), otherwise that segment + `.md`.
//      No candidate: unresolved. Only if the link is a bare name and one file has it: that file.
//   3. `./x` and `../x` are resolved against the source note's folder; an exact path match wins.
//   4. A leading `/` is stripped; a candidate whose whole path equals the link wins (`Folder/Note`).
//      A link that started with `/` resolves no further.
//   5. Otherwise every candidate whose path ends with the link (`Folder/Note` matches
//      `A/Folder/Note.md`) is a match. Candidates whose path starts with the source's folder come
//      first, then the others. Obsidian's test is a plain string suffix with no segment boundary
//      (`B/Note` also matches `AB/Note.md`), and a relative link that led nowhere in step 3 gets
//      here too, as its resolved absolute path; both kept as Obsidian does them.
// Undocumented, and our choice (Obsidian sorts each group with an internal comparator):
//   - within each group: shorter path first, then code-unit order of the path;
//   - "starts with the source's folder" is a raw string prefix test with no trailing slash, as in
//     Obsidian, so a note in `A/` also prefers `AB/Note.md` over `C/Note.md`; the vault root's
//     folder is "", which every path starts with;
//   - two files whose paths differ only in case: the one first in code-unit order wins steps 3-4.
// Names compare ignoring case and in Unicode NFC (linkKey): `[[Café]]` typed composed finds a
// file the disk names decomposed, whose path keeps its own bytes.

import { type NameLists, OverlayLists, OverlaySet, type PathSet } from '../../collections/overlay-collections';
import { fileName, folderOf, linkKey } from './vault-paths';

function byLengthThenCodeUnits(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

export class LinkResolver {
  /** File name as links compare it (linkKey) -> paths holding it, kept sorted by code units. */
  private readonly byName: NameLists;
  private readonly files: PathSet;

  constructor(paths: Iterable<string> = [], over?: { files: PathSet; byName: NameLists }) {
    this.files = over?.files ?? new Set<string>();
    this.byName = over?.byName ?? new Map<string, string[]>();
    for (const path of paths) this.add(path);
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  get size(): number {
    return this.files.size;
  }

  paths(): IterableIterator<string> {
    return this.files.values();
  }

  /** Every file whose path is `lowerPath` ignoring case (FileLookup's question, from the names kept here). */
  filesIgnoringCase(lowerPath: string): readonly string[] {
    return (this.byName.get(linkKey(fileName(lowerPath))) ?? []).filter((p) => p.toLowerCase() === lowerPath);
  }

  add(path: string): void {
    if (this.files.has(path)) return;
    this.files.add(path);
    const key = linkKey(fileName(path));
    this.byName.own?.(key);
    const list = this.byName.get(key);
    if (!list) {
      this.byName.set(key, [path]);
      return;
    }
    let i = list.length;
    while (i > 0 && (list[i - 1] ?? '') > path) i--;
    list.splice(i, 0, path);
  }

  remove(path: string): void {
    if (!this.files.delete(path)) return;
    const key = linkKey(fileName(path));
    this.byName.own?.(key);
    const list = this.byName.get(key);
    if (!list) return;
    const i = list.indexOf(path);
    if (i !== -1) list.splice(i, 1);
    if (list.length === 0) this.byName.delete(key);
  }

  rename(from: string, to: string): void {
    if (!this.files.has(from)) return;
    this.remove(from);
    this.add(to);
  }

  /**
   * A resolver for the vault after `renames`, made from this one without touching it: it sees
   * this one's tables through a layer that holds only the names the renames involve, so it costs
   * the renames, not the vault. (This one must not change while the result is in use.)
   */
  withRenames(renames: readonly { from: string; to: string }[]): LinkResolver {
    const copy = new LinkResolver([], { files: new OverlaySet(this.files), byName: new OverlayLists(this.byName) });
    for (const r of renames) copy.remove(r.from);
    for (const r of renames) copy.add(r.to);
    return copy;
  }

  /** Every file the link path may mean, best first (Obsidian's getLinkpathDest). */
  candidates(written: string, sourcePath: string): string[] {
    const linkpath = written.trim();
    if (linkpath === '' && written !== '') return [];
    if (linkpath === '') return this.files.has(sourcePath) ? [sourcePath] : [];
    let wanted = linkKey(linkpath);
    let name = fileName(wanted);
    let found = name.includes('.') ? this.byName.get(name) : undefined;
    if (!found) {
      wanted = linkKey(linkpath + '.md');
      name = fileName(wanted);
      found = this.byName.get(name);
    }
    if (!found) return [];
    if (name === wanted && found.length === 1) return found.slice();

    // Twins (`Café` composed and decomposed, two files on a disk that keeps both): the one spelled
    // as the link is typed comes first.
    const typed = fileName(linkpath).toLowerCase();
    const asTyped = (p: string): number => (fileName(p).toLowerCase().startsWith(typed) ? 0 : 1);
    const first = (ps: string[]): string | undefined => ps.sort((a, b) => asTyped(a) - asTyped(b))[0];
    let folder = linkKey(folderOf(sourcePath));
    if (wanted.startsWith('./') || wanted.startsWith('../')) {
      if (wanted.startsWith('./../')) wanted = wanted.slice(2);
      const dotSlash = wanted.startsWith('./');
      if (dotSlash) wanted = wanted.slice(2);
      while (!dotSlash && wanted.startsWith('../')) {
        wanted = wanted.slice(3);
        folder = folderOf(folder);
      }
      // As in Obsidian, the folder keeps this trailing slash for the suffix step below.
      if (folder !== '') folder += '/';
      wanted = folder + wanted;
      const exact = first(found.filter((p) => linkKey(p) === wanted));
      if (exact !== undefined) return [exact];
    }
    if (wanted.startsWith('/')) wanted = wanted.slice(1);
    const exact = first(found.filter((p) => linkKey(p) === wanted));
    if (exact !== undefined) return [exact];
    if (linkpath.startsWith('/')) return [];

    const near: string[] = [];
    const far: string[] = [];
    for (const p of found) {
      const lower = linkKey(p);
      if (lower.endsWith(wanted)) (lower.startsWith(folder) ? near : far).push(p);
    }
    return [...near.sort(byLengthThenCodeUnits), ...far.sort(byLengthThenCodeUnits)];
  }

  /**
   * The file a link path leads to, or null (Obsidian's getFirstLinkpathDest). Spaces around the
   * path are not part of it: `[[Name ]]` leads to `Name.md`, as in Obsidian.
   */
  resolve(written: string, sourcePath: string): string | null {
    const linkpath = written.trim();
    if (linkpath === '' && written !== '') return null;
    // Most links are a bare name that one file has, or none: answer those as `candidates` would
    // without building its lists (a vault opening resolves every link).
    if (linkpath !== '' && !linkpath.includes('/')) {
      const lower = linkKey(linkpath);
      const found = (lower.includes('.') ? this.byName.get(lower) : undefined) ?? this.byName.get(`${lower}.md`);
      if (!found) return null;
      if (found.length === 1) return found[0] ?? null;
    }
    return this.candidates(linkpath, sourcePath)[0] ?? null;
  }
}
