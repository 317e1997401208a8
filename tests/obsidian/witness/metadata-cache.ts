// The witness's MetadataCache, installed on a mock App. As the API docs say: `changed` fires when
// a file has been indexed and its new cache is available (not for renames: "You must hook the
// vault rename event for those"), `deleted` when a file is gone, and `resolved` "when all files
// have been resolved ... each time files get modified after the initial load". Indexing happens
// later than the vault write (Obsidian parses in a worker), so code that reads the cache right
// after writing sees the old answer, as it would in Obsidian.
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

export class WitnessMetadataCache {
  private readonly entries = new Map<string, CachedMetadata>();
  private readonly dirty = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The vault's files by name, kept from the vault's events (Obsidian resolves by file name). */
  private files = new FileNameIndex();
  readonly resolvedLinks: Record<string, Record<string, number>> = {};
  readonly unresolvedLinks: Record<string, Record<string, number>> = {};

  /** True while the first index after the vault loaded has not run yet. */
  private firstIndexPending = false;

  constructor(private readonly app: App) {}

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
      for (const f of this.vault.getMarkdownFiles()) this.entries.set(f.path, parseNote(this.vault.readSync__(f)));
      this.resolveAll();
      mc.initialized = true;
    }

    const vault = this.vault;
    // The mocks type event handlers as (...data: unknown[]); Obsidian passes (file[, oldPath]).
    vault.on('create', (...data: unknown[]) => {
      const f = data[0] as TAbstractFile;
      if (f instanceof TFile) this.files.add(f.path);
      this.touch(f.path, f instanceof TFile);
    });
    vault.on('modify', (...data: unknown[]) => this.touch((data[0] as TAbstractFile).path, true));
    vault.on('delete', (...data: unknown[]) => {
      const f = data[0] as TAbstractFile;
      this.forgetFiles(f.path);
      for (const [p, prev] of [...this.entries]) {
        if (p !== f.path && !p.startsWith(f.path + '/')) continue;
        this.entries.delete(p);
        if (f instanceof TFile) this.app.metadataCache.trigger('deleted', f, prev);
      }
      this.schedule();
    });
    vault.on('rename', (...data: unknown[]) => {
      const [f, oldPath] = data as [TAbstractFile, string];
      this.forgetFiles(oldPath);
      if (f instanceof TFile) this.files.add(f.path);
      else for (const file of this.vault.getFiles()) if (file.path.startsWith(f.path + '/')) this.files.add(file.path);
      // The cache moves with the file; its content did not change, so no `changed`.
      for (const [p, meta] of [...this.entries]) {
        if (p !== oldPath && !p.startsWith(oldPath + '/')) continue;
        this.entries.delete(p);
        this.entries.set(f.path + p.slice(oldPath.length), meta);
      }
      this.schedule();
    });
  }

  /** Takes `path` (a file, or a folder and everything in it) out of the files by name. */
  private forgetFiles(path: string): void {
    if (this.files.has(path)) this.files.remove(path);
    else for (const p of this.files.under(path)) this.files.remove(p);
  }

  /**
   * Notes whose links may name a file called one of `names` (lower-cased): from their indexed
   * links, plus every note written since the last index pass (its links are not known yet).
   */
  notesNaming(names: ReadonlySet<string>): Set<string> {
    const out = new Set(this.dirty);
    for (const [path, meta] of this.entries) {
      const refs = [...(meta.links ?? []), ...(meta.embeds ?? []), ...(meta.frontmatterLinks ?? [])];
      if (refs.some((ref) => names.has(wantedName(withoutSubpath(ref.link)).toLowerCase()))) out.add(path);
    }
    return out;
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

  /** Parses every note written since the last pass, then resolves all links. */
  private index(): void {
    this.timer = null;
    const changed: [TFile, string, CachedMetadata][] = [];
    for (const path of this.dirty) {
      const file = this.vault.getFileByPath(path);
      if (!file) continue;
      const text = this.vault.readSync__(file);
      const meta = parseNote(text);
      this.entries.set(path, meta);
      changed.push([file, text, meta]);
    }
    this.dirty.clear();
    for (const [file, text, meta] of changed) this.app.metadataCache.trigger('changed', file, text, meta);
    this.resolveAll();
    this.app.metadataCache.trigger('resolved');
  }

  private resolveAll(): void {
    const files = this.files;
    for (const k of Object.keys(this.resolvedLinks)) delete this.resolvedLinks[k];
    for (const k of Object.keys(this.unresolvedLinks)) delete this.unresolvedLinks[k];
    for (const [source, meta] of this.entries) {
      const resolved: Record<string, number> = {};
      const unresolved: Record<string, number> = {};
      for (const ref of [...(meta.links ?? []), ...(meta.embeds ?? []), ...(meta.frontmatterLinks ?? [])]) {
        const linkpath = withoutSubpath(ref.link);
        const target = resolveLinkpath(files, linkpath, source);
        if (target !== null) resolved[target] = (resolved[target] ?? 0) + 1;
        else unresolved[linkpath] = (unresolved[linkpath] ?? 0) + 1;
      }
      this.resolvedLinks[source] = resolved;
      this.unresolvedLinks[source] = unresolved;
    }
  }
}
