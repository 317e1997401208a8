// VaultPort on real files: the CLI's and the tests' vault. Writes are atomic (temp file, fsync,
// rename; a journaled move's link rewrites are held and written once, then synced later, see
// held-rewrites.ts and deferred-syncs.ts), `process` refuses stale input, nothing leaves the vault through a symlink, and a new
// name that differs only in case from one in the vault collides, as it would on macOS or Windows
// (a case-sensitive disk may already hold such pairs: they are kept, and an undo puts them back).
// Renames rewrite links the way Obsidian does, through the shared VaultIndex. Opening a folder
// is vault-open.ts; the walk and the disk's primitives are vault-fs.ts.
import { createHash } from 'node:crypto';
import { promises as fs, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { NoteMetadata } from '../metadata-types';
import { decodeText, encodeText } from '../byte-text';
import { assertSafeVaultPath, extOf, keptNames } from '../path-safety';
import { type FrontmatterEdit, rewriteFrontmatter } from '../markdown/frontmatter-write';
import type { VaultIndex } from '../vault-index';
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
import { removeLeftoverTemps, writeFileAtomic, writeFilesAtomic } from './atomic-write';
import { DeferredSyncs } from './deferred-syncs';
import { HeldRewrites } from './held-rewrites';
import type { NodeStateStore } from './node-state-store';
import type { MetadataCacheReport } from './metadata-cache';
import { copyFileStreamed } from './copy-file';
import { hashFileAt } from './hash-file';
import { readText, readTextOrNull } from './note-text';
import { type NodeVaultOptions, openVaultFolder } from './vault-open';
import { moveProblemAt, writeProblemAt, writeProblemOnTheWay } from './write-access';
import { moveToTrash, restoreFromTrash } from './vault-trash';
import { VaultTree } from './vault-tree';
import { catchUpWithDisk } from './vault-catch-up';
import { type Unreadable, type VaultFs, fileStatOf, lstatOrNull, statOrNull } from './vault-fs';

export type { NodeVaultOptions } from './vault-open';

/** Files up to this size are read synchronously by readBinary. */
const SYNC_READ_LIMIT = 8 * 1024 * 1024;

export class NodeVault implements VaultPort {
  private readonly tree: VaultTree;
  /** Link rewrites of recorded notes (see RenameOptions.recordedNotes), synced by syncDeferredWrites. */
  private readonly deferred = new DeferredSyncs();
  /** Link rewrites of recorded notes not yet written (see held-rewrites.ts): read() gives them. */
  private readonly held = new HeldRewrites();
  /** read() keeps every byte (note-text.ts), and a held text is hashed as hashFile hashes it. */
  readonly readsEveryByte = true;

  private constructor(
    private readonly disk: VaultFs,
    readonly configDir: string,
    readonly newLinkFormat: NewLinkFormat,
    private readonly index: VaultIndex,
    readonly state: NodeStateStore,
    /** What the open took from the metadata cache and whether it saved it (null: cache disabled). */
    readonly metadataCacheReport: MetadataCacheReport | null,
    /** Files and folders of the vault left out of it because they may not be read. */
    readonly unreadable: readonly Unreadable[] = [],
  ) {
    this.tree = new VaultTree(disk, index);
  }

  /**
   * Opens a vault folder: scans it and takes every note's metadata from the metadata cache, or
   * reads and parses the notes the cache does not hold as they are now (see metadata-cache.ts).
   */
  static async open(root: string, opts: NodeVaultOptions = {}): Promise<NodeVault> {
    const v = await openVaultFolder(root, opts);
    return new NodeVault(v.disk, v.configDir, v.format, v.index, v.state, v.report, v.unreadable);
  }

  get root(): string {
    return this.disk.root;
  }

  private safe(p: string, asRecorded = false, keep?: ReadonlySet<string>): string {
    return assertSafeVaultPath(p, { configDir: this.configDir, exists: (vp) => this.index.isFile(vp) || this.index.isFolder(vp), asRecorded, ...(keep ? { keep } : {}) });
  }

  /**
   * The path of a file or folder to look up, read or move: its own bytes. Vault paths are the
   * disk's names (vault-fs.ts), so a path spelled out of NFC (decomposed) names those bytes, listed
   * or not: a journal's record of a decomposed twin is asked about as recorded, never answered by
   * its composed twin, and a composed path is never answered by a decomposed file.
   */
  private spelled(p: string): string {
    return this.safe(p, p !== p.normalize('NFC'));
  }

  onChange(listener: (change: VaultChange) => void): () => void {
    return this.tree.onChange(listener);
  }

  list(): Promise<VaultEntry[]> {
    return Promise.resolve(this.index.entries());
  }

  /**
   * Takes in what another program created, changed, renamed or deleted on disk since the open
   * (or the last catch-up): one walk and stat, and only the changed notes read (vault-catch-up.ts).
   * Each change is announced to onChange's listeners, as the vault's own writes are. For a
   * long-lived process (`reeve mcp`); a command that runs and ends has no need of it.
   */
  catchUp(): Promise<VaultChange[]> {
    return catchUpWithDisk(this.tree, this.configDir, (p) => this.held.has(p));
  }

  async stat(p: string): Promise<FileStat | null> {
    const vp = this.spelled(p);
    const abs = await this.disk.containedByFolder(vp);
    const st = statOrNull(abs);
    if (!st?.isFile()) return null;
    const held = this.held.get(vp);
    return held === undefined ? fileStatOf(st) : { ...fileStatOf(st), size: encodeText(held).byteLength };
  }

  async exists(p: string): Promise<boolean> {
    return this.disk.exists(await this.disk.containedByFolder(this.spelled(p)));
  }

  async read(p: string): Promise<string> {
    const vp = this.spelled(p);
    // A held rewrite is the vault's own text, not read from the disk: nothing to check (its write
    // was checked by the rename that held it). A job reads every note its moves rewrote.
    const held = this.held.get(vp);
    if (held !== undefined) return held;
    const abs = await this.disk.contained(vp);
    try {
      return readText(abs); // synchronous: see vault-fs.ts
    } catch (e) {
      throw this.notFound(e, p);
    }
  }

  async readBinary(p: string): Promise<Uint8Array> {
    const vp = this.spelled(p);
    const abs = await this.disk.contained(vp);
    const held = this.held.get(vp);
    if (held !== undefined) return encodeText(held);
    try {
      // Small files synchronously (see vault-fs.ts); a large attachment must not stall the process.
      const small = (statOrNull(abs)?.size ?? 0) <= SYNC_READ_LIMIT;
      const buf = small ? readFileSync(abs) : await fs.readFile(abs);
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    } catch (e) {
      throw this.notFound(e, p);
    }
  }

  /** SHA-256 of the file, read 1 MiB at a time: bounded memory for a file of any size. */
  async hashFile(p: string): Promise<string> {
    const vp = this.spelled(p);
    const abs = await this.disk.containedByFolder(vp);
    const held = this.held.get(vp);
    if (held !== undefined) return createHash('sha256').update(encodeText(held)).digest('hex');
    try {
      return await hashFileAt(abs);
    } catch (e) {
      throw this.notFound(e, p);
    }
  }

  async copyToState(p: string, stateName: string): Promise<void> {
    const vp = this.spelled(p);
    await this.writeHeld(vp);
    const abs = await this.disk.contained(vp);
    const target = this.state.pathOf(stateName);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await copyFileStreamed(abs, target).catch((e: unknown) => {
      throw this.notFound(e, p);
    });
  }

  async createFromState(stateName: string, p: string): Promise<void> {
    const vp = this.safe(p, true);
    await this.disk.contained(vp);
    await this.tree.assertFree(vp, undefined, true);
    await this.tree.ensureParents(vp);
    const abs = this.disk.abs(vp);
    await copyFileStreamed(this.state.pathOf(stateName), abs);
    this.tree.refreshFile(vp, extOf(vp) === 'md' ? readText(abs) : null);
    this.tree.emit({ type: 'create', path: vp, kind: 'file' });
  }

  private notFound(e: unknown, p: string): unknown {
    return (e as { code?: string }).code === 'ENOENT' ? new VaultFileNotFoundError(p) : e;
  }

  async process(p: string, fn: (data: string) => string): Promise<string> {
    const vp = this.spelled(p);
    await this.writeHeld(vp);
    const abs = await this.disk.contained(vp);
    const before = await this.read(vp);
    const after = fn(before);
    if (after === before) return before;
    // The file must be exactly what `fn` saw; otherwise someone else wrote it meanwhile.
    const current = readTextOrNull(abs);
    if (current !== before) throw new StaleWriteError(vp);
    await writeFileAtomic(abs, encodeText(after));
    this.tree.refreshFile(vp, after);
    this.tree.emit({ type: 'modify', path: vp });
    return after;
  }

  async processFrontMatter(p: string, edit: FrontmatterEdit, expect?: string): Promise<string> {
    return this.process(p, (text) => {
      if (expect !== undefined && text !== expect) throw new StaleWriteError(this.spelled(p));
      return rewriteFrontmatter(this.spelled(p), text, edit);
    });
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
    await this.tree.assertFree(vp);
    await this.tree.ensureParents(vp);
    await writeFileAtomic(this.disk.abs(vp), data);
    this.tree.refreshFile(vp, text);
    this.tree.emit({ type: 'create', path: vp, kind: 'file' });
  }

  async createFolder(p: string): Promise<void> {
    const vp = this.safe(p);
    await this.disk.contained(vp);
    await this.tree.assertFree(vp);
    await this.tree.ensureParents(vp);
    await fs.mkdir(this.disk.abs(vp));
    this.index.addFolder(vp);
    this.tree.emit({ type: 'create', path: vp, kind: 'folder' });
  }

  /**
   * Writes the held rewrites at or under `vp` (all when null) before a call that works on the
   * file itself; their sync stays deferred, as the rename that held them asked.
   */
  private async writeHeld(vp: string | null): Promise<void> {
    if (this.held.size === 0) return;
    const texts = this.held.take(vp);
    if (texts.length === 0) return;
    try {
      // Checked again where it is written: a folder replaced by a link out of the vault since the
      // rename held the text gets nothing written through it (the texts stay held).
      for (const [note] of texts) await this.disk.contained(note);
    } catch (e) {
      for (const [note, text] of texts) this.held.set(note, text);
      throw e;
    }
    await writeFilesAtomic(texts.map(([note, text]) => ({ target: this.disk.abs(note), data: encodeText(text), deferTo: this.deferred })));
    // The index holds these texts' metadata already; only the stat changed.
    for (const [note, text] of texts) this.tree.refreshFile(note, text, this.index.metadata(note) ?? undefined);
  }

  async rename(from: string, to: string, opts: RenameOptions = {}): Promise<void> {
    const src = this.spelled(from);
    // The names the source has keep their bytes where it goes (keptNames).
    const dst = this.safe(to, opts.restore === true, keptNames(src));
    const kind = this.index.isFolder(src) ? 'folder' : this.index.isFile(src) ? 'file' : null;
    if (!kind) throw new VaultFileNotFoundError(src);
    if (src === dst) return;
    if (kind === 'folder' && dst.toLowerCase().startsWith(src.toLowerCase() + '/')) {
      throw new VaultPathExistsError(`${dst} (a folder cannot move into itself)`);
    }
    await this.disk.contained(src);
    await this.disk.contained(dst);
    const restore = opts.restore === true;
    await this.tree.assertFree(dst, src, restore);
    // Link rewrites are computed against the vault before the move, from fresh note text.
    // A held text is exactly the one whose metadata the index holds: it is not parsed again.
    const rewrites = await this.index.planRename(src, dst, (note) => Promise.resolve(this.held.get(note) ?? readText(this.disk.abs(note))), {
      allowCaseVariants: restore,
      knownMetadata: (note) => (this.held.has(note) ? this.index.metadata(note) : null),
    });
    // The notes the rename rewrites are written where they are: each is checked as any write is,
    // before anything moves (a folder of them replaced by a link out of the vault is refused).
    for (const note of rewrites.keys()) await this.disk.contained(note);
    await this.tree.ensureParents(dst);
    const { fromAbs, toAbs } = await this.disk.moveEntry(src, dst);
    // A file moved before its deferred sync is synced where it is now; a held text goes with it.
    this.deferred.moved(fromAbs, toAbs);
    this.held.moved(src, dst, kind);
    const recorded = DeferredSyncs.supported ? opts.recordedNotes : undefined;
    // The move itself is made durable with the rewrites, before the journal says it ran.
    if (recorded) for (const folder of [path.dirname(fromAbs), path.dirname(toAbs)]) this.deferred.addFolder(folder);
    for (const note of this.index.renamePath(src, dst)) this.tree.refreshFile(note, this.held.get(note) ?? readText(this.disk.abs(note)));
    this.tree.emit({ type: 'rename', path: dst, oldPath: src, kind });
    // Recorded notes' rewrites are held (written once, at syncDeferredWrites); others written and synced now.
    const now = [...rewrites].filter(([note]) => recorded?.has(note) !== true);
    for (const [note, { text }] of rewrites) if (recorded?.has(note) === true) this.held.set(note, text);
    await writeFilesAtomic(now.map(([note, { text }]) => ({ target: this.disk.abs(note), data: encodeText(text) })));
    for (const [note, { text, metadata }] of rewrites) {
      this.tree.refreshFile(note, text, metadata);
      this.tree.emit({ type: 'modify', path: note });
    }
  }

  /**
   * Runs `run` with the containment verdicts of the vault's folders kept from one call to the
   * next, until it ends or the vault moves or removes the folder: a stat, an existence or a hash
   * in a checked folder is then one lstat, not a realpath (vault-fs.ts, containedByFolder). Every
   * write, move and text read is still checked in full.
   */
  withFolderVerdicts<T>(run: () => Promise<T>): Promise<T> {
    return this.disk.keepFolderVerdicts(run);
  }

  async syncDeferredWrites(): Promise<void> {
    await this.writeHeld(null);
    await this.deferred.flush();
  }

  /** The notes whose link rewrite is held, not yet written (vault paths): the disk has their older text. */
  heldNotes(): string[] {
    return this.held.paths().sort();
  }

  /** The files whose sync waits for syncDeferredWrites (vault paths): what a power loss now could tear. */
  unsyncedFiles(): string[] {
    return [...this.deferred.pendingFiles].map((abs) => path.relative(this.disk.root, abs).split(path.sep).join('/'));
  }

  async trash(p: string): Promise<string> {
    const vp = this.spelled(p);
    await this.writeHeld(vp);
    return moveToTrash(this.tree, vp);
  }

  async restoreFromTrash(trashPath: string, to: string): Promise<void> {
    await restoreFromTrash(this.tree, this.configDir, trashPath, this.safe(to, true));
  }

  async removeLeftoverTemps(folders: readonly string[]): Promise<string[]> {
    const removed: string[] = [];
    for (const folder of new Set(folders)) {
      if (folder !== '' && !this.index.isFolder(folder)) continue;
      for (const name of removeLeftoverTemps(folder === '' ? this.disk.root : this.disk.abs(folder))) removed.push(folder === '' ? name : `${folder}/${name}`);
    }
    return removed;
  }

  async removeEmptyFolder(p: string): Promise<void> {
    const vp = this.spelled(p);
    if (!this.index.isFolder(vp)) throw new VaultFileNotFoundError(vp);
    const abs = await this.disk.contained(vp);
    this.disk.forgetFolder(abs);
    await fs.rmdir(abs);
    this.index.removePath(vp);
    this.tree.emit({ type: 'delete', path: vp, kind: 'folder' });
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
    return p === '' ? writeProblemAt(this.disk.root, '') : writeProblemOnTheWay(this.disk, this.safe(p));
  }

  async moveProblem(source: string, destination: string): Promise<string | null> {
    const from = this.spelled(source);
    const to = this.safe(destination, false, keptNames(from));
    const toAbs = this.disk.abs(to);
    // A link the listing leaves out (dangling, or leading out of the vault) where the move would
    // land: named as the link it is, so the plan leaves this move out instead of failing the job.
    if (lstatOrNull(toAbs)?.isSymbolicLink() === true) return writeProblemAt(toAbs, to);
    return moveProblemAt(this.disk.abs(from), from, toAbs, to);
  }

  notesLinkingToNames(names: ReadonlySet<string>): Iterable<string> {
    return this.index.notesLinkingToNames(names);
  }

  resolveLink(linkpath: string, sourcePath: string): string | null {
    return this.index.resolveLink(linkpath, sourcePath);
  }
}
