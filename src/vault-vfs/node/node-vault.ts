// VaultPort on real files: the CLI's and the tests' vault. Writes are atomic (temp file, fsync,
// rename), `process` refuses stale input, nothing leaves the vault through a symlink, and a new
// name that differs only in case from one in the vault collides, as it would on macOS or Windows
// (a case-sensitive disk may already hold such pairs: they are kept, and an undo puts them back).
// Renames rewrite links the way Obsidian does, through the shared VaultIndex.
import { promises as fs, readFileSync, statSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import * as path from 'node:path';
import type { NoteMetadata } from '../metadata-types';
import { decodeText, encodeText } from '../byte-text';
import { assertSafeVaultPath, extOf, parentOf } from '../path-safety';
import { type FrontmatterEdit, rewriteFrontmatter } from '../markdown/frontmatter-write';
import { parseMarkdown } from '../markdown/parse-markdown';
import { VaultIndex } from '../vault-index';
import {
  type FileStat,
  type NewLinkFormat,
  type RenameOptions,
  StaleWriteError,
  type VaultChange,
  type VaultEntry,
  VaultFileNotFoundError,
  VaultPathExistsError,
  type VaultPort,
} from '../vault-port';
import { writeFileAtomic, writeFilesAtomic } from './atomic-write';
import { NodeStateStore } from './node-state-store';
import { type CachedNote, type MetadataCacheReport, MetadataCache } from './metadata-cache';
import { NoteLinks } from '../note-links';
import { nodeSlicer, readInSlices } from './read-in-slices';
import { writeProblemAt } from './write-access';
import { type ScannedFile, TRASH_FOLDER, VaultFs, statOrNull } from './vault-fs';

export interface NodeVaultOptions {
  /** Defaults to `.obsidian`. */
  configDir?: string;
  /** Defaults to the vault's own `newLinkFormat` in `<configDir>/app.json`, else `shortest`. */
  newLinkFormat?: NewLinkFormat;
  /** Keep and use the metadata cache in the plugin folder (default true). */
  metadataCache?: boolean;
}

async function readLinkFormat(root: string, configDir: string): Promise<NewLinkFormat> {
  try {
    const app = JSON.parse(await fs.readFile(path.join(root, configDir, 'app.json'), 'utf8')) as { newLinkFormat?: unknown };
    if (app.newLinkFormat === 'relative' || app.newLinkFormat === 'absolute') return app.newLinkFormat;
  } catch {
    /* no app.json, or unreadable: Obsidian's default applies */
  }
  return 'shortest';
}

/** Files up to this size are read synchronously by readBinary. */
const SYNC_READ_LIMIT = 8 * 1024 * 1024;

/**
 * A note's text with every byte kept (see byte-text.ts): a rewrite must not lose what it did not
 * change, and link offsets must be those of the text a rewrite edits. Valid UTF-8, nearly every
 * note, takes Node's fast decoder.
 */
export function noteText(bytes: Buffer): string {
  return isUtf8(bytes) ? bytes.toString('utf8') : decodeText(bytes);
}

function readText(abs: string): string {
  return noteText(readFileSync(abs));
}

/** A cached note's links with their cached targets, or none if those may not hold (the index resolves them). */
function cachedLinks(index: VaultIndex, path: string, cached: CachedNote): NoteLinks | undefined {
  const decode = cached.targets;
  if (decode === null) return undefined;
  const linkpaths = cached.meta.linkpaths;
  // Targets that do not decode (a bug, as the file's checksum held) are resolved as the vault is then.
  return new NoteLinks(linkpaths, () => decode() ?? index.resolveAll(linkpaths, path));
}

function readTextOrNull(abs: string): string | null {
  try {
    return readText(abs);
  } catch {
    return null;
  }
}

export class NodeVault implements VaultPort {
  private readonly listeners = new Set<(change: VaultChange) => void>();

  private constructor(
    private readonly disk: VaultFs,
    readonly configDir: string,
    readonly newLinkFormat: NewLinkFormat,
    private readonly index: VaultIndex,
    readonly state: NodeStateStore,
    /** What the open took from the metadata cache and whether it saved it (null: cache disabled). */
    readonly metadataCacheReport: MetadataCacheReport | null,
  ) {}

  /**
   * Opens a vault folder: scans it and takes every note's metadata from the metadata cache, or
   * reads and parses the notes the cache does not hold as they are now (see metadata-cache.ts).
   */
  static async open(root: string, opts: NodeVaultOptions = {}): Promise<NodeVault> {
    const disk = await VaultFs.open(root);
    const configDir = opts.configDir ?? '.obsidian';
    const format = opts.newLinkFormat ?? (await readLinkFormat(disk.root, configDir));
    const index = new VaultIndex(format);
    const state = new NodeStateStore(path.join(disk.root, configDir, 'plugins', 'steward'));
    const openedAt = Date.now();
    const scan = await disk.scan(configDir);
    const cache = opts.metadataCache === false ? MetadataCache.empty('disabled', openedAt) : await MetadataCache.load(state, openedAt);
    for (const folder of scan.folders) index.addFolder(folder);
    const toRead: ScannedFile[] = [];
    const slicer = nodeSlicer();
    // Every file is known before any note is added: a cached note's links come resolved among them.
    index.beginLoad();
    cache.setFiles(scan.files.map((f) => f.path));
    for (const f of scan.files) {
      const stat = { size: f.size, ctime: f.ctime, mtime: f.mtime };
      if (extOf(f.path) !== 'md') index.setFile(f.path, stat, null);
      else {
        const cached = cache.reuse(f.path, f, () => parseMarkdown(readTextOrNull(disk.abs(f.path)) ?? ''));
        if (cached) index.setFile(f.path, stat, null, cached.meta, cachedLinks(index, f.path, cached));
        else toRead.push(f);
      }
      if (slicer.due) await slicer.checkpoint();
    }
    await readInSlices(
      toRead.map((f) => disk.abs(f.path)),
      (i, bytes) => {
        const f = toRead[i];
        if (!f || !bytes) return;
        const text = noteText(bytes);
        const meta = parseMarkdown(text);
        index.setFile(f.path, { size: f.size, ctime: f.ctime, mtime: f.mtime }, text, meta);
        cache.add(f.path, f, meta);
      },
    );
    index.endLoad();
    const report = opts.metadataCache === false ? null : await cache.save(state, statOrNull(state.root)?.isDirectory() ?? false, (p) => index.linkTargets(p));
    return new NodeVault(disk, configDir, format, index, state, report);
  }

  get root(): string {
    return this.disk.root;
  }

  private safe(p: string): string {
    return assertSafeVaultPath(p, { configDir: this.configDir, exists: (vp) => this.index.isFile(vp) || this.index.isFolder(vp) });
  }

  private emit(change: VaultChange): void {
    for (const l of this.listeners) l(change);
  }

  onChange(listener: (change: VaultChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  list(): Promise<VaultEntry[]> {
    return Promise.resolve(this.index.entries());
  }

  async stat(p: string): Promise<FileStat | null> {
    const abs = await this.disk.contained(this.safe(p));
    const st = statOrNull(abs);
    if (!st?.isFile()) return null;
    return { size: st.size, ctime: st.birthtimeMs || st.ctimeMs, mtime: st.mtimeMs };
  }

  async exists(p: string): Promise<boolean> {
    return this.disk.exists(await this.disk.contained(this.safe(p)));
  }

  async read(p: string): Promise<string> {
    const abs = await this.disk.contained(this.safe(p));
    try {
      return readText(abs); // synchronous: see vault-fs.ts
    } catch (e) {
      throw this.notFound(e, p);
    }
  }

  async readBinary(p: string): Promise<Uint8Array> {
    const abs = await this.disk.contained(this.safe(p));
    try {
      // Small files synchronously (see vault-fs.ts); a large attachment must not stall the process.
      const small = (statOrNull(abs)?.size ?? 0) <= SYNC_READ_LIMIT;
      const buf = small ? readFileSync(abs) : await fs.readFile(abs);
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    } catch (e) {
      throw this.notFound(e, p);
    }
  }

  private notFound(e: unknown, p: string): unknown {
    return (e as { code?: string }).code === 'ENOENT' ? new VaultFileNotFoundError(p) : e;
  }

  async process(p: string, fn: (data: string) => string): Promise<string> {
    const vp = this.safe(p);
    const abs = await this.disk.contained(vp);
    const before = await this.read(vp);
    const after = fn(before);
    if (after === before) return before;
    // The file must be exactly what `fn` saw; otherwise someone else wrote it meanwhile.
    const current = readTextOrNull(abs);
    if (current !== before) throw new StaleWriteError(vp);
    await writeFileAtomic(abs, encodeText(after));
    await this.refreshFile(vp, after);
    this.emit({ type: 'modify', path: vp });
    return after;
  }

  async processFrontMatter(p: string, edit: FrontmatterEdit): Promise<void> {
    await this.process(p, (text) => rewriteFrontmatter(this.safe(p), text, edit));
  }

  private async refreshFile(vp: string, text: string | null, parsed?: NoteMetadata): Promise<void> {
    const st = statSync(this.disk.abs(vp));
    this.index.setFile(vp, { size: st.size, ctime: st.birthtimeMs || st.ctimeMs, mtime: st.mtimeMs }, text, parsed);
  }

  /**
   * Refuses a path taken by another file or folder, comparing case-insensitively as Obsidian does:
   * a new name never differs only in case from one in the vault. Two exceptions, both for names
   * a case-sensitive disk already holds side by side: a case-only rename (`except`, the file
   * itself) keeps the pair a pair, and a restore (undo, rollback) puts back a name the vault had.
   * Where the disk itself does not tell the names apart, nothing can make it hold both.
   */
  private async assertFree(vp: string, except?: string, restore = false): Promise<void> {
    const variants = this.index.findAllInsensitive(vp).filter((p) => p !== except);
    if (variants.includes(vp)) throw new VaultPathExistsError(vp);
    const first = variants[0];
    if (first !== undefined && !restore && except === undefined) throw new VaultPathExistsError(first);
    if (except === undefined && (await this.disk.exists(this.disk.abs(vp)))) {
      throw new VaultPathExistsError(first === undefined ? vp : `${vp} (this disk does not tell it apart from ${first})`);
    }
  }

  /** Creates missing parent folders of `vp`, announcing each. */
  private async ensureParents(vp: string): Promise<void> {
    const missing: string[] = [];
    for (let parent = parentOf(vp); parent !== '' && !this.index.isFolder(parent); parent = parentOf(parent)) missing.unshift(parent);
    for (const folder of missing) {
      await fs.mkdir(this.disk.abs(folder), { recursive: true });
      this.index.addFolder(folder);
      this.emit({ type: 'create', path: folder, kind: 'folder' });
    }
  }

  async create(p: string, data: string): Promise<void> {
    await this.createBytes(p, encodeText(data), extOf(p) === 'md' ? data : null);
  }

  async createBinary(p: string, data: Uint8Array): Promise<void> {
    await this.createBytes(p, data, extOf(p) === 'md' ? decodeText(data) : null);
  }

  private async createBytes(p: string, data: Uint8Array, text: string | null): Promise<void> {
    const vp = this.safe(p);
    await this.disk.contained(vp);
    await this.assertFree(vp);
    await this.ensureParents(vp);
    await writeFileAtomic(this.disk.abs(vp), data);
    await this.refreshFile(vp, text);
    this.emit({ type: 'create', path: vp, kind: 'file' });
  }

  async createFolder(p: string): Promise<void> {
    const vp = this.safe(p);
    await this.disk.contained(vp);
    await this.assertFree(vp);
    await this.ensureParents(vp);
    await fs.mkdir(this.disk.abs(vp));
    this.index.addFolder(vp);
    this.emit({ type: 'create', path: vp, kind: 'folder' });
  }

  async rename(from: string, to: string, opts: RenameOptions = {}): Promise<void> {
    const src = this.safe(from);
    const dst = this.safe(to);
    const kind = this.index.isFolder(src) ? 'folder' : this.index.isFile(src) ? 'file' : null;
    if (!kind) throw new VaultFileNotFoundError(src);
    if (src === dst) return;
    if (kind === 'folder' && dst.toLowerCase().startsWith(src.toLowerCase() + '/')) {
      throw new VaultPathExistsError(`${dst} (a folder cannot move into itself)`);
    }
    await this.disk.contained(src);
    await this.disk.contained(dst);
    const restore = opts.restore === true;
    await this.assertFree(dst, src.toLowerCase() === dst.toLowerCase() ? src : undefined, restore);
    // Link rewrites are computed against the vault before the move, from fresh note text.
    const rewrites = await this.index.planRename(src, dst, (note) => Promise.resolve(readText(this.disk.abs(note))), { allowCaseVariants: restore });
    await this.ensureParents(dst);
    await this.disk.move(this.disk.abs(src), this.disk.abs(dst));
    for (const note of this.index.renamePath(src, dst)) await this.refreshFile(note, readText(this.disk.abs(note)));
    this.emit({ type: 'rename', path: dst, oldPath: src, kind });
    await writeFilesAtomic([...rewrites].map(([note, { text }]) => ({ target: this.disk.abs(note), data: encodeText(text) })));
    for (const [note, { text, metadata }] of rewrites) {
      await this.refreshFile(note, text, metadata);
      this.emit({ type: 'modify', path: note });
    }
  }

  async trash(p: string): Promise<string> {
    const vp = this.safe(p);
    const kind = this.index.isFolder(vp) ? 'folder' : this.index.isFile(vp) ? 'file' : null;
    if (!kind) throw new VaultFileNotFoundError(vp);
    await this.disk.contained(vp);
    const target = await this.disk.freeTrashPath(vp);
    await this.disk.move(this.disk.abs(vp), this.disk.abs(target));
    this.index.removePath(vp);
    this.emit({ type: 'delete', path: vp, kind });
    return target;
  }

  async restoreFromTrash(trashPath: string, to: string): Promise<void> {
    if (!trashPath.startsWith(`${TRASH_FOLDER}/`) || trashPath.split('/').includes('..')) {
      throw new VaultFileNotFoundError(`${trashPath} (not a path inside ${TRASH_FOLDER}/)`);
    }
    const dst = this.safe(to);
    await this.assertFree(dst, undefined, true);
    const fromAbs = this.disk.abs(trashPath);
    const st = await fs.stat(fromAbs).catch(() => null);
    if (!st) throw new VaultFileNotFoundError(trashPath);
    await this.ensureParents(dst);
    await this.disk.move(fromAbs, this.disk.abs(dst));
    if (st.isDirectory()) {
      const scan = await VaultFs.open(this.disk.abs(dst)).then((sub) => sub.scan(this.configDir));
      this.index.addFolder(dst);
      for (const f of scan.folders) this.index.addFolder(`${dst}/${f}`);
      for (const f of scan.files) await this.refreshFile(`${dst}/${f.path}`, extOf(f.path) === 'md' ? readText(this.disk.abs(`${dst}/${f.path}`)) : null);
    } else {
      await this.refreshFile(dst, extOf(dst) === 'md' ? readText(this.disk.abs(dst)) : null);
    }
    this.emit({ type: 'create', path: dst, kind: st.isDirectory() ? 'folder' : 'file' });
  }

  async removeEmptyFolder(p: string): Promise<void> {
    const vp = this.safe(p);
    if (!this.index.isFolder(vp)) throw new VaultFileNotFoundError(vp);
    await fs.rmdir(await this.disk.contained(vp));
    this.index.removePath(vp);
    this.emit({ type: 'delete', path: vp, kind: 'folder' });
  }

  metadata(p: string): NoteMetadata | null {
    return this.index.metadata(p);
  }

  resolvedLinks(): Record<string, Record<string, number>> {
    return this.index.resolvedLinks();
  }

  unresolvedLinks(): Record<string, Record<string, number>> {
    return this.index.unresolvedLinks();
  }

  backlinks(p: string): string[] {
    return this.index.backlinks(p);
  }

  async writeProblem(p: string): Promise<string | null> {
    if (p === '') return writeProblemAt(this.disk.root, '');
    const vp = this.safe(p);
    // Each folder on the way first, without following links: a link is named as a link.
    const parts = vp.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const at = parts.slice(0, i).join('/');
      const problem = writeProblemAt(this.disk.abs(at), at);
      if (problem !== null && (i === parts.length || problem.includes('symbolic link'))) return problem;
    }
    return null;
  }

  notesLinkingToNames(names: ReadonlySet<string>): Iterable<string> {
    return this.index.notesLinkingToNames(names);
  }

  resolveLink(linkpath: string, sourcePath: string): string | null {
    return this.index.resolveLink(linkpath, sourcePath);
  }
}
