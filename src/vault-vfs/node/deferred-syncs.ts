// Files replaced atomically (temp file, rename over) whose fsync waits, and folders whose entries
// changed: synced together by `flush`. Why: a journaled move rewrites the links of several notes,
// and one fsync costs milliseconds (about 8 ms on the benchmark machine), so syncing each note as
// it is written made a 1,000-note move take most of a minute. A write is deferred only where the
// journal's intent record, already on disk, holds the note's text before the write: should the
// power fail before the flush, a note that lost its new text (or was left empty) is put back from
// that record, since the step has no done record yet; the journal flushes before it writes any
// record that says a step ran.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { forEachLimited } from '../for-each-limited';
import { syncFolder } from './atomic-write';
import { isNotFound } from './not-found';

/** Syncs in flight at once: the file system commits concurrent syncs together. */
const SYNC_CONCURRENCY = 32;

async function syncFile(abs: string): Promise<void> {
  let handle: fs.FileHandle;
  try {
    // Read-only is enough for fsync on POSIX, and a note the user made read-only opens too.
    handle = await fs.open(abs, 'r');
  } catch (e) {
    if (isNotFound(e)) return; // removed since: nothing of it is left to keep
    throw e;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isAtOrUnder(p: string, folder: string): boolean {
  return p === folder || p.startsWith(folder + path.sep);
}

export class DeferredSyncs {
  private files = new Set<string>();
  private folders = new Set<string>();

  /** Whether writes may wait here: fsync through a read-only handle is POSIX behaviour, not Windows'. */
  static get supported(): boolean {
    return process.platform !== 'win32';
  }

  /** Absolute paths of the files written since the last flush. */
  get pendingFiles(): ReadonlySet<string> {
    return this.files;
  }

  /** A file was replaced without a sync: its data and its folder's entry are synced at the flush. */
  addFile(abs: string): void {
    this.files.add(abs);
    this.folders.add(path.dirname(abs));
  }

  /** A folder's entries changed (a file moved in or out, a folder was made). */
  addFolder(abs: string): void {
    this.folders.add(abs);
  }

  /** A file or folder moved: what waits at or under `fromAbs` is synced where it is now. */
  moved(fromAbs: string, toAbs: string): void {
    // Called on every rename of a job: a file's own entry is one lookup; only a folder's move scans.
    if (this.files.size === 0) return;
    let any = false;
    if (this.files.delete(fromAbs)) {
      this.addFile(toAbs);
      any = true;
    } else {
      for (const f of [...this.files]) {
        if (!isAtOrUnder(f, fromAbs)) continue;
        this.files.delete(f);
        this.addFile(toAbs + f.slice(fromAbs.length));
        any = true;
      }
    }
    if (any) this.addFolder(path.dirname(fromAbs));
  }

  /** Syncs every file written since the last flush, then their folders. */
  async flush(): Promise<void> {
    if (this.files.size === 0 && this.folders.size === 0) return;
    const files = [...this.files];
    const folders = [...this.folders];
    this.files = new Set();
    this.folders = new Set();
    try {
      await forEachLimited(files, SYNC_CONCURRENCY, syncFile);
      await forEachLimited(folders, SYNC_CONCURRENCY, syncFolder);
    } catch (e) {
      // Still owed: the next flush tries again.
      for (const f of files) this.files.add(f);
      for (const f of folders) this.folders.add(f);
      throw e;
    }
  }
}
