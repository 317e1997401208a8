// The vault's link graph, as Obsidian's metadataCache.resolvedLinks / unresolvedLinks: for each
// note, how many of its links, embeds and frontmatter links (Obsidian 1.4+ counts those too) lead
// to each file, and how many lead nowhere, keyed by the link path as written (subpath removed).
// Every note has an entry, possibly empty; other files have none.

import type { NoteMetadata } from '../metadata-types';
import { LinkResolver } from './resolver';
import { splitSubpath } from './subpath';

export type LinkCounts = Record<string, Record<string, number>>;

export interface LinkGraph {
  /** source -> target path -> count. */
  resolved: LinkCounts;
  /** source -> link path as written -> count. */
  unresolved: LinkCounts;
}

/** Every link of a note in Obsidian's traversal order: links, embeds, frontmatter links. */
export function linkTexts(meta: NoteMetadata): string[] {
  const out: string[] = [];
  for (const ref of meta.links) out.push(ref.link);
  for (const ref of meta.embeds) out.push(ref.link);
  for (const ref of meta.frontmatterLinks) out.push(ref.link);
  return out;
}

/** Counts the links of one note (Obsidian's resolveLinks for one file). */
export function resolveNoteLinks(
  source: string,
  meta: NoteMetadata,
  resolver: LinkResolver,
): { resolved: Record<string, number>; unresolved: Record<string, number> } {
  // Null-prototype records: a file may be called `__proto__` or `constructor`.
  const resolved = Object.create(null) as Record<string, number>;
  const unresolved = Object.create(null) as Record<string, number>;
  for (const link of linkTexts(meta)) {
    const { path } = splitSubpath(link);
    const target = resolver.resolve(path, source);
    if (target !== null) resolved[target] = (resolved[target] ?? 0) + 1;
    else unresolved[path] = (unresolved[path] ?? 0) + 1;
  }
  return { resolved, unresolved };
}

/**
 * The graph of a vault. `paths` is every file (notes and attachments); `metadataOf` gives a note's
 * metadata and null for other files. Pass a resolver to reuse one already built from `paths`.
 */
export function buildLinkGraph(
  paths: Iterable<string>,
  metadataOf: (path: string) => NoteMetadata | null,
  resolver?: LinkResolver,
): LinkGraph {
  const all = [...paths];
  const r = resolver ?? new LinkResolver(all);
  const graph: LinkGraph = {
    resolved: Object.create(null) as LinkCounts,
    unresolved: Object.create(null) as LinkCounts,
  };
  for (const source of all) {
    const meta = metadataOf(source);
    if (!meta) continue;
    const counts = resolveNoteLinks(source, meta, r);
    graph.resolved[source] = counts.resolved;
    graph.unresolved[source] = counts.unresolved;
  }
  return graph;
}

/** target -> sorted notes linking to it (a note linking to itself is its own backlink). */
export function backlinkIndex(graph: LinkGraph): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const [source, targets] of Object.entries(graph.resolved)) {
    for (const target of Object.keys(targets)) {
      const list = index.get(target);
      if (list) list.push(source);
      else index.set(target, [source]);
    }
  }
  for (const list of index.values()) list.sort();
  return index;
}

/** Notes that link to `target`, sorted. */
export function backlinksOf(graph: LinkGraph, target: string): string[] {
  const out: string[] = [];
  for (const [source, targets] of Object.entries(graph.resolved)) {
    if (Object.prototype.hasOwnProperty.call(targets, target)) out.push(source);
  }
  return out.sort();
}
