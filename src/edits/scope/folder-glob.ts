// Folder globs for the editable scope: `Projects` (the folder and everything in it),
// `Projects/**`, `Daily/*.md`, `**/Drafts/**`. `*` stays within one path segment, `**` crosses
// segments, `?` is one character. Matching is case-sensitive: a scope only ever grants what it
// names exactly.

function escapeRegExp(s: string): string {
  return s.replace(/[.+^${}()|[\]\\]/g, '\\$&');
}

export type PathMatcher = (path: string) => boolean;

export function compileFolderGlob(glob: string): PathMatcher {
  const g = glob.trim().replace(/^\/+|\/+$/g, '');
  if (g === '' || g === '**') return () => true;
  if (!/[*?]/.test(g)) return (p) => p === g || p.startsWith(g + '/');
  let re = '';
  for (let i = 0; i < g.length; i++) {
    const c = g[i] as string;
    if (c === '*' && g[i + 1] === '*') {
      i++;
      if (g[i + 1] === '/') {
        i++;
        re += '(?:.*/)?';
      } else re += '.*';
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += escapeRegExp(c);
  }
  const rx = new RegExp(`^${re}$`);
  return (p) => rx.test(p);
}
