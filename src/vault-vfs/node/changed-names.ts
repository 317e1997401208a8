// When may a note's cached link targets be used although files came, went or moved? A link is
// resolved (links/resolver.ts) from the files whose lower-cased name is the link's last segment,
// or that segment + `.md`, and from the note's own path; nothing else. So a cached note's links
// resolve as before unless one of its links names a file name that some added or removed file
// has. A renamed file is both: its old name and its new one.
import { fileName } from '../links/vault-paths';

/** The lower-cased file names of the files in one list and not in the other. */
export function changedNames(before: readonly string[], after: readonly string[]): Set<string> {
  const changed = new Set<string>();
  const old = new Set(before);
  const now = new Set(after);
  for (const p of after) if (!old.has(p)) changed.add(fileName(p).toLowerCase());
  for (const p of before) if (!now.has(p)) changed.add(fileName(p).toLowerCase());
  return changed;
}

/** Whether links with these link paths may now resolve differently (see above). */
export function mayResolveDifferently(linkpaths: readonly string[], changed: ReadonlySet<string>): boolean {
  if (changed.size === 0) return false;
  for (const linkpath of linkpaths) {
    // `[[#Heading]]` is the note itself, which is here.
    if (linkpath === '') continue;
    const name = fileName(linkpath.toLowerCase());
    if (changed.has(name) || changed.has(`${name}.md`)) return true;
  }
  return false;
}
