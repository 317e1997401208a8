// The Node adapter's contact with the disk: resolving vault paths to absolute paths without ever
// leaving the vault (symlinks included), scanning, and the few primitive moves it needs.
import { type Stats, accessSync, constants, promises as fs, lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { type FileStat, UnsafePathError } from '../vault-port';
import { isDenied, isNotFound } from './not-found';
import { nodeSlicer } from './read-in-slices';

export const TRASH_FOLDER = '.trash';
/** Temp files of atomic writes; never listed. */
export const TEMP_SUFFIX = '.reeve-tmp';

// Checks, stats and note reads are synchronous: one at a time from a warm cache they cost tens of
// microseconds, while each fs.promises call waits for a thread-pool round trip (a journaled
// rename job, a dozen such calls per step, spent two thirds of its time idle waiting for them).

export function lstatOrNull(abs: string): Stats | null {
  try {
    return lstatSync(abs, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

export function statOrNull(abs: string): Stats | null {
  try {
    return statSync(abs, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

function realpathOrNull(abs: string): string | null {
  try {
    return realpathSync(abs);
  } catch {
    return null;
  }
}

/**
 * A file's stat as the vault reports it: `ctime` is the creation time where the file system keeps
 * one (as Obsidian's TFile.stat.ctime), else the status change time.
 */
export function fileStatOf(st: Stats): FileStat {
  return { size: st.size, ctime: st.birthtimeMs || st.ctimeMs, mtime: st.mtimeMs };
}

export interface ScannedFile {
  path: string;
  /** As the vault reports it (the object the vault index keeps). */
  stat: FileStat;
  /** The status change time (ctime): every write moves it, and no program can set it back. */
  changed: number;
}

/** A file or folder of the vault that the user running Reeve may not read, left out of the listing. */
export interface Unreadable {
  path: string;
  kind: 'file' | 'folder';
}

export interface Scan {
  files: ScannedFile[];
  folders: string[];
  /** Left out: nothing in them can be read, and a plan must not move what it cannot read. */
  unreadable: Unreadable[];
}

/** Whether the folder may be listed and entered; false only when that is denied. */
function mayEnter(abs: string): boolean {
  try {
    accessSync(abs, constants.R_OK | constants.X_OK);
    return true;
  } catch (e) {
    return !isDenied(e);
  }
}

/** The entry's stat; null when it is gone or `denied` was told it may not be read. */
function statOrDenied(abs: string, denied: () => void): Stats | null {
  try {
    return statSync(abs, { throwIfNoEntry: false }) ?? null;
  } catch (e) {
    if (!isDenied(e)) throw e;
    denied();
    return null;
  }
}

// A vault path is the name as the disk gives it, as Obsidian's TFile.path is: a name the disk
// holds decomposed (NFD, as macOS and some sync tools write accents) is listed decomposed. Two
// names of different bytes are two files (a disk may hold `Café` composed beside `Café`
// decomposed); what a user types is matched in NFC where it is read (rule literals, link text,
// command-line notes), never by making a listed name NFC.
export class VaultFs {
  /**
   * Folders (absolute) found, by a full check inside a run of `keepFolderVerdicts`, to be real
   * folders of the vault reached through real folders (no symbolic link on the way); null outside
   * such a run. See `containedByFolder`.
   */
  private folderVerdicts: Set<string> | null = null;
  /** How many runs of `keepFolderVerdicts` are open (they may nest). */
  private runs = 0;

  private constructor(
    /** The vault folder as given, absolute. */
    readonly root: string,
    /** The vault folder with symlinks resolved. */
    private readonly realRoot: string,
  ) {}

  static async open(root: string): Promise<VaultFs> {
    const abs = path.resolve(root);
    const st = await fs.stat(abs).catch(() => null);
    if (!st?.isDirectory()) throw new Error(`vault folder not found: ${root}`);
    return new VaultFs(abs, await fs.realpath(abs));
  }

  /** Absolute path of a (normalized, checked) vault path. */
  abs(vaultPath: string): string {
    return path.join(this.root, ...vaultPath.split('/'));
  }

  private inside(real: string): boolean {
    return real === this.realRoot || real.startsWith(this.realRoot + path.sep);
  }

  /**
   * Refuses a path whose nearest existing ancestor (or itself) resolves, through symlinks, to a
   * place outside the vault. Returns the absolute path. Checked afresh at every call: what
   * writes, moves or reads a note's text asks this.
   */
  async contained(vaultPath: string): Promise<string> {
    return Promise.resolve(this.containedNow(vaultPath));
  }

  private containedNow(vaultPath: string): string {
    const full = this.abs(vaultPath);
    // A path that is not there (the destination of a move, a folder to create) is told by an
    // lstat, not by a realpath's thrown error (an Error object and its stack: 10 µs).
    let probe = full !== this.root && lstatSync(full, { throwIfNoEntry: false }) === undefined ? path.dirname(full) : full;
    for (;;) {
      try {
        // realpath(3) itself, not Node's JS realpath (an lstat and a Stats object per component
        // from the file system's root): asked before nearly every read, stat and write, it cost a
        // 5,000-rename job about 50,000 calls; 5.7 µs of CPU a call against 12.5 µs.
        const real = realpathSync.native(probe);
        if (!this.inside(real)) throw new UnsafePathError(vaultPath, 'it leads outside the vault through a symbolic link');
        if (this.folderVerdicts !== null) this.keepVerdicts(probe, real, probe !== full);
        return full;
      } catch (e) {
        if (!isNotFound(e)) throw e;
        const parent = path.dirname(probe);
        if (parent === probe) return full;
        probe = parent;
      }
    }
  }

  /**
   * Records the folders of a path whose real location is where its name says (no symbolic link on
   * the way): its ancestors, and itself when it is known to be a folder (it has an absent child).
   */
  private keepVerdicts(probe: string, real: string, isFolder: boolean): void {
    const verdicts = this.folderVerdicts as Set<string>;
    if (real !== this.realRoot + probe.slice(this.root.length)) return;
    for (let f = isFolder || probe === this.root ? probe : path.dirname(probe); !verdicts.has(f); f = path.dirname(f)) {
      verdicts.add(f);
      if (f === this.root) return;
    }
  }

  /**
   * The same refusal as `contained`, for a look that neither writes nor reads a note's text (a
   * stat, an existence, a hash): inside a run of `keepFolderVerdicts`, a path in a folder that a
   * full check of the run found to be a real folder of the vault is checked by one lstat of the
   * path itself (a link there is checked in full). A 5,000-rename job asked 45,000 such questions
   * while recording its steps, each a realpath walking every folder from the file system's root.
   * The folder's verdict holds until the run ends or the vault moves or removes the folder; what
   * another program does to the folder meanwhile is seen by the next full check: every write,
   * move and text read makes one.
   */
  async containedByFolder(vaultPath: string): Promise<string> {
    const verdicts = this.folderVerdicts;
    if (verdicts === null) return this.contained(vaultPath);
    const full = this.abs(vaultPath);
    if (full === this.root || !verdicts.has(path.dirname(full))) return this.contained(vaultPath);
    if (lstatOrNull(full)?.isSymbolicLink() === true) return this.contained(vaultPath);
    return Promise.resolve(full);
  }

  /** Runs `run` with folder verdicts kept (see containedByFolder); they are dropped when the last run ends. */
  async keepFolderVerdicts<T>(run: () => Promise<T>): Promise<T> {
    if (this.runs++ === 0) this.folderVerdicts = new Set();
    try {
      return await run();
    } finally {
      if (--this.runs === 0) this.folderVerdicts = null;
    }
  }

  /** Drops the verdicts of the folder at `abs` and of every folder under it (moved or removed by the vault). */
  forgetFolder(abs: string): void {
    const verdicts = this.folderVerdicts;
    if (verdicts === null || verdicts.size === 0) return;
    // Compared without case: on a disk that does not tell names apart by case, `a` moved is `A` moved.
    const lower = abs.toLowerCase();
    const under = lower + path.sep;
    for (const f of verdicts) {
      const l = f.toLowerCase();
      if (l === lower || l.startsWith(under)) verdicts.delete(f);
    }
  }

  /**
   * Walks the vault. Skips the config folder, `.trash`, every hidden folder, temp files,
   * symlinks leaving the vault, and what is neither a file nor a folder (FIFOs, sockets, devices);
   * folders it may not enter and files it may not stat are left out and reported as unreadable.
   * Synchronous calls in slices, as the open's reads (read-in-slices.ts): from a warm cache they
   * cost a quarter of the fs.promises calls (10.8k files: 90 ms against 400 ms).
   */
  async scan(configDir: string): Promise<Scan> {
    const files: ScannedFile[] = [];
    const folders: string[] = [];
    const unreadable: Unreadable[] = [];
    const skipTop = new Set([configDir.toLowerCase(), TRASH_FOLDER]);
    const pending: { abs: string; rel: string }[] = [{ abs: this.root, rel: '' }];
    const slicer = nodeSlicer();
    for (let dir = pending.pop(); dir; dir = pending.pop()) {
      // A name from readdir has no separator and is never `.` or `..`: joined without path.join,
      // which normalizes each path (at 20k files, 17 MB of garbage and 9 ms of a warm open).
      const absPrefix = dir.abs.endsWith(path.sep) ? dir.abs : dir.abs + path.sep;
      for (const entry of readdirSync(dir.abs, { withFileTypes: true })) {
        const childRel = dir.rel === '' ? entry.name : `${dir.rel}/${entry.name}`;
        if (!dir.rel && skipTop.has(entry.name.toLowerCase())) continue;
        if (entry.name.endsWith(TEMP_SUFFIX)) continue;
        const childAbs = absPrefix + entry.name;
        let isDir = entry.isDirectory();
        let isFile = entry.isFile();
        if (entry.isSymbolicLink()) {
          // Symlinked folders are never walked (cycles, duplicates); files only if they stay inside.
          const real = realpathOrNull(childAbs);
          if (!real || !this.inside(real)) continue;
          isDir = false;
          isFile = statOrNull(childAbs)?.isFile() ?? false;
        }
        // Obsidian lists no hidden (dot) folder: `.git/`, `.github/` and the like are another
        // program's, so nothing in them is indexed, linked, searched or organized.
        if (isDir && entry.name.startsWith('.')) continue;
        if (isDir && !mayEnter(childAbs)) {
          unreadable.push({ path: childRel, kind: 'folder' });
        } else if (isDir) {
          folders.push(childRel);
          pending.push({ abs: childAbs, rel: childRel });
        } else if (isFile) {
          // A file deleted since the folder was listed is simply not there.
          const st = statOrDenied(childAbs, () => unreadable.push({ path: childRel, kind: 'file' }));
          if (st) files.push({ path: childRel, stat: fileStatOf(st), changed: st.ctimeMs });
        }
      }
      await slicer.checkpoint();
    }
    return { files, folders, unreadable };
  }

  /** Moves the entry at vault path `from` to vault path `to`, each name as spelled (its own bytes). */
  async moveEntry(from: string, to: string, fromAbs = this.abs(from)): Promise<{ fromAbs: string; toAbs: string }> {
    const toAbs = this.abs(to);
    await this.move(fromAbs, toAbs);
    return { fromAbs, toAbs };
  }

  /**
   * The absolute path of `vaultPath` where something is there, else of the one entry in its
   * folder whose name is the same in NFC (a journal written before names kept their bytes in
   * `.trash` may have recorded a decomposed name composed); else the path `abs` gives.
   */
  existingAbs(vaultPath: string): string {
    const full = this.abs(vaultPath);
    if (lstatOrNull(full) !== null) return full;
    const want = path.basename(full).normalize('NFC');
    let names: string[];
    try {
      names = readdirSync(path.dirname(full));
    } catch {
      return full;
    }
    const same = names.filter((n) => n.normalize('NFC') === want);
    return same.length === 1 ? path.join(path.dirname(full), same[0] as string) : full;
  }

  /**
   * Rename on disk, including a case-only rename on a case-insensitive file system. Synchronous
   * calls, as the checks above: a rename changes no data, and a journaled move job made 1,000 of
   * them (0.6 s of thread-pool round trips).
   */
  async move(fromAbs: string, toAbs: string): Promise<void> {
    this.forgetFolder(fromAbs);
    this.forgetFolder(toAbs);
    mkdirSync(path.dirname(toAbs), { recursive: true });
    if (fromAbs.toLowerCase() === toAbs.toLowerCase() && fromAbs !== toAbs) {
      const temp = `${fromAbs}.${process.pid}${TEMP_SUFFIX}`;
      renameSync(fromAbs, temp);
      renameSync(temp, toAbs);
      return;
    }
    renameSync(fromAbs, toAbs);
  }

  async exists(abs: string): Promise<boolean> {
    return Promise.resolve(lstatOrNull(abs) !== null);
  }

  /** A free path in `.trash/` for `vaultPath`: same relative path, ` 2`, ` 3`… before the extension. */
  async freeTrashPath(vaultPath: string): Promise<string> {
    const dot = vaultPath.lastIndexOf('.');
    const slash = vaultPath.lastIndexOf('/');
    const hasExt = dot > slash + 1;
    const stem = hasExt ? vaultPath.slice(0, dot) : vaultPath;
    const ext = hasExt ? vaultPath.slice(dot) : '';
    for (let n = 1; ; n++) {
      const candidate = `${TRASH_FOLDER}/${n === 1 ? vaultPath : `${stem} ${n}${ext}`}`;
      if (!(await this.exists(this.abs(candidate)))) return candidate;
    }
  }
}
