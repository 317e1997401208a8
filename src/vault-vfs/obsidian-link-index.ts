// Indexes over Obsidian's metadata cache, so that questions asked once per file (organize, "Test
// rule", automatic mode, the journal before every move) cost what they answer, not the vault:
// - backlinks: `resolvedLinks` maps source -> target, so "who links here" scanned every source on
//   each call. The reverse map is built from it once and dropped whenever the cache reports new
//   resolutions (`resolve`, `resolved`, `changed`, `deleted`) or a file appears, leaves or moves;
//   the next question builds it again.
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
  private reverse: Map<string, string[]> | null = null;
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
    const stale = (): void => {
      this.reverse = null;
    };
    this.cacheRefs = [
      metadataCache.on('resolve', stale),
      metadataCache.on('resolved', stale),
      metadataCache.on('changed', (file) => {
        stale();
        this.watchers.update(file.path, this.metadata(file.path));
      }),
      metadataCache.on('deleted', (file) => {
        stale();
        this.watchers.update(file.path, null);
      }),
    ];
    this.vaultRefs = [
      vault.on('create', (f) => {
        stale();
        if (f instanceof TFile) this.files?.add(f.path);
      }),
      vault.on('delete', (f) => {
        stale();
        if (!(f instanceof TFile)) return this.forget();
        this.files?.remove(f.path);
        this.watchers.update(f.path, null);
      }),
      vault.on('rename', (f, oldPath) => {
        stale();
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

  /** Notes with a resolved link to `path`, sorted. */
  backlinks(path: string): string[] {
    if (!this.reverse) {
      const reverse = new Map<string, string[]>();
      for (const [source, targets] of Object.entries(this.app.metadataCache.resolvedLinks)) {
        for (const [target, count] of Object.entries(targets)) {
          if (!count) continue;
          const list = reverse.get(target);
          if (list) list.push(source);
          else reverse.set(target, [source]);
        }
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
