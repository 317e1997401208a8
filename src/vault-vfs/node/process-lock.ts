// A lock between processes on one state folder: a file created exclusively, holding the owner's
// pid, host and a token. Another process finding it checks the owner's liveness: on the same host
// a pid that no longer runs is dead, and its lock is taken over; an owner on another host (a
// vault on a shared drive) cannot be checked and is treated as alive. Taking over renames the
// stale file aside first, so two processes taking over at once cannot both win.
// The holder touches its lock every LOCK_HEARTBEAT_MS (`touched`), so that a process on another
// computer can tell an owner still at work from one that stopped (lock-staleness.ts); that lock
// is taken over only on request (`takeOverStaleLock`).
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import * as path from 'node:path';
import { lockIsStale, lockTiming } from '../lock-staleness';
import type { LockAttempt, LockOwner } from '../vault-port';

interface LockFile extends LockOwner {
  token: string;
}

function parse(text: string): LockFile | null {
  try {
    const v = JSON.parse(text) as Partial<LockFile>;
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.since === 'number' && typeof v.token === 'string') {
      return { pid: v.pid, host: v.host, since: v.since, token: v.token, ...(typeof v.touched === 'number' ? { touched: v.touched } : {}) };
    }
  } catch {
    /* a lock file torn by a crash while it was written: its owner never held it */
  }
  return null;
}

/** Whether the process that wrote the lock may still be running. */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (e) {
    // EPERM: the pid runs, under another user.
    return (e as { code?: string }).code === 'EPERM';
  }
}

async function create(file: string, record: LockFile): Promise<boolean> {
  try {
    const handle = await fs.open(file, 'wx');
    try {
      await handle.writeFile(JSON.stringify(record));
      await handle.sync();
    } finally {
      await handle.close();
    }
    return true;
  } catch (e) {
    if ((e as { code?: string }).code === 'EEXIST') return false;
    throw e;
  }
}

/** Sets aside the lock file if it still holds exactly `stale`; false when someone else got there first. */
async function takeOver(file: string, staleText: string): Promise<boolean> {
  const aside = `${file}.${randomBytes(4).toString('hex')}.stale`;
  try {
    await fs.rename(file, aside);
  } catch {
    return false;
  }
  const moved = await fs.readFile(aside, 'utf8').catch(() => null);
  if (moved !== staleText) {
    // A live owner's fresh lock was moved: put it back (link fails if a third took the name).
    await fs.link(aside, file).catch(() => undefined);
  }
  await fs.rm(aside, { force: true });
  return moved === staleText;
}

/** Folders `mkdir -p` of `dir` creates, outermost first. */
async function missingFolders(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    if (await fs.stat(d).then(() => true, () => false)) return out;
    out.unshift(d);
    if (path.dirname(d) === d) return out;
  }
}

/** Removes folders the lock created, innermost first, unless something else was put in them. */
async function removeCreated(folders: readonly string[]): Promise<void> {
  for (const d of [...folders].reverse()) {
    if (!(await fs.rmdir(d).then(() => true, () => false))) return;
  }
}

/** Rewrites the lock with a new `touched` while it is still `mine` (atomically: never torn). */
async function touch(file: string, mine: LockFile): Promise<void> {
  const now = parse((await fs.readFile(file, 'utf8').catch(() => '')) || '');
  if (now?.token !== mine.token) return;
  const temp = `${file}.${mine.token}.touch`;
  await fs.writeFile(temp, JSON.stringify({ ...mine, touched: Date.now() }));
  await fs.rename(temp, file).catch(() => fs.rm(temp, { force: true }));
}

const ownerOf = (f: LockFile): LockOwner => ({ pid: f.pid, host: f.host, since: f.since, ...(f.touched === undefined ? {} : { touched: f.touched }) });

/**
 * Takes over the lock `file` from `owner`, if it still holds it and is stale (an owner on another
 * computer that has not touched it for LOCK_STALE_MS). Returns whether the lock was freed.
 */
export async function takeOverStaleLock(file: string, owner: LockOwner): Promise<boolean> {
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) return true;
  const held = parse(text);
  if (!held || held.pid !== owner.pid || held.host !== owner.host || held.since !== owner.since) return false;
  if (!lockIsStale(ownerOf(held), hostname())) return false;
  return takeOver(file, text);
}

export async function tryProcessLock(file: string): Promise<LockAttempt> {
  // A run that changes nothing (a refusal, a check) leaves the vault as it was: no state folder.
  const created = await missingFolders(path.dirname(file));
  await fs.mkdir(path.dirname(file), { recursive: true });
  const mine: LockFile = { pid: process.pid, host: hostname(), since: Date.now(), token: randomBytes(8).toString('hex') };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await create(file, mine)) {
      // A touch still in flight when the lock is released would write the file back after its
      // removal (a lock nobody holds, blocking every job until it goes stale): release waits for it.
      let touching: Promise<void> = Promise.resolve();
      const heartbeat = setInterval(() => {
        touching = touching.then(() => touch(file, mine)).catch(() => undefined);
      }, lockTiming.heartbeatMs);
      heartbeat.unref();
      return {
        ok: true,
        release: async () => {
          clearInterval(heartbeat);
          await touching;
          const now = parse((await fs.readFile(file, 'utf8').catch(() => '')) || '');
          if (now?.token === mine.token) await fs.rm(file, { force: true });
          await removeCreated(created);
        },
      };
    }
    const text = await fs.readFile(file, 'utf8').catch(() => null);
    if (text === null) continue; // released meanwhile
    const owner = parse(text);
    if (owner && ownerAlive(owner)) return { ok: false, owner: ownerOf(owner), stale: lockIsStale(ownerOf(owner), hostname()) };
    // A dead owner's lock (or a torn one, older than a second): taken over.
    if (!owner) {
      const st = await fs.stat(file).catch(() => null);
      if (st && Date.now() - st.mtimeMs < 1000) return { ok: false, owner: { pid: 0, host: 'unknown', since: st.mtimeMs } };
    }
    await takeOver(file, text);
  }
  throw new Error(`could not take the lock ${file}: it keeps changing hands`);
}

/**
 * The lock for the Obsidian plugin on desktop: `file` (absolute) inside the vault folder `base`.
 * Null when `base` is not a folder on this disk (an adapter that is not backed by one): nothing
 * is created outside a vault.
 */
export async function tryVaultFolderLock(base: string, file: string): Promise<LockAttempt | null> {
  const st = await fs.stat(base).catch(() => null);
  if (!st?.isDirectory()) return null;
  return tryProcessLock(file);
}
