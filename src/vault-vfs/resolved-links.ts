// The vault index's link graph as resolved: each note's links (NoteLinks), the notes waiting to be
// resolved again, backlinks (indexed when first asked for: a warm open that only lists links
// never needs them), and read-only snapshots shaped as Obsidian's resolvedLinks / unresolvedLinks.
// A note whose metadata arrives with its links resolved (a warm open's, from the metadata cache)
// is neither here nor waiting: its NoteLinks is made from its metadata when first read (`adopt`),
// as a warm open of 100k notes spent a tenth of its time making and keeping them.
import { type LinkRecords, lazyLinkRecords } from './link-records';
import type { LinkTargets, NoteLinks } from './note-links';

export class ResolvedLinks {
  /** Each note's links (replaced, never changed, when the note re-resolves). */
  private out = new Map<string, NoteLinks>();
  /**
   * Whether the snapshot reads `out` itself: the next change copies it first. The snapshot took
   * a copy every time (100k entries), though most runs change nothing after reading the graph.
   */
  private outShared = false;
  /** target -> source -> count; null until backlinks are first asked for. */
  private incoming: Map<string, Map<string, number>> | null = null;
  private readonly dirty = new Set<string>();
  private snapshot: { resolved: LinkRecords; unresolved: LinkRecords } | null = null;
  /** The notes the snapshot lists (while it reads `out` itself). */
  private snapshotNotes: readonly string[] = [];

  constructor(
    /** Resolves a note's links as the vault is now (null: no such note). */
    private readonly resolveNote: (source: string) => NoteLinks | null,
    /** A note's links as its metadata gives them resolved (`setFromMetadata`); null if it gives none. */
    private readonly adopt: (source: string) => NoteLinks | null,
    /** Every note (backlinks are indexed from all of them). */
    private readonly notes: () => Iterable<string>,
  ) {}

  /** Notes waiting to be resolved. */
  get pending(): number {
    return this.dirty.size;
  }

  /** The note's links must be resolved again before they are next read. */
  markDirty(source: string): void {
    this.beforeChange(source);
    this.dirty.add(source);
    this.snapshot = null;
  }

  /** The note is gone. */
  forget(source: string): void {
    this.drop(source);
    this.dirty.delete(source);
  }

  /** The note's links, already resolved as the vault is now. */
  set(source: string, links: NoteLinks): void {
    this.drop(source);
    this.dirty.delete(source);
    this.put(source, links);
  }

  /** The note's metadata gives its links resolved as the vault is now: made from it when first read. */
  setFromMetadata(source: string): void {
    this.drop(source);
    this.dirty.delete(source);
    this.snapshot = null;
  }

  /**
   * The note's links in `out` (a snapshot's map, or the current one): made from its metadata if
   * it gives them and they are not made yet. Adding them changes nothing a snapshot answers.
   */
  private linksIn(out: Map<string, NoteLinks>, source: string): NoteLinks | undefined {
    let links = out.get(source);
    if (links === undefined && !this.dirty.has(source)) {
      links = this.adopt(source) ?? undefined;
      if (links) {
        out.set(source, links);
        if (out === this.out && this.incoming) addIncoming(this.incoming, source, links);
      }
    }
    return links;
  }

  /** Makes the note's links from its metadata now, if they come from it: its metadata is about to be replaced by a copy that does not give them. */
  keep(source: string): void {
    this.linksIn(this.out, source);
  }

  /** The note is about to change or go: a snapshot that reads `out` itself keeps its links as they are. */
  beforeChange(source: string): void {
    if (this.outShared) this.keep(source);
  }

  /** `out`, for changing (a copy of its own if the snapshot reads it). */
  private ownOut(): Map<string, NoteLinks> {
    if (this.outShared) {
      // The snapshot keeps reading the old map: every note it lists gets its links there first,
      // as they are before this change.
      for (const source of this.snapshotNotes) this.linksIn(this.out, source);
      this.out = new Map(this.out);
      this.outShared = false;
      this.snapshotNotes = [];
    }
    return this.out;
  }

  private put(source: string, links: NoteLinks): void {
    this.ownOut().set(source, links);
    this.snapshot = null;
    if (this.incoming) addIncoming(this.incoming, source, links);
  }

  private drop(source: string): void {
    const links = this.out.get(source);
    if (!links) return;
    if (this.incoming) {
      for (const target of links.resolved.keys()) {
        const into = this.incoming.get(target);
        into?.delete(source);
        if (into?.size === 0) this.incoming.delete(target);
      }
    }
    this.ownOut().delete(source);
    this.snapshot = null;
  }

  ensure(): void {
    if (this.dirty.size === 0) return;
    for (const source of this.dirty) {
      const links = this.resolveNote(source);
      if (links) this.replace(source, links);
      else this.drop(source);
    }
    this.dirty.clear();
  }

  /**
   * Puts the note's new links in place of its old ones, changing the backlinks only where a count
   * changed: a note re-resolved after a move (each note linking to a moved one, once per move)
   * keeps nearly every target, and dropping and adding back all of them was most of the cost.
   */
  private replace(source: string, links: NoteLinks): void {
    const old = this.out.get(source);
    if (!old || !this.incoming) {
      this.drop(source);
      this.put(source, links);
      return;
    }
    const before = old.resolved;
    const now = links.resolved;
    for (const target of before.keys()) {
      if (now.has(target)) continue;
      const into = this.incoming.get(target);
      into?.delete(source);
      if (into?.size === 0) this.incoming.delete(target);
    }
    for (const [target, n] of now) {
      if (before.get(target) === n) continue;
      let into = this.incoming.get(target);
      if (!into) this.incoming.set(target, (into = new Map<string, number>()));
      into.set(source, n);
    }
    this.out.set(source, links);
    this.snapshot = null;
  }

  /** The targets of the note's link paths, in their order (null: not a note). */
  targets(source: string): LinkTargets | null {
    this.ensure();
    return this.linksIn(this.out, source)?.targets ?? null;
  }

  /** A snapshot of the graph over `sources` (every note, in order). */
  records(sources: () => string[]): { resolved: LinkRecords; unresolved: LinkRecords } {
    this.ensure();
    if (!this.snapshot) {
      // Later changes replace entries of `out` (in a copy: ownOut), and a new snapshot is made for them.
      const out = this.out;
      this.outShared = true;
      const all = sources();
      this.snapshotNotes = all;
      this.snapshot = {
        resolved: lazyLinkRecords(all, (source) => this.linksIn(out, source)?.resolved),
        // Which notes have unresolved links is known only by looking at them all: done when read.
        unresolved: lazyLinkRecords(
          () => all.filter((source) => (this.linksIn(out, source)?.unresolved.size ?? 0) > 0),
          (source) => this.linksIn(out, source)?.unresolved,
        ),
      };
    }
    return this.snapshot;
  }

  backlinks(target: string): string[] {
    this.ensure();
    if (!this.incoming) {
      const incoming = new Map<string, Map<string, number>>();
      for (const source of this.notes()) {
        const links = this.linksIn(this.out, source);
        if (links) addIncoming(incoming, source, links);
      }
      this.incoming = incoming;
    }
    return [...(this.incoming.get(target)?.keys() ?? [])].sort();
  }
}

function addIncoming(incoming: Map<string, Map<string, number>>, source: string, links: NoteLinks): void {
  for (const [target, n] of links.resolved) {
    let into = incoming.get(target);
    if (!into) incoming.set(target, (into = new Map<string, number>()));
    into.set(source, n);
  }
}
