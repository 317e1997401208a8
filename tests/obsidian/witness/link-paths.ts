// The witness's link resolution (MetadataCache.getFirstLinkpathDest) and link writing
// (fileToLinktext for the vault's "New link format"), over a plain list of the vault's file paths.
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
const wantedName = (link: string): string => (lastSegment(link).includes('.') ? lastSegment(link) : `${lastSegment(link)}.md`);

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

/** The file a link path (no `#subpath`) leads to from `sourcePath`, or null. */
export function resolveLinkpath(files: readonly string[], linkpath: string, sourcePath: string): string | null {
  if (linkpath === '') return files.includes(sourcePath) ? sourcePath : null;
  const name = lower(wantedName(linkpath));
  const candidates = files.filter((f) => lower(nameOf(f)) === name).sort();
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
export function linktextFor(files: readonly string[], target: string, sourcePath: string, format: LinkFormat, omitMd: boolean): string {
  const full = omitMd && target.endsWith('.md') ? target.slice(0, -3) : target;
  if (format === 'absolute') return full;
  if (format === 'relative') {
    const from = folderOf(sourcePath).split('/').filter((s) => s !== '');
    const to = full.split('/');
    let common = 0;
    while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
    return '../'.repeat(from.length - common) + to.slice(common).join('/');
  }
  const unique = files.filter((f) => lower(nameOf(f)) === lower(nameOf(target))).length === 1;
  return unique ? nameOf(full) : full;
}
