// A note's metadata that is not decoded yet. The Node adapter's metadata cache hands the vault
// index one of these per unchanged note: it knows the note's link paths (all the link graph
// needs) and decodes the rest when the note's metadata is first asked for, which most notes of a
// large vault never are within one CLI run. Making full metadata objects for 100k notes at open
// would cost more than the raw read the warm open is measured against.
import type { NoteMetadata } from './metadata-types';
import type { LinkTargets, NoteLinks } from './note-links';

export class DeferredMetadata {
  private list: readonly string[] | null;
  /** The path where the vault index took its `resolvedLinks` as the note's (null: it resolves them itself). */
  linksResolvedAt: string | null = null;
  private readList: (() => readonly string[]) | null;

  constructor(
    /** Its link paths, or how to decode them (at most once; a warm open that never asks decodes none). */
    linkpaths: readonly string[] | (() => readonly string[]) | null,
    /** How to decode the metadata (null: a subclass's `load` does). */
    private readonly decode: (() => NoteMetadata) | null,
  ) {
    this.list = typeof linkpaths === 'function' ? null : linkpaths;
    this.readList = typeof linkpaths === 'function' ? linkpaths : null;
  }

  /** The link paths of its links, embeds and frontmatter links in that order, subpaths cut. */
  get linkpaths(): readonly string[] {
    if (this.list === null) {
      this.list = this.readList?.() ?? this.readLinkpaths();
      this.readList = null;
    }
    return this.list;
  }

  /**
   * Where a subclass decodes the link paths itself (given neither list nor function): one object
   * per note instead of an object and closures, for the 100k notes a warm open hands the index.
   */
  protected readLinkpaths(): readonly string[] {
    return [];
  }

  /**
   * Its links as resolved among the vault's files, where it knows them (a warm open's cached note:
   * its cached targets, `resolveAll` if they do not decode); null where it does not.
   */
  resolvedLinks(_resolveAll: (linkpaths: readonly string[]) => LinkTargets): NoteLinks | null {
    return null;
  }

  load(): NoteMetadata {
    if (!this.decode) throw new Error('DeferredMetadata: no decoder');
    return this.decode();
  }
}

/** What the vault index holds for a note. */
export type IndexedMetadata = NoteMetadata | DeferredMetadata;
