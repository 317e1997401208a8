// The in-memory model of a vault that the Node adapter and the Obsidian test runtime share: files
// with stat, folders, each note's metadata, and the link graph. Link resolution is incremental:
// a note's links are re-resolved only when the note changes or a file appears, disappears or
// moves under a name one of its links could resolve to, so a 1,000-file move in a 10k-note vault
// does not re-resolve the vault 1,000 times. A note's links may also arrive resolved (a warm open
// takes them from the Node adapter's metadata cache), and backlinks are indexed only once asked for.
import type { LinkRecords } from './link-records';
import { LinkWatchers } from './link-watchers';
import type { FileLookup } from './links/expand-renames';
import { LinkResolver } from './links/resolver';
import { linkKey } from './links/vault-paths';
import { type RewrittenNote, planRenameRewrites } from './rename-plan';
import { parseMarkdown } from './markdown/parse-markdown';
import { DeferredMetadata, type IndexedMetadata } from './deferred-metadata';
import type { NoteMetadata } from './metadata-types';
import { type LinkTargets, NoteLinks, linkpathList } from './note-links';
import { ResolvedLinks } from './resolved-links';
import { CaseFolded } from './case-folded';
import { isMarkdownPath, nameOf } from './path-safety';
import type { FileStat, NewLinkFormat, VaultEntry } from './vault-port';

export class VaultIndex {
  private readonly stats = new Map<string, FileStat>();
  private readonly folders = new Set<string>();
  /**
   * Lower-cased path -> every file or folder with that path ignoring case (a case-sensitive disk
   * can hold several); made when first asked for, from `folders` and `stats`, then kept in step.
   * The same for the link resolver's table of names. A warm open of 20k notes spent 90 ms of its
   * 400 ms making these two, which a command that never writes or resolves a link never reads.
   */
  private lowerTable: CaseFolded | null = null;
  private resolverTable: LinkResolver | null = null;
  private readonly meta = new Map<string, IndexedMetadata>();
  private readonly links = new ResolvedLinks(
    (source) => {
      const meta = this.meta.get(source);
      if (!meta) return null;
      const linkpaths = linkpathList(meta);
      return new NoteLinks(linkpaths, this.resolveAll(linkpaths, source));
    },
    (source) => {
      const meta = this.meta.get(source);
      // Only where it was given with them at this path (moved, its relative links resolve again).
      return meta instanceof DeferredMetadata && meta.linksResolvedAt === source ? meta.resolvedLinks((linkpaths) => this.resolveAll(linkpaths, source)) : null;
    },
    () => this.meta.keys(),
  );
  /** While a vault opens, every file is added before any link is resolved: nothing to mark. */
  private loading = false;
  private readonly watchers = new LinkWatchers(() => this.meta.entries());

  constructor(readonly newLinkFormat: NewLinkFormat = 'shortest') {}

  // ---- files and folders ----------------------------------------------------------------------

  /** The case-folded table of every file and folder (folders first, then files, each in the order added). */
  private get lower(): CaseFolded {
    if (!this.lowerTable) {
      const table = new CaseFolded();
      for (const path of this.folders) table.add(path);
      for (const path of this.stats.keys()) table.add(path);
      this.lowerTable = table;
    }
    return this.lowerTable;
  }

  /** The resolver over the vault's files as they are now (renames plan against it). */
  get linkResolver(): LinkResolver {
    return (this.resolverTable ??= new LinkResolver(this.stats.keys()));
  }

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
    this.lowerTable?.add(path);
  }

  /**
   * Marks the start and end of a vault's first load: the caller adds every file, and may give
   * notes their links already resolved, but only as they resolve among all the files it adds.
   */
  beginLoad(): void {
    this.loading = true;
  }

  endLoad(): void {
    this.loading = false;
  }

  /**
   * Adds or updates a file. `text` is the note's content (markdown only), parsed for metadata
   * unless the caller has it already (`parsed`: just parsed, or deferred from a cache; then
   * `text` may be null). `resolved`: the note's links as they resolve among the vault's files
   * (a vault opening from a cache), saving their resolution; `from-metadata`: `parsed` gives them
   * (DeferredMetadata.resolvedLinks), made when first read.
   */
  setFile(path: string, stat: FileStat, text: string | null, parsed?: IndexedMetadata, resolved?: NoteLinks | 'from-metadata'): void {
    // One lookup, not two (`has`, then `set`): 108k of them in a warm open of 100k notes.
    const before = this.stats.size;
    this.stats.set(path, stat);
    const isNew = this.stats.size !== before;
    this.lowerTable?.add(path);
    if (isNew) {
      this.resolverTable?.add(path);
      this.touchName(path);
    }
    if ((parsed || text !== null) && isMarkdownPath(path)) this.setMeta(path, parsed ?? parseMarkdown(text ?? ''), resolved);
  }

  /** Removes a file, or a folder and everything in it. */
  removePath(path: string): void {
    for (const f of this.under(path)) this.removeFile(f);
    const prefix = path + '/';
    for (const folder of [...this.folders]) {
      if (folder === path || folder.startsWith(prefix)) {
        this.folders.delete(folder);
        this.lowerTable?.remove(folder);
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
        this.lowerTable?.remove(folder);
        this.addFolder(to + folder.slice(from.length));
      }
    }
    const becameNotes: string[] = [];
    for (const { g, stat, meta } of carried) {
      if (!stat) continue;
      this.setFile(g, stat, null);
      if (!isMarkdownPath(g)) continue;
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
    this.lowerTable?.remove(path);
    this.resolverTable?.remove(path);
    const meta = this.meta.get(path);
    if (meta) this.watchers.update(path, null);
    this.links.beforeChange(path);
    this.meta.delete(path);
    this.links.forget(path);
    this.touchName(path);
  }

  // ---- metadata and links ---------------------------------------------------------------------

  metadata(path: string): NoteMetadata | null {
    const meta = this.meta.get(path);
    if (!(meta instanceof DeferredMetadata)) return meta ?? null;
    // Decoded once, in place: the link graph is unchanged (the link paths are the same), and links
    // the deferred metadata gave are made from it first.
    const loaded = meta.load();
    this.links.keep(path);
    this.meta.set(path, loaded);
    return loaded;
  }

  private setMeta(path: string, meta: IndexedMetadata, resolved?: NoteLinks | 'from-metadata'): void {
    this.links.beforeChange(path);
    this.meta.set(path, meta);
    this.watchers.update(path, meta);
    if (meta instanceof DeferredMetadata) meta.linksResolvedAt = resolved === 'from-metadata' ? path : null;
    if (resolved === 'from-metadata' && meta instanceof DeferredMetadata) this.links.setFromMetadata(path);
    else if (resolved && resolved !== 'from-metadata') this.links.set(path, resolved);
    else this.links.markDirty(path);
  }

  /** A file of this name appeared or left: every note that might link to it re-resolves. */
  private touchName(path: string): void {
    // While every note waits to be resolved or comes resolved among all files (a vault opening), there is nothing to mark.
    if (this.loading || (!this.watchers.built && this.links.pending === this.meta.size)) return;
    for (const source of this.watchers.notesFor(linkKey(nameOf(path)))) this.links.markDirty(source);
  }

  /** The targets of a note's link paths among the vault's files as they are now. */
  resolveAll(linkpaths: readonly string[], source: string): LinkTargets {
    const targets = new Array<string | null>(linkpaths.length);
    for (let i = 0; i < linkpaths.length; i++) targets[i] = this.linkResolver.resolve(linkpaths[i] as string, source);
    return targets;
  }

  /** The targets of the note's link paths, in the order of its link paths (null: not a note). */
  linkTargets(path: string): LinkTargets | null {
    return this.links.targets(path);
  }

  resolveLink(linkpath: string, sourcePath: string): string | null {
    return this.linkResolver.resolve(linkpath, sourcePath);
  }

  private graph(): { resolved: LinkRecords; unresolved: LinkRecords } {
    return this.links.records(() => [...this.meta.keys()]);
  }

  /** source -> target -> count, as Obsidian's `metadataCache.resolvedLinks` (every note has an entry). */
  resolvedLinks(): LinkRecords {
    return this.graph().resolved;
  }

  unresolvedLinks(): LinkRecords {
    return this.graph().unresolved;
  }

  backlinks(path: string): string[] {
    return this.links.backlinks(path);
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
  async planRename(
    from: string,
    to: string,
    readText: (path: string) => Promise<string>,
    opts: { allowCaseVariants?: boolean; knownMetadata?: (path: string) => NoteMetadata | null } = {},
  ): Promise<Map<string, RewrittenNote>> {
    this.links.ensure();
    return planRenameRewrites({ index: this, from, to, readText, allowCaseVariants: opts.allowCaseVariants === true, ...(opts.knownMetadata ? { knownMetadata: opts.knownMetadata } : {}) });
  }
}
