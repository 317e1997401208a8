// One group, one folder: when two heuristics name the same kind of note in singular and plural
// (`#person` gives `Person`, `type: person` gives `People`; `#meeting` gives `Meeting`, dated
// meeting notes `Meetings/2024/03`), or the vault already has the plural folder (`Books/` for a
// `#book` tag), the singular goes to the plural, spelled as it already is. Otherwise a group of
// people would be split over two folders by which signal happened to fire. Only the folders
// Reeve names after a type, tag or property group are renamed, never one the user already has.
import type { HeuristicProposal } from './proposal';
import { pluralFolder } from './proposal';

const firstSegment = (folder: string): string => folder.split('/')[0] ?? '';

/**
 * `proposals`: every heuristic's suggestions (folders relative to the organized folder);
 * `existing`: the organized folder's current subfolders, relative.
 */
export function unifyGroupNames(proposals: readonly HeuristicProposal[], existing: readonly string[]): HeuristicProposal[] {
  const spelled = new Map<string, string>();
  for (const f of [...existing, ...proposals.map((p) => p.folder)]) {
    const top = firstSegment(f);
    if (top !== '' && !spelled.has(top.toLowerCase())) spelled.set(top.toLowerCase(), top);
  }
  const mine = new Set(existing.map((f) => firstSegment(f).toLowerCase()));
  const to = new Map<string, string>();
  for (const [lower, top] of spelled) {
    if (top.includes(' ') || mine.has(lower)) continue;
    const plural = spelled.get(pluralFolder(top).toLowerCase());
    if (plural !== undefined && plural.toLowerCase() !== lower) to.set(lower, plural);
  }
  if (to.size === 0) return [...proposals];
  return proposals.map((p) => {
    if (p.heuristic !== 'frontmatter type' && p.heuristic !== 'shared tag' && p.heuristic !== 'shared property') return p;
    const top = firstSegment(p.folder);
    const plural = to.get(top.toLowerCase());
    return plural === undefined ? p : { ...p, folder: plural + p.folder.slice(top.length), reason: `${p.reason}; filed with the other ${plural.toLowerCase()}` };
  });
}
