// VaultPort on Obsidian's API: `app.vault` for files, `app.fileManager` for renames (see
// obsidian-link-updates.ts: links are kept on their files whatever the user's settings) and trash
// (which honours the user's trash setting), and `app.metadataCache` for metadata. Writes read the
// file fresh (`process`, never `cachedRead`) and return once Obsidian has indexed them
// (obsidian-index-wait.ts), so metadata and backlinks read after a write describe the vault as
// it is. A note open in an editor is read from and written through its editor
// (obsidian-open-note.ts), so a write neither loses what the user typed nor moves their cursor.
import { type App, type CachedMetadata, type EventRef, type FileStats, normalizePath, TFile, TFolder } from 'obsidian';
import type { NoteMetadata } from './metadata-types';
import { assertSafeVaultPath, parentOf } from './path-safety';
import { type FileStat, type RenameOptions, type VaultChange, type VaultEntry, VaultFileNotFoundError, VaultPathExistsError, type VaultPort, StaleWriteError } from './vault-port';
import { afterIndexed, type IndexBusyListener } from './obsidian-index-wait';
import { ObsidianLinkIndex } from './obsidian-link-index';
import { renameKeepingLinks } from './obsidian-link-updates';
import { noteText, processNote } from './obsidian-open-note';
import { assertTrashPath, restoreFromTrash } from './obsidian-trash-restore';
import { type FileLock, ObsidianStateStore } from './obsidian-state-store';
import { stateFolder } from './state-folder';

function statOf(s: FileStats): FileStat {
  return { size: s.size, ctime: s.ctime, mtime: s.mtime };
}

/** Obsidian's CachedMetadata in Reeve's shape (the same fields, with defaults filled in). */
export function toNoteMetadata(cache: CachedMetadata): NoteMetadata {
  return {
    links: cache.links ?? [],
    embeds: cache.embeds ?? [],
    frontmatterLinks: cache.frontmatterLinks ?? [],
    headings: cache.headings ?? [],
    tags: cache.tags ?? [],
    frontmatter: cache.frontmatter ?? null,
    frontmatterPosition: cache.frontmatterPosition ?? null,
    frontmatterError: null,
    sections: (cache.sections ?? []) as NoteMetadata['sections'],
    blocks: cache.blocks ?? {},
  };
}

export class ObsidianVault implements VaultPort {
  readonly state: ObsidianStateStore;
  private readonly links: ObsidianLinkIndex;

  private readonly onIndexBusy: IndexBusyListener | undefined;

  /**
   * `fileLock`: the lock shared with the CLI, where the vault is a folder on disk (see
   * ObsidianStateStore). `onIndexBusy`: told which notes Obsidian had still not indexed when the
   * wait after a write ended (obsidian-index-wait.ts), so that the user hears of it.
   */
  constructor(
    private readonly app: App,
    opts: { fileLock?: FileLock; onIndexBusy?: IndexBusyListener } = {},
  ) {
    this.onIndexBusy = opts.onIndexBusy;
    this.state = new ObsidianStateStore(app.vault.adapter, normalizePath(stateFolder(app.vault.configDir)), opts.fileLock);
    this.links = new ObsidianLinkIndex(app, (p) => this.metadata(p));
  }

  /** Stops following the vault's and the metadata cache's events (the plugin unloads). */
  close(): void {
    this.links.close();
  }

  get configDir(): string {
    return this.app.vault.configDir;
  }

  private safe(p: string): string {
    const checked = normalizePath(assertSafeVaultPath(p, { configDir: this.configDir, exists: (vp) => this.app.vault.getAbstractFileByPath(normalizePath(vp)) !== null }));
    // Obsidian holds a path as the disk gave it (decomposed, NFD, on macOS), while the check and
    // normalizePath give NFC: a path spelled decomposed names those bytes, listed or not (a
    // journal asking whether a decomposed twin exists again must not be answered by its composed
    // twin).
    if (p !== checked && p.normalize('NFC') === checked) return p;
    return checked;
  }

  private file(p: string): TFile {
    const f = this.app.vault.getFileByPath(this.safe(p));
    if (!f) throw new VaultFileNotFoundError(p);
    return f;
  }

  list(): Promise<VaultEntry[]> {
    const out: VaultEntry[] = [];
    for (const f of this.app.vault.getAllLoadedFiles()) {
      if (f instanceof TFile) out.push({ kind: 'file', path: f.path, stat: statOf(f.stat) });
      else if (f instanceof TFolder && !f.isRoot()) out.push({ kind: 'folder', path: f.path });
    }
    return Promise.resolve(out);
  }

  async stat(p: string): Promise<FileStat | null> {
    await Promise.resolve();
    const f = this.app.vault.getFileByPath(this.safe(p));
    return f ? statOf(f.stat) : null;
  }

  async exists(p: string): Promise<boolean> {
    await Promise.resolve();
    return this.app.vault.getAbstractFileByPath(this.safe(p)) !== null;
  }

  async read(p: string): Promise<string> {
    return noteText(this.app, this.file(p));
  }

  /** For indexing: Obsidian's cached text of the file (the plugin guidelines' read for display). */
  async cachedRead(p: string): Promise<string> {
    return this.app.vault.cachedRead(this.file(p));
  }

  async readBinary(p: string): Promise<Uint8Array> {
    return new Uint8Array(await this.app.vault.readBinary(this.file(p)));
  }

  /** Runs a write and returns once the metadata cache has caught up with it. */
  private indexed<T>(write: () => Promise<T>): Promise<T> {
    return afterIndexed(this.app, write, this.onIndexBusy);
  }

  async process(p: string, fn: (data: string) => string): Promise<string> {
    const f = this.file(p);
    return this.indexed(() => processNote(this.app, f, fn));
  }

  async processFrontMatter(p: string, edit: (frontmatter: Record<string, unknown>) => void, expect?: string): Promise<string> {
    const f = this.file(p);
    // FileManager.processFrontMatter shows no text: the check reads it first, the result after.
    if (expect !== undefined && (await noteText(this.app, f)) !== expect) throw new StaleWriteError(p);
    await this.indexed(() => this.app.fileManager.processFrontMatter(f, edit));
    return noteText(this.app, f);
  }

  /**
   * Refuses a path taken by another file or folder in the same folder, comparing case-insensitively:
   * a name differing only in case is taken, unless a restore puts it back. Stricter than the shared
   * rule (caseCollision), which lets a case-only rename keep a pair a pair on a case-sensitive disk:
   * Obsidian takes such names for one file, so here the pair is never renamed into, only refused.
   */
  private assertFree(p: string, except?: string, restore = false): void {
    const exact = this.app.vault.getAbstractFileByPath(p);
    if (exact && exact.path !== except) throw new VaultPathExistsError(exact.path);
    if (restore) return;
    const parent = parentOf(p);
    const siblings = parent === '' ? this.app.vault.getRoot().children : (this.app.vault.getFolderByPath(parent)?.children ?? []);
    const lower = p.toLowerCase();
    const taken = siblings.find((c) => c.path.toLowerCase() === lower && c.path !== except);
    if (taken) throw new VaultPathExistsError(taken.path);
  }

  private async ensureParents(p: string): Promise<void> {
    const missing: string[] = [];
    for (let f = parentOf(p); f !== '' && !this.app.vault.getFolderByPath(f); f = parentOf(f)) missing.unshift(f);
    for (const f of missing) await this.indexed(() => this.app.vault.createFolder(f));
  }

  async create(p: string, data: string): Promise<void> {
    const vp = this.safe(p);
    this.assertFree(vp);
    await this.ensureParents(vp);
    await this.indexed(() => this.app.vault.create(vp, data));
  }

  async createBinary(p: string, data: Uint8Array): Promise<void> {
    const vp = this.safe(p);
    this.assertFree(vp);
    await this.ensureParents(vp);
    await this.indexed(() => this.app.vault.createBinary(vp, data.slice().buffer));
  }

  async createFolder(p: string): Promise<void> {
    const vp = this.safe(p);
    this.assertFree(vp);
    await this.ensureParents(vp);
    await this.indexed(() => this.app.vault.createFolder(vp));
  }

  async rename(from: string, to: string, opts: RenameOptions = {}): Promise<void> {
    const src = this.safe(from);
    const dst = this.safe(to);
    const f = this.app.vault.getAbstractFileByPath(src);
    if (!f) throw new VaultFileNotFoundError(src);
    if (src === dst) return;
    const restore = opts.restore === true;
    this.assertFree(dst, src.toLowerCase() === dst.toLowerCase() ? src : undefined, restore);
    await this.ensureParents(dst);
    await renameKeepingLinks(this.app, f, dst, { metadataOf: (path) => this.metadata(path), links: this.links }, (write) => this.indexed(write), restore);
  }

  /** Obsidian decides where trash goes (system trash, `.trash`, or deletion): Reeve can't rely on finding it. */
  async trash(p: string): Promise<null> {
    const vp = this.safe(p);
    const f = this.app.vault.getAbstractFileByPath(vp);
    if (!f) throw new VaultFileNotFoundError(vp);
    await this.indexed(() => this.app.fileManager.trashFile(f));
    return null;
  }

  /** Through the Vault (obsidian-trash-restore.ts), never behind its back with the adapter. */
  async restoreFromTrash(trashPath: string, to: string): Promise<void> {
    assertTrashPath(trashPath);
    const dst = this.safe(to);
    this.assertFree(dst, undefined, true);
    if (!(await this.app.vault.adapter.exists(trashPath))) throw new VaultFileNotFoundError(trashPath);
    await this.ensureParents(dst);
    await this.indexed(() => restoreFromTrash(this.app, trashPath, dst));
  }

  async removeEmptyFolder(p: string): Promise<void> {
    const folder = this.app.vault.getFolderByPath(this.safe(p));
    if (!folder) throw new VaultFileNotFoundError(p);
    if (folder.children.length > 0) throw new Error(`folder ${p} is not empty`);
    await this.indexed(() => this.app.fileManager.trashFile(folder));
  }

  metadata(p: string): NoteMetadata | null {
    const cache = this.app.metadataCache.getCache(p);
    return cache && p.toLowerCase().endsWith('.md') ? toNoteMetadata(cache) : null;
  }

  resolvedLinks(): Record<string, Record<string, number>> {
    return this.app.metadataCache.resolvedLinks;
  }

  unresolvedLinks(): Record<string, Record<string, number>> {
    return this.app.metadataCache.unresolvedLinks;
  }

  backlinks(p: string): string[] {
    return this.links.backlinks(p);
  }

  notesLinkingToNames(names: ReadonlySet<string>): Iterable<string> {
    return this.links.notesLinkingToNames(names);
  }

  resolveLink(linkpath: string, sourcePath: string): string | null {
    return this.app.metadataCache.getFirstLinkpathDest(linkpath, sourcePath)?.path ?? null;
  }

  onChange(listener: (change: VaultChange) => void): () => void {
    const kind = (f: unknown): 'file' | 'folder' => (f instanceof TFolder ? 'folder' : 'file');
    const vault = this.app.vault;
    const refs: EventRef[] = [
      vault.on('create', (f) => listener({ type: 'create', path: f.path, kind: kind(f) })),
      vault.on('modify', (f) => listener({ type: 'modify', path: f.path })),
      vault.on('delete', (f) => listener({ type: 'delete', path: f.path, kind: kind(f) })),
      vault.on('rename', (f, oldPath) => listener({ type: 'rename', path: f.path, oldPath, kind: kind(f) })),
    ];
    return () => {
      for (const ref of refs) vault.offref(ref);
    };
  }
}
