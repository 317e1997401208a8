// One note's links as resolved: for each of its link paths (links, embeds, frontmatter links, in
// that order), the file it leads to or null. The counts by target that `resolvedLinks` and
// backlinks use are made from these when first asked for. The targets themselves may come later
// too: a warm open of the Node adapter takes them from the metadata cache, decoded only for the
// notes a command looks at (see metadata-cache.ts), which is what keeps the open near a raw read.
import { DeferredMetadata, type IndexedMetadata } from './deferred-metadata';
import { forEachLinkpath } from './link-watchers';

export type LinkTargets = readonly (string | null)[];

/** A note's link paths in the order NoteLinks and the metadata cache keep their targets. */
export function linkpathList(meta: IndexedMetadata): readonly string[] {
  if (meta instanceof DeferredMetadata) return meta.linkpaths;
  const out: string[] = [];
  forEachLinkpath(meta, (linkpath) => out.push(linkpath));
  return out;
}

export class NoteLinks {
  private list: LinkTargets | null = null;
  private load: (() => LinkTargets) | null = null;
  private counts: { resolved: Map<string, number>; unresolved: Map<string, number> } | null = null;

  private paths: readonly string[] | (() => readonly string[]) | DeferredMetadata;

  constructor(
    /** The link paths, or how to get them (a cached note's are decoded when first read, from its deferred metadata). */
    linkpaths: readonly string[] | (() => readonly string[]) | DeferredMetadata,
    /** The targets, or how to get them (called at most once; they never change afterwards). */
    targets: LinkTargets | (() => LinkTargets),
  ) {
    this.paths = linkpaths;
    if (typeof targets === 'function') this.load = targets;
    else this.list = targets;
  }

  get linkpaths(): readonly string[] {
    if (typeof this.paths === 'function') this.paths = this.paths();
    else if (this.paths instanceof DeferredMetadata) return this.paths.linkpaths;
    return this.paths;
  }

  get targets(): LinkTargets {
    if (this.list === null) {
      this.list = this.load?.() ?? [];
      this.load = null;
    }
    return this.list;
  }

  private tally(): { resolved: Map<string, number>; unresolved: Map<string, number> } {
    if (this.counts === null) {
      const resolved = new Map<string, number>();
      const unresolved = new Map<string, number>();
      const targets = this.targets;
      this.linkpaths.forEach((linkpath, i) => {
        const target = targets[i] ?? null;
        if (target !== null) resolved.set(target, (resolved.get(target) ?? 0) + 1);
        else unresolved.set(linkpath, (unresolved.get(linkpath) ?? 0) + 1);
      });
      this.counts = { resolved, unresolved };
    }
    return this.counts;
  }

  /** target -> number of links to it. */
  get resolved(): ReadonlyMap<string, number> {
    return this.tally().resolved;
  }

  /** link path -> number of links that lead nowhere. */
  get unresolved(): ReadonlyMap<string, number> {
    return this.tally().unresolved;
  }
}
