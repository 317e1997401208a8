// The witness's MetadataCache, installed on a mock App. As the API docs say: `changed` fires when
// a file has been indexed and its new cache is available (not for renames: "You must hook the
// vault rename event for those"), `deleted` when a file is gone, and `resolved` "when all files
// have been resolved ... each time files get modified after the initial load". Indexing happens
// later than the vault write (Obsidian parses in a worker), so code that reads the cache right
// after writing sees the old answer, as it would in Obsidian.
// Each index pass resolves again only the notes whose answer can have changed: notes written or
// moved since the last pass, and notes with a link naming a file that appeared, left or moved
// (a link finds its file by the file's name: see link-paths.ts). `resolveEveryNote` resolves
// every note on every pass, the plain reading a test holds the kept one to.
// The first index after the vault loads can come late: Obsidian starts plugins and lays out the
// workspace while it is still indexing a large or changed vault ("resolved: Called when all files
// has been resolved. This will be fired each time files get modified after the initial load",
// docs.obsidian.md/Reference/TypeScript+API/MetadataCache/on('resolved')). With `deferFirstIndex`
// the cache knows no note and no link until `finishFirstIndex__()` (a note not yet indexed has no
// cache and looks link-less), vault writes meanwhile wait for that pass, and the pass fires
// `changed` for each note and then `resolved`. `initialized` (not in obsidian.d.ts; observed on
// Obsidian's MetadataCache and read by plugins to tell whether the first pass is done) turns true
// with it.
import type { CachedMetadata } from 'obsidian';
import { type App, type TAbstractFile, TFile } from 'obsidian-test-mocks/obsidian';
import { FileNameIndex, type LinkFormat, linktextFor, resolveLinkpath, wantedName } from './link-paths';
import { parseNote } from './parse-note';

type MockVault = App['vault'] & { readSync__(file: TFile): string; getConfig__(key: string): unknown };

const withoutSubpath = (link: string): string => (link.includes('#') ? link.slice(0, link.indexOf('#')) : link);
const lower = (s: string): string => s.toLowerCase();
const nameOf = (p: string): string => p.slice(p.lastIndexOf('/') + 1);
const refsOf = (meta: CachedMetadata) => [...(meta.links ?? []), ...(meta.embeds ?? []), ...(meta.frontmatterLinks ?? [])];

export class WitnessMetadataCache {
  private readonly entries = new Map<string, CachedMetadata>();
  private readonly dirty = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The vault's files by name, kept from the vault's events (Obsidian resolves by file name). */
  private files = new FileNameIndex();
  /** The (lower-cased) file names each note's links ask for, and the notes asking for each name. */
  private readonly namesOf = new Map<string, Set<string>>();
  private readonly askers = new Map<string, Set<string>>();
  /** Since the last pass: file names that appeared or left, and notes that moved or left. */
  private readonly touchedNames = new Set<string>();
  private readonly touchedSources = new Set<string>();
  readonly resolvedLinks: Record<string, Record<string, number>> = {};
  readonly unresolvedLinks: Record<string, Record<string, number>> = {};

  /** True while the first index after the vault loaded has not run yet. */
  private firstIndexPending = false;

  constructor(
    private readonly app: App,
    private readonly opts: { resolveEveryNote?: boolean } = {},
  ) {}

  private get vault(): MockVault {
    return this.app.vault;
  }

  filePaths(): string[] {
    return this.vault.getFiles().map((f) => f.path);
  }

  linkFormat(): LinkFormat {
    return (this.vault.getConfig__('newLinkFormat') as LinkFormat | undefined) ?? 'shortest';
  }

  /**
   * Installs this cache in place of the mock's; indexes the vault as it is now (a loaded vault),
   * or, with `deferFirstIndex`, only when `finishFirstIndex__()` is called.
   */
  install(opts: { deferFirstIndex?: boolean } = {}): void {
    const mc = this.app.metadataCache as unknown as Record<string, unknown>;
    // The mock parses on every vault event with its own reader; this cache answers instead.
    mc.parseFileMetadata = () => undefined;
    mc.updateLinks = () => undefined;
    Object.defineProperty(mc, 'resolvedLinks', { get: () => this.resolvedLinks, configurable: true });
    Object.defineProperty(mc, 'unresolvedLinks', { get: () => this.unresolvedLinks, configurable: true });
    mc.getCache = (path: string) => this.entries.get(path) ?? null;
    mc.getFileCache = (file: TFile) => this.entries.get(file.path) ?? null;
    mc.getFirstLinkpathDest = (linkpath: string, sourcePath: string) => {
      const target = resolveLinkpath(this.files, linkpath, sourcePath);
      return target === null ? null : this.vault.getFileByPath(target);
    };
    mc.fileToLinktext = (file: TFile, sourcePath: string, omitMdExtension?: boolean) => linktextFor(this.files, file.path, sourcePath, this.linkFormat(), omitMdExtension === true);

    this.files = FileNameIndex.of(this.filePaths());
    if (opts.deferFirstIndex) {
      this.firstIndexPending = true;
      mc.initialized = false;
    } else {
      for (const f of this.vault.getMarkdownFiles()) this.setEntry(f.path, parseNote(this.vault.readSync__(f)));
      for (const source of this.entries.keys()) this.resolve(source);
      mc.initialized = true;
    }

    const vault = this.vault;
    // The mocks type event handlers as (...data: unknown[]); Obsidian passes (file[, oldPath]).
    vault.on('create', (...data: unknown[]) => {
      const f = data[0] as TAbstractFile;
      if (f instanceof TFile) this.addFile(f.path);
      this.touch(f.path, f instanceof TFile);
    });
    vault.on('modify', (...data: unknown[]) => this.touch((data[0] as TAbstractFile).path, true));
    vault.on('delete', (...data: unknown[]) => {
      const f = data[0] as TAbstractFile;
      this.forgetFiles(f.path);
      for (const [p, prev] of [...this.entries]) {
        if (p !== f.path && !p.startsWith(f.path + '/')) continue;
        this.setEntry(p, null);
        this.touchedSources.add(p);
        if (f instanceof TFile) this.app.metadataCache.trigger('deleted', f, prev);
      }
      this.schedule();
    });
    vault.on('rename', (...data: unknown[]) => {
      const [f, oldPath] = data as [TAbstractFile, string];
      this.forgetFiles(oldPath);
      if (f instanceof TFile) this.addFile(f.path);
      else for (const file of this.vault.getFiles()) if (file.path.startsWith(f.path + '/')) this.addFile(file.path);
      // The cache moves with the file; its content did not change, so no `changed`.
      const movedEntries = f instanceof TFile ? (this.entries.has(oldPath) ? [oldPath] : []) : [...this.entries.keys()].filter((p) => p.startsWith(oldPath + '/'));
      for (const p of movedEntries) {
        const meta = this.entries.get(p) as CachedMetadata;
        const now = f.path + p.slice(oldPath.length);
        this.setEntry(p, null);
        this.setEntry(now, meta);
        this.touchedSources.add(p).add(now);
      }
      this.schedule();
    });
  }

  /** Sets (or, with null, drops) a note's cache, and the names its links ask for. */
  private setEntry(path: string, meta: CachedMetadata | null): void {
    for (const name of this.namesOf.get(path) ?? []) this.askers.get(name)?.delete(path);
    this.namesOf.delete(path);
    if (meta === null) {
      this.entries.delete(path);
      return;
    }
    this.entries.set(path, meta);
    const names = new Set<string>();
    for (const ref of refsOf(meta)) {
      const linkpath = withoutSubpath(ref.link).trim();
      if (linkpath !== '') names.add(lower(wantedName(linkpath)));
    }
    this.namesOf.set(path, names);
    for (const name of names) {
      let set = this.askers.get(name);
      if (!set) this.askers.set(name, (set = new Set()));
      set.add(path);
    }
  }

  private addFile(path: string): void {
    this.files.add(path);
    this.touchedNames.add(lower(nameOf(path)));
  }

  /** Takes `path` (a file, or a folder and everything in it) out of the files by name. */
  private forgetFiles(path: string): void {
    for (const p of this.files.has(path) ? [path] : this.files.under(path)) {
      this.files.remove(p);
      this.touchedNames.add(lower(nameOf(p)));
    }
  }

  /**
   * Notes whose links may name a file called one of `names` (lower-cased): from their indexed
   * links, plus every note written since the last index pass (its links are not known yet).
   */
  notesNaming(names: ReadonlySet<string>): Set<string> {
    const out = new Set(this.dirty);
    for (const name of names) for (const p of this.askers.get(name) ?? []) out.add(p);
    return out;
  }

  /** The cache of a note whose text has not changed since it was indexed (else null: parse it). */
  currentEntry(path: string): CachedMetadata | null {
    return this.dirty.has(path) ? null : (this.entries.get(path) ?? null);
  }

  /** The files by name as they are now. */
  get fileNames(): FileNameIndex {
    return this.files;
  }

  private touch(path: string, isFile: boolean): void {
    if (isFile && path.toLowerCase().endsWith('.md')) this.dirty.add(path);
    this.schedule();
  }

  private schedule(): void {
    if (this.firstIndexPending) return;
    this.timer ??= setTimeout(() => this.index(), 0);
  }

  /** The first index pass after the vault loaded: every note, then `resolved`. */
  finishFirstIndex__(): void {
    if (!this.firstIndexPending) return;
    this.firstIndexPending = false;
    for (const f of this.vault.getMarkdownFiles()) this.dirty.add(f.path);
    (this.app.metadataCache as unknown as { initialized: boolean }).initialized = true;
    this.index();
  }

  /** Parses every note written since the last pass, then resolves the links that may have changed. */
  private index(): void {
    this.timer = null;
    const changed: [TFile, string, CachedMetadata][] = [];
    for (const path of this.dirty) {
      const file = this.vault.getFileByPath(path);
      if (!file) continue;
      const text = this.vault.readSync__(file);
      const meta = parseNote(text);
      this.setEntry(path, meta);
      this.touchedSources.add(path);
      changed.push([file, text, meta]);
    }
    this.dirty.clear();
    for (const [file, text, meta] of changed) this.app.metadataCache.trigger('changed', file, text, meta);
    const sources = this.opts.resolveEveryNote === true ? new Set([...this.touchedSources, ...Object.keys(this.resolvedLinks), ...this.entries.keys()]) : this.touchedSources;
    for (const name of this.opts.resolveEveryNote === true ? [] : this.touchedNames) for (const p of this.askers.get(name) ?? []) sources.add(p);
    for (const source of sources) {
      if (!this.resolve(source)) continue;
      // "Called when a file has been resolved for resolvedLinks and unresolvedLinks" (API docs, `resolve`).
      const file = this.vault.getFileByPath(source);
      if (file) this.app.metadataCache.trigger('resolve', file);
    }
    this.touchedNames.clear();
    this.touchedSources.clear();
    this.app.metadataCache.trigger('resolved');
  }

  /** Resolves the links of `source` against the files as they are (drops it, and says false, when it is gone). */
  private resolve(source: string): boolean {
    const meta = this.entries.get(source);
    if (!meta) {
      delete this.resolvedLinks[source];
      delete this.unresolvedLinks[source];
      return false;
    }
    const resolved: Record<string, number> = {};
    const unresolved: Record<string, number> = {};
    for (const ref of refsOf(meta)) {
      const linkpath = withoutSubpath(ref.link);
      const target = resolveLinkpath(this.files, linkpath, source);
      if (target !== null) resolved[target] = (resolved[target] ?? 0) + 1;
      else unresolved[linkpath] = (unresolved[linkpath] ?? 0) + 1;
    }
    this.resolvedLinks[source] = resolved;
    this.unresolvedLinks[source] = unresolved;
    return true;
  }
}
