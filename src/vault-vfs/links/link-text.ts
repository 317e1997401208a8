// Writing a link path for a file: Obsidian's fileToLinktext for the vault's `newLinkFormat`, the
// encoding of markdown destinations, and the fallbacks tried when Obsidian's own text would not
// lead back to the file (the caller checks each candidate with the resolver and keeps the first
// that works).

import type { NewLinkFormat } from '../vault-port';
import type { LinkResolver } from './resolver';
import { fileName, folderOf, linkName, withoutMdExtension } from './vault-paths';

export type LinkKind = 'wikilink' | 'markdown';

/**
 * Obsidian's fileToLinktext. Wikilinks leave out `.md` (`omitMdExtension`), markdown links keep it.
 * - absolute: the full path;
 * - relative: `../` up to the closest common folder, then down (no `./` prefix, as Obsidian);
 * - shortest: the bare name when it leads to exactly this file from `sourcePath`, else the full path.
 */
export function fileToLinktext(
  target: string,
  sourcePath: string,
  format: NewLinkFormat,
  resolver: LinkResolver,
  omitMdExtension: boolean,
): string {
  const full = omitMdExtension ? withoutMdExtension(target) : target;
  if (format === 'absolute') return full;
  if (format === 'relative') {
    let up = '';
    let folder = folderOf(sourcePath);
    while (folder !== '' && !full.startsWith(folder + '/')) {
      up = '../' + up;
      folder = folderOf(folder);
    }
    return folder !== '' && full.startsWith(folder + '/') ? up + full.slice(folder.length + 1) : up + full;
  }
  const name = omitMdExtension ? linkName(target) : fileName(target);
  const dest = resolver.candidates(name, sourcePath);
  return dest.length === 1 && dest[0] === target ? name : full;
}

/**
 * Link paths to try for `target`, best first: Obsidian's text for the format, then forms that
 * resolve more directly (`./` for a relative path that Obsidian would read as vault-absolute
 * first, the full path, the full path with its extension).
 */
export function linkPathCandidates(
  target: string,
  sourcePath: string,
  format: NewLinkFormat,
  resolver: LinkResolver,
  kind: LinkKind,
): string[] {
  const omit = kind === 'wikilink';
  const first = fileToLinktext(target, sourcePath, format, resolver, omit);
  const out = [first];
  if (format === 'relative' && !first.startsWith('../')) out.push('./' + first);
  out.push(omit ? withoutMdExtension(target) : target, target);
  return [...new Set(out)];
}

/**
 * Characters a plain markdown destination cannot hold as they are: whitespace ends it, `%` would
 * be decoded, `#` starts the subpath, parentheses and brackets may unbalance it, `|` splits table
 * cells, and `` ` `` / `$` could pair with other characters on the line as code or math.
 */
// eslint-disable-next-line no-control-regex -- control characters must be encoded too
const PLAIN_UNSAFE = /[\s%()<>#[\]\\|`$]|[\u0000-\u001f\u007f]/g;
/** Inside `<...>` only these must be encoded. */
// eslint-disable-next-line no-control-regex -- control characters must be encoded too
const ANGLE_UNSAFE = /[%<>#\\`$\n\r]|[\u0000-\u001f\u007f]/g;

function percentEncode(ch: string): string {
  return encodeURIComponent(ch).replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** The path as written in a markdown destination: percent-encoded, or as is inside `<...>`. */
export function encodeDestination(path: string, angle: boolean): string {
  return path.replace(angle ? ANGLE_UNSAFE : PLAIN_UNSAFE, percentEncode);
}

/** Whether a wikilink can hold this path at all (no `|`, `#`, brackets or line breaks). */
export function fitsInWikilink(path: string): boolean {
  return !/[|#\n\r]|\[\[|\]\]|^\]|\[$/.test(path) && path.trim() === path && path !== '';
}
