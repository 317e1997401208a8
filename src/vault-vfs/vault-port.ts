// VaultPort: all that the core (agents, rules, edits, journal, CLI) ever sees of a vault.
// Two adapters implement it: `obsidian-vault.ts` on Obsidian's API and the Node adapter on real
// files. Paths are vault-relative, normalized, with `/` separators and no leading slash.

import type { NoteMetadata } from './metadata-types';

export interface FileStat {
  size: number;
  /** Milliseconds since the epoch. */
  ctime: number;
  mtime: number;
}

export interface VaultFileEntry {
  kind: 'file';
  path: string;
  stat: FileStat;
}

export interface VaultFolderEntry {
  kind: 'folder';
  path: string;
}

export type VaultEntry = VaultFileEntry | VaultFolderEntry;

/** Link format for newly written link text, as Obsidian's `newLinkFormat` setting. */
export type NewLinkFormat = 'shortest' | 'relative' | 'absolute';

export type VaultChange =
  | { type: 'create'; path: string; kind: 'file' | 'folder' }
  | { type: 'modify'; path: string }
  | { type: 'delete'; path: string; kind: 'file' | 'folder' }
  | { type: 'rename'; path: string; oldPath: string; kind: 'file' | 'folder' };

/** Thrown by `process` when the file changed between the read and the write. */
export class StaleWriteError extends Error {
  constructor(readonly path: string) {
    super(`${path} changed while it was being written; nothing was written`);
    this.name = 'StaleWriteError';
  }
}

/** Thrown for a path that Reeve refuses to read or write (see path-safety.ts). */
export class UnsafePathError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`refused path "${path}": ${reason}`);
    this.name = 'UnsafePathError';
  }
}

export class VaultFileNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`no such file or folder: ${path}`);
    this.name = 'VaultFileNotFoundError';
  }
}

export class VaultPathExistsError extends Error {
  constructor(readonly path: string) {
    super(`already exists: ${path}`);
    this.name = 'VaultPathExistsError';
  }
}

export interface RenameOptions {
  /**
   * The move puts back a path the vault had (an undo or a rollback): a file or folder whose name
   * differs from it only in case is no obstacle where the disk keeps both (a case-sensitive disk
   * that held both before). Otherwise such a name is taken, as Obsidian compares names.
   */
  restore?: boolean;
  /**
   * Notes, by their path after the move, whose text before this rename the caller has already
   * recorded durably (the journal's intent record) and can put back after a power loss: the
   * adapter may leave their link rewrites unsynced until `syncDeferredWrites`, which the caller
   * calls before it records the rename as done. Other notes are synced as they are written.
   */
  recordedNotes?: ReadonlySet<string>;
}

/** A lock another process may hold: who took it and when. */
export interface LockOwner {
  pid: number;
  host: string;
  /** Milliseconds since the epoch. */
  since: number;
  /** When the owner last said it still holds the lock (its heartbeat); `since` if it never did. */
  touched?: number;
}

/** `stale`: the owner is on another computer and has not touched the lock for the staleness period (lock-staleness.ts). */
export type LockAttempt = { ok: true; release(): Promise<void> } | { ok: false; owner: LockOwner; stale?: boolean };

/**
 * Reeve's own state (journal, index shards, caches) in `<configDir>/plugins/reeve/`.
 * Names are relative to that folder. Kept apart from the vault API on purpose: vault writes into
 * the config folder are refused by path safety, and state writes can never reach a note.
 */
export interface StateStore {
  read(name: string): Promise<string | null>;
  readBinary(name: string): Promise<Uint8Array | null>;
  /** Atomic replace. */
  write(name: string, data: string | Uint8Array): Promise<void>;
  /** Appends and flushes; used by the journal. */
  append(name: string, data: string): Promise<void>;
  list(folder: string): Promise<string[]>;
  remove(name: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /**
   * Takes the lock `name`, shared with every process using this state folder (the plugin and the
   * CLI), unless a live process holds it. A lock whose owner is dead is taken over. Optional: a
   * store without it is used by one process only.
   */
  tryLock?(name: string): Promise<LockAttempt>;
  /**
   * Takes away the lock `name` from `owner`, an owner on another computer that has not touched
   * it for the staleness period (lock-staleness.ts). False when the lock is no longer that
   * owner's, or is not stale. Only on the user's explicit request, never by itself.
   */
  takeOverLock?(name: string, owner: LockOwner): Promise<boolean>;
}

export interface VaultPort {
  /** `.obsidian` on disk unless the user changed it. */
  readonly configDir: string;
  readonly state: StateStore;

  /** Every file and folder, excluding the config folder and `.trash`. Root is not listed. */
  list(): Promise<VaultEntry[]>;
  stat(path: string): Promise<FileStat | null>;
  exists(path: string): Promise<boolean>;
  /** Fresh read from storage (never a cache) so writes can refuse stale input. */
  read(path: string): Promise<string>;
  /**
   * A read for indexing and display, which may answer from the host's cache of the file
   * (Obsidian's `Vault.cachedRead`); never the input of a write. Adapters without a cache omit it.
   */
  cachedRead?(path: string): Promise<string>;
  readBinary(path: string): Promise<Uint8Array>;
  /**
   * SHA-256 of the file's bytes, lower-case hex, read a slice at a time so that a file of any size
   * is hashed in bounded memory. Optional; without it the file is read whole and hashed.
   */
  hashFile?(path: string): Promise<string>;
  /**
   * True when `read` gives back every byte of the file (a byte it cannot decode kept as byte-text.ts
   * keeps it, a byte-order mark kept): the text's hash (content-hash.ts) is then the file's hash,
   * and a caller that read a note need not read it again to hash it. Optional; false when absent.
   */
  readonly readsEveryByte?: boolean;
  /**
   * Copies the file at `path` into the state folder as `stateName` (atomically), streamed, and
   * back: `createFromState` creates `path` (a name the vault had, kept as recorded) from such a
   * copy, refusing a path that exists. Optional, together; without them the journal reads the file
   * whole and writes it with `createBinary`.
   */
  copyToState?(path: string, stateName: string): Promise<void>;
  createFromState?(stateName: string, path: string): Promise<void>;

  /**
   * Atomic read-modify-write. `fn` receives the current text and returns the new text. The
   * adapter refuses (StaleWriteError) if the file changed between the read and the write.
   * Returns the text written.
   */
  process(path: string, fn: (data: string) => string): Promise<string>;
  /**
   * Changes a note's properties atomically: `edit` changes the parsed frontmatter in place, the
   * block is written back as Obsidian writes it, the body untouched. Invalid YAML is refused.
   * With `expect`, refuses (StaleWriteError) unless the note's text is `expect` (the journal's
   * check that the note is the one it recorded, without reading it once more). Returns the text written.
   */
  processFrontMatter(path: string, edit: (frontmatter: Record<string, unknown>) => void, expect?: string): Promise<string>;
  create(path: string, data: string): Promise<void>;
  createBinary(path: string, data: Uint8Array): Promise<void>;
  createFolder(path: string): Promise<void>;
  /** Move or rename a file or folder, rewriting every link that pointed into it. */
  rename(from: string, to: string, opts?: RenameOptions): Promise<void>;
  /**
   * Move to trash as the user's trash setting says. Returns where it went when that place is
   * inside the vault (`.trash/...`, where the Node adapter always puts it, keeping the relative
   * path and making the name unique), or null when it went to the system trash.
   */
  trash(path: string): Promise<string | null>;
  /** Moves a file or folder that `trash` put in `.trash/` back to `to` (undo of a trash). */
  restoreFromTrash(trashPath: string, to: string): Promise<void>;
  /** Removes an empty folder only; used to roll back `create_folder`. */
  removeEmptyFolder(path: string): Promise<void>;
  /**
   * Makes durable (fsync) every write that renames left unsynced for their `recordedNotes`.
   * Optional: an adapter without it never defers a sync.
   */
  syncDeferredWrites?(): Promise<void>;
  /**
   * Runs `run` (a journaled job) with what the adapter found about its folders while refusing
   * paths that lead out of the vault kept until `run` ends, for the questions that write and
   * read no text (stat, exists, hashFile); the adapter forgets a folder it moves or removes.
   * Optional; without it every question is checked on its own.
   */
  withFolderVerdicts?<T>(run: () => Promise<T>): Promise<T>;

  /**
   * Removes what interrupted writes left in these folders (temporary copies that never replaced
   * their note) and returns the paths removed. Optional; recovery asks it for the folders of the
   * job it recovers.
   */
  removeLeftoverTemps?(folders: readonly string[]): Promise<string[]>;

  /**
   * Why the file or folder at `path` ('' for the vault folder) cannot be written (read-only), or
   * null when it can or does not exist. Optional; the journal asks before a job starts.
   */
  writeProblem?(path: string): Promise<string | null>;
  /**
   * Why moving `source` to `destination` cannot be done as a rename (another disk mounted inside
   * the vault), or null. Optional; asked with writeProblem before a job starts.
   */
  moveProblem?(source: string, destination: string): Promise<string | null>;

  /** Metadata of a markdown note, or null for other files and missing notes. */
  metadata(path: string): NoteMetadata | null;
  /** source -> target -> count, for links that resolve to a file. */
  resolvedLinks(): Record<string, Record<string, number>>;
  /** source -> link text -> count, for links with no target. */
  unresolvedLinks(): Record<string, Record<string, number>>;
  /** Notes that link to `path`. */
  backlinks(path: string): string[];
  /**
   * Notes holding a link whose file name (last path segment, lower-cased, with or without `.md`)
   * is one of `names`: the notes a rename may rewrite. Optional; without it the journal reads
   * every note's metadata.
   */
  notesLinkingToNames?(names: ReadonlySet<string>): Iterable<string>;
  /** Resolve a link path (without subpath) as Obsidian's `getFirstLinkpathDest` does. */
  resolveLink(linkpath: string, sourcePath: string): string | null;

  /** Vault events; returns an unsubscribe function. */
  onChange(listener: (change: VaultChange) => void): () => void;
}
