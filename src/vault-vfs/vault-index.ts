// The in-memory model of a vault that the Node adapter and the Obsidian test runtime share: files
// with stat, folders, each note's metadata, and the link graph. Link resolution is incremental:
// a note's links are re-resolved only when the note changes or a file appears, disappears or
// moves under a name one of its links could resolve to, so a 1,000-file move in a 10k-note vault
// does not re-resolve the vault 1,000 times.
import { type LinkRecords, lazyLinkRecords } from './link-records';
import { LinkWatchers, forEachLinkpath } from './link-watchers';
import type { FileLookup } from './links/expand-renames';
import { LinkResolver } from './links/resolver';
import { type RewrittenNote, planRenameRewrites } from './rename-plan';
import { parseMarkdown } from './markdown/parse-markdown';
import { DeferredMetadata, type IndexedMetadata } from './deferred-metadata';
import type { NoteMetadata } from './metadata-types';
import { CaseFolded } from './case-folded';
import { extOf, nameOf } from './path-safety';
import type { FileStat, NewLinkFormat, VaultEntry } from './vault-port';

/** A note's links by target (replaced, never changed, when the note re-resolves). */
interface Resolution {
  resolved: Map<string, number>;
  unresolved: Map<string, number>;
}

export class VaultIndex {
  private readonly stats = new Map<string, FileStat>();
  private readonly folders = new Set<string>();
  /** Lower-cased path -> every file or folder with that path ignoring case (a case-sensitive disk can hold several). */
  private readonly lower = new CaseFolded();
  private readonly meta = new Map<string, IndexedMetadata>();
  private readonly resolver = new LinkResolver();
  private readonly out = new Map<string, Resolution>();
  private readonly incoming = new Map<string, Map<string, number>>();
  private readonly watchers = new LinkWatchers(() => this.meta.entries());
  private readonly dirty = new Set<string>();
  private graphCache: { resolved: LinkRecords; unresolved: LinkRecords } | null = null;

  constructor(readonly newLinkFormat: NewLinkFormat = 'shortest') {}

  // ---- files and folders ----------------------------------------------------------------------

  entries(): VaultEntry[] {
    const out: VaultEntry[] = [];
    for (const path of this.folders) out.push({ kind: 'folder', path });
    for (const [path, stat] of this.stats) out.push({ kind: 'file', path, stat: { ...stat } });
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  filePaths(): string[] {
    return [...this.stats.keys()];
  }

  isFile(path: string): boolean {
    return this.stats.has(path);
  }

  isFolder(path: string): boolean {
    return this.folders.has(path);
  }

  stat(path: string): FileStat | null {
    return this.stats.get(path) ?? null;
  }

  /** Every file and folder whose path equals `path` ignoring case. */
  findAllInsensitive(path: string): readonly string[] {
    return this.lower.get(path);
  }

  addFolder(path: string): void {
    this.folders.add(path);
    this.lower.add(path);
  }

  /**
   * Adds or updates a file. `text` is the note's content (markdown only), parsed for metadata
   * unless the caller has it already (`parsed`: just parsed, or deferred from a cache; then
   * `text` may be null).
   */
  setFile(path: string, stat: FileStat, text: string | null, parsed?: IndexedMetadata): void {
    const isNew = !this.stats.has(path);
    this.stats.set(path, stat);
    this.lower.add(path);
    if (isNew) {
      this.resolver.add(path);
      this.touchName(path);
    }
    if ((parsed || text !== null) && extOf(path) === 'md') this.setMeta(path, parsed ?? parseMarkdown(text ?? ''));
  }

  /** Removes a file, or a folder and everything in it. */
  removePath(path: string): void {
    for (const f of this.under(path)) this.removeFile(f);
    const prefix = path + '/';
    for (const folder of [...this.folders]) {
      if (folder === path || folder.startsWith(prefix)) {
        this.folders.delete(folder);
        this.lower.remove(folder);
      }
    }
  }

  /**
   * Moves a file or a folder's whole subtree; metadata travels with each note that stays a note.
   * Returns the files that became notes by the move (`a.txt` -> `a.md`): their text must be
   * given with `setFile` for their metadata.
   */
  renamePath(from: string, to: string): string[] {
    const moves = this.under(from).map((f) => [f, to + f.slice(from.length)] as const);
    const carried = moves.map(([f, g]) => ({ g, stat: this.stats.get(f), meta: this.meta.get(f) }));
    for (const [f] of moves) this.removeFile(f);
    const prefix = from + '/';
    for (const folder of [...this.folders]) {
      if (folder === from || folder.startsWith(prefix)) {
        this.folders.delete(folder);
        this.lower.remove(folder);
        this.addFolder(to + folder.slice(from.length));
      }
    }
    const becameNotes: string[] = [];
    for (const { g, stat, meta } of carried) {
      if (!stat) continue;
      this.setFile(g, stat, null);
      if (extOf(g) !== 'md') continue;
      // Its own relative links now start from a new folder.
      if (meta) this.setMeta(g, meta);
      else becameNotes.push(g);
    }
    return becameNotes;
  }

  /** Files at `path` or under it. */
  private under(path: string): string[] {
    if (this.stats.has(path)) return [path];
    const prefix = path + '/';
    return [...this.stats.keys()].filter((p) => p.startsWith(prefix));
  }

  private removeFile(path: string): void {
    this.stats.delete(path);
    this.lower.remove(path);
    this.resolver.remove(path);
    const meta = this.meta.get(path);
    if (meta) this.watchers.update(path, null);
    this.meta.delete(path);
    this.dropResolution(path);
    this.dirty.delete(path);
    this.touchName(path);
  }

  // ---- metadata and links ---------------------------------------------------------------------

  metadata(path: string): NoteMetadata | null {
    const meta = this.meta.get(path);
    if (!(meta instanceof DeferredMetadata)) return meta ?? null;
    // Decoded once, in place: the link graph is unchanged (the link paths are the same).
    const loaded = meta.load();
    this.meta.set(path, loaded);
    return loaded;
  }

  private setMeta(path: string, meta: IndexedMetadata): void {
    this.meta.set(path, meta);
    this.watchers.update(path, meta);
    this.markDirty(path);
  }

  /** A file of this name appeared or left: every note that might link to it re-resolves. */
  private touchName(path: string): void {
    // While every note waits to be resolved (a vault opening), there is nothing to mark.
    if (!this.watchers.built && this.dirty.size === this.meta.size) return;
    for (const source of this.watchers.notesFor(nameOf(path).toLowerCase())) this.markDirty(source);
  }

  private markDirty(path: string): void {
    this.dirty.add(path);
    this.graphCache = null;
  }

  private dropResolution(source: string): void {
    const res = this.out.get(source);
    if (!res) return;
    for (const target of res.resolved.keys()) {
      const into = this.incoming.get(target);
      into?.delete(source);
      if (into?.size === 0) this.incoming.delete(target);
    }
    this.out.delete(source);
    this.graphCache = null;
  }

  private ensureResolved(): void {
    if (this.dirty.size === 0) return;
    for (const source of this.dirty) {
      this.dropResolution(source);
      const meta = this.meta.get(source);
      if (!meta) continue;
      const res: Resolution = { resolved: new Map(), unresolved: new Map() };
      forEachLinkpath(meta, (linkpath) => {
        const target = this.resolver.resolve(linkpath, source);
        if (target !== null) res.resolved.set(target, (res.resolved.get(target) ?? 0) + 1);
        else res.unresolved.set(linkpath, (res.unresolved.get(linkpath) ?? 0) + 1);
      });
      this.out.set(source, res);
      for (const [target, n] of res.resolved) {
        let into = this.incoming.get(target);
        if (!into) this.incoming.set(target, (into = new Map<string, number>()));
        into.set(source, n);
      }
    }
    this.dirty.clear();
  }

  resolveLink(linkpath: string, sourcePath: string): string | null {
    return this.resolver.resolve(linkpath, sourcePath);
  }

  private graph(): { resolved: LinkRecords; unresolved: LinkRecords } {
    this.ensureResolved();
    if (!this.graphCache) {
      // A snapshot: later changes replace entries of `out`, and a new graph is made for them.
      const out = new Map(this.out);
      const sources = [...this.meta.keys()];
      this.graphCache = {
        resolved: lazyLinkRecords(sources, (source) => out.get(source)?.resolved),
        unresolved: lazyLinkRecords(
          sources.filter((source) => (out.get(source)?.unresolved.size ?? 0) > 0),
          (source) => out.get(source)?.unresolved,
        ),
      };
    }
    return this.graphCache;
  }

  /** source -> target -> count, as Obsidian's `metadataCache.resolvedLinks` (every note has an entry). */
  resolvedLinks(): LinkRecords {
    return this.graph().resolved;
  }

  unresolvedLinks(): LinkRecords {
    return this.graph().unresolved;
  }

  backlinks(path: string): string[] {
    this.ensureResolved();
    return [...(this.incoming.get(path)?.keys() ?? [])].sort();
  }

  /** The resolver over the vault's files as they are now (renames plan against it). */
  get linkResolver(): LinkResolver {
    return this.resolver;
  }

  /** Which files exist, and which files a path names ignoring case, from the index's own maps. */
  readonly fileLookup: FileLookup = {
    has: (path) => this.stats.has(path),
    filesIgnoringCase: (lowerPath) => this.lower.get(lowerPath).filter((p) => this.stats.has(p)),
  };

  /** Notes with a link that names a file called one of `keys` (lower-cased names), from the watchers. */
  notesLinkingToNames(keys: ReadonlySet<string>): Set<string> {
    const out = new Set<string>();
    for (const key of keys) {
      // A link `a.md` is also looked up as `a.md.md`: watch both spellings of such a name.
      for (const k of key.endsWith('.md') ? [key, key.slice(0, -3)] : [key]) for (const note of this.watchers.notesFor(k)) out.add(note);
    }
    return out;
  }

  /**
   * The notes whose text must change if `from` (a file or folder) moves to `to`, with their new
   * text keyed by their path after the move. Reads only the notes that hold affected links.
   */
  async planRename(from: string, to: string, readText: (path: string) => Promise<string>, opts: { allowCaseVariants?: boolean } = {}): Promise<Map<string, RewrittenNote>> {
    this.ensureResolved();
    return planRenameRewrites({ index: this, from, to, readText, allowCaseVariants: opts.allowCaseVariants === true });
  }
}
