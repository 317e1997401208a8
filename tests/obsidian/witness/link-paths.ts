// The witness's link resolution (MetadataCache.getFirstLinkpathDest) and link writing
// (fileToLinktext for the vault's "New link format"), over the vault's files looked up by name
// (FileNameIndex, kept from the vault's events; scannedFileNames looks at every file, and a test
// holds the two to the same answers).
// Documented: links name a note by file name (`.md` left out) or by path from the vault root
// ("Internal links"); markdown links may be relative to the note (`../x.md`); "Shortest path when
// possible" writes the bare name when it is unique ("Settings"). Not documented, and taken from
// how Obsidian behaves: names match case-insensitively; a path that is not found from the root
// matches any file whose path ends with it; among several files with the name, those under the
// linking note's folder come first, then the shorter path, then code-unit order.

export type LinkFormat = 'shortest' | 'relative' | 'absolute';

const lower = (s: string): string => s.toLowerCase();
const folderOf = (p: string): string => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const nameOf = (p: string): string => p.slice(p.lastIndexOf('/') + 1);
const lastSegment = (link: string): string => link.slice(link.lastIndexOf('/') + 1);
/** The file name a link asks for: as written when it has an extension, else a note. */
export const wantedName = (link: string): string => (lastSegment(link).includes('.') ? lastSegment(link) : `${lastSegment(link)}.md`);

/** What resolution asks of the vault's files: whether a path is one, and the files of a (lower-cased) name. */
export interface FileNames {
  has(path: string): boolean;
  named(lowerName: string): readonly string[];
}

/** The files by name, kept as files come and go: each question costs the files of that name. */
export class FileNameIndex implements FileNames {
  private readonly paths = new Set<string>();
  private readonly byName = new Map<string, Set<string>>();

  static of(paths: Iterable<string>): FileNameIndex {
    const index = new FileNameIndex();
    for (const p of paths) index.add(p);
    return index;
  }

  add(path: string): void {
    this.paths.add(path);
    const key = lower(nameOf(path));
    let set = this.byName.get(key);
    if (!set) this.byName.set(key, (set = new Set()));
    set.add(path);
  }

  remove(path: string): void {
    this.paths.delete(path);
    this.byName.get(lower(nameOf(path)))?.delete(path);
  }

  has(path: string): boolean {
    return this.paths.has(path);
  }

  /** Every file inside the folder `folder`. */
  under(folder: string): string[] {
    return [...this.paths].filter((p) => p.startsWith(folder + '/'));
  }

  named(lowerName: string): readonly string[] {
    return [...(this.byName.get(lowerName) ?? [])];
  }
}

/** The files by name found by looking at every file, each time: the plain reading the index must match. */
export function scannedFileNames(files: readonly string[]): FileNames {
  return { has: (p) => files.includes(p), named: (n) => files.filter((f) => lower(nameOf(f)) === n) };
}

/** `folder` joined with a `./` or `../` path, or null when it climbs out of the vault. */
function joinRelative(folder: string, link: string): string | null {
  const parts = folder === '' ? [] : folder.split('/');
  for (const seg of link.split('/')) {
    if (seg === '.' || seg === '') continue;
    if (seg === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/');
}

function byPreference(sourceFolder: string): (a: string, b: string) => number {
  const near = (p: string): number => (p.startsWith(sourceFolder) ? 0 : 1);
  return (a, b) => near(a) - near(b) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The file a link path (no `#subpath`) leads to from `sourcePath`, or null. The spaces around the
 * path are not part of it: `[[Quick Switcher ]]` resolves (observed: issue 25 checked links on five
 * public vaults, and the Help vault's own `[[Quick Switcher ]]` in Settings.md is a working link).
 */
export function resolveLinkpath(files: FileNames, written: string, sourcePath: string): string | null {
  const linkpath = written.trim();
  if (linkpath === '') return files.has(sourcePath) ? sourcePath : null;
  const name = lower(wantedName(linkpath));
  const candidates = [...files.named(name)].sort();
  if (candidates.length === 0) return null;
  if (!linkpath.includes('/') && candidates.length === 1) return candidates[0] ?? null;
  const withExt = (p: string): string => (lastSegment(p).includes('.') ? p : `${p}.md`);
  let path = linkpath;
  if (path.startsWith('./') || path.startsWith('../')) {
    const joined = joinRelative(folderOf(sourcePath), path);
    if (joined !== null) {
      const exact = candidates.find((c) => c === withExt(joined));
      if (exact) return exact;
      path = joined;
    }
  }
  const absolute = path.startsWith('/');
  path = path.replace(/^\/+/, '');
  const whole = candidates.find((c) => lower(c) === lower(withExt(path)));
  if (whole) return whole;
  if (absolute) return null;
  const tail = lower(withExt(path));
  const ends = candidates.filter((c) => lower(c).endsWith(tail));
  return ends.sort(byPreference(folderOf(sourcePath)))[0] ?? null;
}

/** How Obsidian writes a link to `target` from `sourcePath` (without `.md` for wikilinks). */
export function linktextFor(files: FileNames, target: string, sourcePath: string, format: LinkFormat, omitMd: boolean): string {
  const full = omitMd && target.endsWith('.md') ? target.slice(0, -3) : target;
  if (format === 'absolute') return full;
  if (format === 'relative') {
    const from = folderOf(sourcePath).split('/').filter((s) => s !== '');
    const to = full.split('/');
    let common = 0;
    while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
    return '../'.repeat(from.length - common) + to.slice(common).join('/');
  }
  const unique = files.named(lower(nameOf(target))).length === 1;
  return unique ? nameOf(full) : full;
}
