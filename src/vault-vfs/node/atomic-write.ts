// Write a file so that a crash leaves either the old or the new content, never a torn mix:
// write a sibling temp file, fsync it, rename it over the target, fsync the folder. The new file
// keeps the old one's permission bits.
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, promises as fs, openSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { forEachLimited } from '../for-each-limited';

/** Temp files written and synced at once by writeFilesAtomic: lets the disk batch the syncs. */
const SYNC_CONCURRENCY = 16;

export function tempPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.reeve-tmp`);
}

/**
 * A temp file of an atomic write, by its name. It only ever holds a copy of new content: a crash
 * before its rename leaves the target as it was, so one left behind is garbage, never the only
 * copy of anything (unlike the `<name>.<pid>.reeve-tmp` of a case-only rename, which is the file).
 */
export const ATOMIC_TEMP_NAME = /^\..+\.[0-9a-f]{12}\.reeve-tmp$/;

/** Removes the temp files interrupted atomic writes left in the folder `dir`; returns their names. */
export function removeLeftoverTemps(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed = names.filter((n) => ATOMIC_TEMP_NAME.test(n));
  for (const n of removed) rmSync(path.join(dir, n), { force: true });
  return removed;
}

/** The permission bits of the file being replaced, which its replacement keeps; null for a new file. */
async function modeOf(target: string): Promise<number | null> {
  const st = await fs.stat(target).catch(() => null);
  return st?.isFile() ? st.mode & 0o7777 : null;
}

/** Writes and fsyncs a new temp file with the target's mode; removes it again if that fails. */
async function writeSyncedTemp(temp: string, target: string, data: string | Uint8Array): Promise<void> {
  const mode = await modeOf(target);
  const handle = await fs.open(temp, 'wx');
  try {
    // A note the user made private (600) or executable stays so when Reeve rewrites it.
    if (mode !== null) await handle.chmod(mode);
    await handle.writeFile(data);
    await handle.sync();
  } catch (e) {
    await handle.close();
    await fs.rm(temp, { force: true });
    throw e;
  }
  await handle.close();
}

/**
 * writeSyncedTemp without the fsync, in synchronous calls: with no sync to wait for, each call is
 * microseconds from the page cache, where an fs.promises call waits for a thread-pool round trip
 * (1,000 journaled moves rewrite about 5,000 notes: 2.4 s of round trips).
 */
function writeUnsyncedTemp(temp: string, target: string, data: string | Uint8Array): void {
  const st = statSync(target, { throwIfNoEntry: false });
  const fd = openSync(temp, 'wx');
  try {
    if (st?.isFile()) fchmodSync(fd, st.mode & 0o7777);
    writeFileSync(fd, data);
  } catch (e) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw e;
  }
  closeSync(fd);
}

async function renameOrDrop(temp: string, target: string, sync: boolean): Promise<void> {
  try {
    if (sync) await fs.rename(temp, target);
    else renameSync(temp, target);
  } catch (e) {
    await fs.rm(temp, { force: true });
    throw e;
  }
}

export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  await writeFilesAtomic([{ target, data }]);
}

/** Where a file whose sync is deferred is handed over (DeferredSyncs; named here so the two files do not import each other). */
export interface SyncLater {
  addFile(abs: string): void;
}

/**
 * Several files, each replaced atomically as by writeFileAtomic, with their syncs overlapped:
 * every temp file is written and synced first (if one fails, none of the targets changed), then
 * each is renamed over its target, then each folder is synced once. A crash in between leaves
 * every file whole, old or new; which files changed together is the caller's journal's concern.
 * A file with `deferTo` is not synced now: it and its folder wait there for the caller's flush (a
 * process that dies still leaves it whole; only a power loss can tear it).
 */
export async function writeFilesAtomic(files: readonly { target: string; data: string | Uint8Array; deferTo?: SyncLater }[]): Promise<void> {
  const temps = files.map((f) => ({ ...f, temp: tempPathFor(f.target) }));
  try {
    for (const f of temps) if (f.deferTo) writeUnsyncedTemp(f.temp, f.target, f.data);
    await forEachLimited(
      temps.filter((f) => !f.deferTo),
      SYNC_CONCURRENCY,
      (f) => writeSyncedTemp(f.temp, f.target, f.data),
    );
  } catch (e) {
    await Promise.all(temps.map((f) => fs.rm(f.temp, { force: true })));
    throw e;
  }
  for (const [i, f] of temps.entries()) {
    try {
      await renameOrDrop(f.temp, f.target, f.deferTo === undefined);
    } catch (e) {
      await Promise.all(temps.slice(i + 1).map((t) => fs.rm(t.temp, { force: true })));
      throw e;
    }
  }
  for (const f of files) f.deferTo?.addFile(f.target);
  const synced = files.filter((f) => f.deferTo === undefined);
  await Promise.all([...new Set(synced.map((f) => path.dirname(f.target)))].map(syncFolder));
}

export async function syncFolder(dir: string): Promise<void> {
  // Folder fsync makes the rename durable; some file systems refuse it, which is harmless.
  try {
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    /* not supported here */
  }
}
