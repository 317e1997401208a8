// Indexes over Obsidian's metadata cache, so that questions asked once per file (organize, "Test
// rule", automatic mode, the journal before every move) cost what they answer, not the vault:
// - backlinks: `resolvedLinks` maps source -> target, so "who links here" scanned every source on
//   each call. The reverse map is built from it once, then kept: each `resolve` (Obsidian fires it
//   for a note whose links it has resolved again) re-reads that note's row, and at `resolved` the
//   notes that left or moved since are dropped once their old row is gone. A folder that moves or
//   leaves drops the map; the next question builds it again.
// - which notes hold a link naming a file (LinkWatchers, as the Node adapter keeps it), updated
//   from each note's `changed` metadata;
// - a LinkResolver over the vault's files, updated on the vault's events, for the link plan of a
//   rename (which otherwise built one from every path on every move).
// Renamed folders (and notes whose cache is not yet moved) drop what they touch; it is built
// again on the next question.
import { type App, type EventRef, TFile } from 'obsidian';
import { LinkWatchers } from './link-watchers';
import { LinkResolver } from './links/resolver';
import type { NoteMetadata } from './metadata-types';

export class ObsidianLinkIndex {
  /** Target -> notes with a resolved link to it; null until asked (and after a folder moves). */
  private reverse: Map<string, Set<string>> | null = null;
  /** Note -> the targets of its row when last read, to take them out of `reverse` again. */
  private readonly forward = new Map<string, string[]>();
  /** Notes that left or moved since the last `resolved`: their old rows may still be in resolvedLinks. */
  private readonly gone = new Set<string>();
  private watchers: LinkWatchers;
  private files: LinkResolver | null = null;
  private readonly vaultRefs: EventRef[];
  private readonly cacheRefs: EventRef[];

  constructor(
    private readonly app: App,
    private readonly metadata: (path: string) => NoteMetadata | null,
  ) {
    this.watchers = this.newWatchers();
    const { vault, metadataCache } = app;
    const dropReverse = (): void => {
      this.reverse = null;
      this.forward.clear();
      this.gone.clear();
    };
    this.cacheRefs = [
      metadataCache.on('resolve', (file) => this.reread(file.path)),
      metadataCache.on('resolved', () => {
        for (const p of this.gone) if (!Object.hasOwn(this.app.metadataCache.resolvedLinks, p)) this.reread(p);
        this.gone.clear();
      }),
      metadataCache.on('changed', (file) => {
        this.watchers.update(file.path, this.metadata(file.path));
      }),
      metadataCache.on('deleted', (file) => {
        this.watchers.update(file.path, null);
      }),
    ];
    this.vaultRefs = [
      vault.on('create', (f) => {
        if (f instanceof TFile) this.files?.add(f.path);
      }),
      vault.on('delete', (f) => {
        if (!(f instanceof TFile)) {
          dropReverse();
          return this.forget();
        }
        this.gone.add(f.path);
        this.files?.remove(f.path);
        this.watchers.update(f.path, null);
      }),
      vault.on('rename', (f, oldPath) => {
        if (!(f instanceof TFile)) dropReverse();
        else this.gone.add(oldPath);
        const meta = f instanceof TFile ? this.metadata(f.path) : null;
        if (!(f instanceof TFile) || (meta === null && f.extension === 'md')) return this.forget();
        this.files?.rename(oldPath, f.path);
        this.watchers.update(oldPath, null);
        this.watchers.update(f.path, meta);
      }),
    ];
  }

  private newWatchers(): LinkWatchers {
    return new LinkWatchers(() => this.notes());
  }

  private *notes(): Iterable<[string, NoteMetadata]> {
    for (const f of this.app.vault.getMarkdownFiles()) {
      const meta = this.metadata(f.path);
      if (meta) yield [f.path, meta];
    }
  }

  /** Drops the name and file indexes; the next question builds them from the vault again. */
  private forget(): void {
    this.watchers = this.newWatchers();
    this.files = null;
  }

  /** Puts `source`'s row of resolvedLinks, as it is now, in the reverse map (none when it is gone). */
  private reread(source: string): void {
    const reverse = this.reverse;
    if (!reverse) return;
    for (const target of this.forward.get(source) ?? []) reverse.get(target)?.delete(source);
    const row = Object.hasOwn(this.app.metadataCache.resolvedLinks, source) ? this.app.metadataCache.resolvedLinks[source] : undefined;
    const targets = row ? Object.keys(row).filter((t) => (row[t] ?? 0) > 0) : [];
    this.link(reverse, source, targets);
  }

  private link(reverse: Map<string, Set<string>>, source: string, targets: string[]): void {
    if (targets.length === 0) {
      this.forward.delete(source);
      return;
    }
    this.forward.set(source, targets);
    for (const target of targets) {
      const set = reverse.get(target);
      if (set) set.add(source);
      else reverse.set(target, new Set([source]));
    }
  }

  /** Notes with a resolved link to `path`, sorted. */
  backlinks(path: string): string[] {
    if (!this.reverse) {
      const reverse = new Map<string, Set<string>>();
      for (const [source, targets] of Object.entries(this.app.metadataCache.resolvedLinks)) {
        this.link(reverse, source, Object.keys(targets).filter((t) => (targets[t] ?? 0) > 0));
      }
      this.reverse = reverse;
    }
    return [...(this.reverse.get(path) ?? [])].sort();
  }

  /** Notes with a link whose file name (lower-cased, `.md` or not) is one of `keys` (see VaultPort). */
  notesLinkingToNames(keys: ReadonlySet<string>): Set<string> {
    const out = new Set<string>();
    for (const key of keys) {
      // A link `a.md` is also looked up as `a.md.md`: watch both spellings of such a name.
      for (const k of key.endsWith('.md') ? [key, key.slice(0, -3)] : [key]) for (const note of this.watchers.notesFor(k)) out.add(note);
    }
    return out;
  }

  /** A resolver over the vault's files as they are now. */
  get resolver(): LinkResolver {
    this.files ??= new LinkResolver(this.app.vault.getFiles().map((f) => f.path));
    return this.files;
  }

  close(): void {
    for (const ref of this.vaultRefs) this.app.vault.offref(ref);
    for (const ref of this.cacheRefs) this.app.metadataCache.offref(ref);
  }
}
