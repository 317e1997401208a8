// Which notes hold a link that could resolve to a file of a given name: when a file of that name
// appears, leaves or moves, only those notes re-resolve, and a rename reads only those notes.
// Built lazily, on the first question: while a vault opens every note is resolved anyway, and
// the map (two keys per link) is a good part of an open's allocations.
import { DeferredMetadata, type IndexedMetadata } from './deferred-metadata';
import { linkKey } from './links/vault-paths';

/** The link path without its `#heading` / `#^block` subpath. */
export function linkpathOf(link: string): string {
  const hash = link.indexOf('#');
  return hash >= 0 ? link.slice(0, hash) : link;
}

/** Calls `visit` with every link path of a note: links, embeds and frontmatter links. */
export function forEachLinkpath(meta: IndexedMetadata, visit: (linkpath: string) => void): void {
  if (meta instanceof DeferredMetadata) {
    for (const linkpath of meta.linkpaths) visit(linkpath);
    return;
  }
  for (const l of meta.links) visit(linkpathOf(l.link));
  for (const l of meta.embeds) visit(linkpathOf(l.link));
  for (const l of meta.frontmatterLinks) visit(linkpathOf(l.link));
}

/** The file names a note's links could resolve to, as links compare them (linkKey), with and without `.md`, once each. */
function nameKeysOf(meta: IndexedMetadata): Set<string> {
  const keys = new Set<string>();
  forEachLinkpath(meta, (linkpath) => {
    const path = linkpath.trim(); // as the resolver reads it: `[[Name ]]` watches `name.md`
    const last = linkKey(path.slice(path.lastIndexOf('/') + 1) || path);
    keys.add(last);
    if (!last.endsWith('.md')) keys.add(`${last}.md`);
  });
  return keys;
}

export class LinkWatchers {
  private byName: Map<string, Set<string>> | null = null;
  /** Each watching note's keys, so that an update touches only the keys that changed. */
  private readonly keysOf = new Map<string, Set<string>>();

  /** `notes` lists every note's metadata when the map is first needed. */
  constructor(private readonly notes: () => Iterable<[string, IndexedMetadata]>) {}

  /** Whether the map exists yet (before that, updates cost nothing). */
  get built(): boolean {
    return this.byName !== null;
  }

  /** The note at `path` now holds the links of `meta` (null: the note is gone). */
  update(path: string, meta: IndexedMetadata | null): void {
    const byName = this.byName;
    if (!byName) return;
    const old = this.keysOf.get(path);
    const now = meta ? nameKeysOf(meta) : null;
    if (old) for (const key of old) if (!now?.has(key)) byName.get(key)?.delete(path);
    if (now) {
      for (const key of now) {
        if (old?.has(key)) continue;
        let set = byName.get(key);
        if (!set) byName.set(key, (set = new Set()));
        set.add(path);
      }
      this.keysOf.set(path, now);
    } else this.keysOf.delete(path);
  }

  /** Notes with a link naming a file called `key` (a lower-cased file name). */
  notesFor(key: string): ReadonlySet<string> {
    if (!this.byName) {
      this.byName = new Map();
      for (const [path, meta] of this.notes()) this.update(path, meta);
    }
    return this.byName.get(key) ?? EMPTY;
  }
}

const EMPTY: ReadonlySet<string> = new Set();
