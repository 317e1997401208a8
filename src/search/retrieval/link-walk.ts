// Breadth-first walks over resolved links, from one note to depth 0-3: outgoing links, backlinks
// or both. Notes in excluded folders are walls: never returned, never walked through, so a note
// reachable only through an excluded folder is not found. Each result says its depth and the
// note it was first reached from. Only notes are walked (attachments have no links of their own).

import { bounded, type Bounded, type Wall } from './walls';

export type LinkDirection = 'in' | 'out' | 'both';

export interface RelatedNote {
  path: string;
  /** Links between the start and this note (1 for a direct link). */
  depth: number;
  /** The note it was reached from (the start note at depth 1). */
  from: string;
  /** How it was reached: by a link, or as a note in the start note's folder. */
  via: 'link' | 'folder';
}

export interface WalkOptions {
  depth: number;
  direction: LinkDirection;
  wall: Wall;
  limit: number;
  /** Notes in the start note's folder, at depth 1 (after the linked ones). */
  sameFolder?: string[];
}

export const MAX_WALK_DEPTH = 3;

type Links = Record<string, Record<string, number>>;

function isNote(path: string): boolean {
  return path.toLowerCase().endsWith('.md');
}

/** target -> sources, built once per walk (Obsidian has no backlink index to ask cheaply). */
function invert(links: Links): Map<string, Map<string, number>> {
  const incoming = new Map<string, Map<string, number>>();
  for (const [source, targets] of Object.entries(links)) {
    for (const [target, count] of Object.entries(targets)) {
      let m = incoming.get(target);
      if (m === undefined) incoming.set(target, (m = new Map<string, number>()));
      m.set(source, count);
    }
  }
  return incoming;
}

export function walkLinks(links: Links, start: string, options: WalkOptions): Bounded<RelatedNote> {
  const depth = Math.max(0, Math.min(MAX_WALK_DEPTH, Math.floor(options.depth)));
  const incoming = options.direction === 'out' ? null : invert(links);
  const neighbours = (path: string): [string, number][] => {
    const counts = new Map<string, number>();
    if (options.direction !== 'in') for (const [t, c] of Object.entries(links[path] ?? {})) counts.set(t, (counts.get(t) ?? 0) + c);
    if (incoming !== null) for (const [s, c] of incoming.get(path) ?? []) counts.set(s, (counts.get(s) ?? 0) + c);
    // Most-linked first, then by path, so a bounded walk keeps the strongest ties.
    return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  };
  const seen = new Set<string>([start]);
  const out: RelatedNote[] = [];
  let frontier = [start];
  for (let d = 1; d <= depth && frontier.length > 0; d++) {
    const next: string[] = [];
    for (const from of frontier) {
      for (const [path] of neighbours(from)) {
        if (seen.has(path) || !isNote(path) || options.wall(path)) continue;
        seen.add(path);
        out.push({ path, depth: d, from, via: 'link' });
        next.push(path);
      }
    }
    frontier = next;
  }
  for (const path of options.sameFolder ?? []) {
    if (seen.has(path) || options.wall(path)) continue;
    seen.add(path);
    out.push({ path, depth: 1, from: start, via: 'folder' });
  }
  return bounded(out, options.limit);
}
