// What a heuristic says about one file: the folder it belongs in (relative to the folder being
// organized), which heuristic said so, and why, in words a person can check.

export interface HeuristicProposal {
  /** The file's vault path. */
  path: string;
  /** Destination folder, relative to the organized folder ('' is the organized folder itself). */
  folder: string;
  heuristic: HeuristicName;
  reason: string;
  /** How sure the heuristic is, in [0, 1], when it differs from its usual strength (see ambiguity.ts). */
  confidence?: number;
  /** The type or tag a group proposal is named after (to find the owner's folder of that kind). */
  kind?: { by: 'type' | 'tag'; value: string };
  /** The date a dated-name proposal files by, and the kind of dated file (`Daily`, `Meetings`, …). */
  dated?: { kind: string; y: number; m: number; d: number };
  /** Set when the owner's own settings chose the destination (their daily notes folder and format). */
  byOwnerSetting?: boolean;
}

export type HeuristicName = 'dated name' | 'attachment type' | 'attachment folder' | 'frontmatter type' | 'shared tag' | 'shared property' | 'hub note' | 'conflict copy';

/** Title Case of a word or tag segment, for folder names: `area/health` -> `Area/Health`. */
export function titleCase(text: string): string {
  return text
    .split('/')
    .map((seg) => seg.replace(/[-_]+/gu, ' ').replace(/(^|\s)(\p{Ll})/gu, (_m, sp: string, c: string) => sp + c.toUpperCase()))
    .join('/');
}

const IRREGULAR: Record<string, string> = { person: 'People', child: 'Children', index: 'Indexes', media: 'Media', news: 'News', series: 'Series' };

/** The plural of a type name as a folder name: `meeting` -> `Meetings`, `person` -> `People`. */
export function pluralFolder(type: string): string {
  const lower = type.toLowerCase().trim();
  const irregular = IRREGULAR[lower];
  if (irregular) return irregular;
  const title = titleCase(lower);
  if (/[^aeiou]y$/u.test(lower)) return title.slice(0, -1) + 'ies';
  if (/(s|x|z|ch|sh)$/u.test(lower)) return title + 'es';
  return title + 's';
}
