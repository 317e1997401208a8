// One journal operation at a time per vault. Within a process, a queue: two quick accepts in the
// plugin must not see each other's running job as interrupted. Between processes (the plugin and
// the CLI, or two CLI runs), the state store's lock, which knows whether its owner is alive: a
// second run waits for a live owner's job to end (and refuses, saying who, after a while), so
// only a job whose owner died is ever found "interrupted". A run that acts on what it saw of the
// vault (a job, an undo, a recovery) and waited while the other process finished a job refuses
// too: what it saw is gone, so acting on it could break links or fail half-way.
import { lockTiming } from '../../vault-vfs/lock-staleness';
import type { LockOwner, StateStore } from '../../vault-vfs/vault-port';

export const JOURNAL_LOCK = 'journal.lock';
/** Rewritten whenever a job's journal is finished (journal-store.ts): a new value means the vault changed. */
export const JOURNAL_CHANGED = 'journal/changed';

/** How long a run waits for another process's job before refusing; tests shorten it. */
export const journalLockWait = { ms: 30_000, pollMs: 200 };

/** Who holds a lock, for a person: process, computer, since when, last seen. */
export function describeLockOwner(owner: LockOwner): string {
  const who = owner.pid > 0 ? `process ${owner.pid} on ${owner.host}` : 'another process';
  const touched = owner.touched !== undefined && owner.touched !== owner.since ? `, last active ${new Date(owner.touched).toISOString()}` : '';
  return `${who}, since ${new Date(owner.since).toISOString()}${touched}`;
}

/**
 * Another process holds the journal. `stale`: it runs on another computer (a synced config
 * folder) and has not touched the lock for the staleness period, so the user may take it over.
 */
export class JournalBusyError extends Error {
  constructor(
    readonly owner: LockOwner,
    readonly stale = false,
  ) {
    const then = stale
      ? `; it has not been active for ${Math.round(lockTiming.staleMs / 60_000)} minutes or more: if Reeve is not running on ${owner.host}, take the lock over ("Take over" in Obsidian, or "reeve recover <vault> --take-over-lock")`
      : '; try again when it has finished';
    super(`another Reeve run (${describeLockOwner(owner)}) is using this vault's journal${then}`);
    this.name = 'JournalBusyError';
  }
}

/**
 * Takes the journal lock away from `error`'s owner, when it is stale; the user asked. Returns
 * false when the lock changed hands meanwhile or is not stale (nothing is taken then).
 */
export async function takeOverJournalLock(state: StateStore, owner: LockOwner): Promise<boolean> {
  return (await state.takeOverLock?.(JOURNAL_LOCK, owner)) ?? false;
}

/** Another process finished a job since this run saw the vault: this run's view of it is stale. */
export class JournalChangedError extends Error {
  constructor(readonly owner: LockOwner | null) {
    const who = owner === null ? 'another Reeve run' : `another Reeve run (${owner.pid > 0 ? `process ${owner.pid} on ${owner.host}` : 'another process'})`;
    super(`${who} changed this vault ${owner === null ? 'since this run opened it' : 'while this run waited for it'}; nothing was done: run this again to act on the vault as it is now`);
    this.name = 'JournalChangedError';
  }
}

/**
 * The journal mark as a process saw it when it read the vault, for a process whose view of the
 * vault is what it read when it opened it (the CLI; the plugin follows the vault's events). A job
 * another process finishes after that, waited for or not, refuses this run's jobs. Its own jobs
 * move the mark along (journal-store.ts), as they move its view.
 */
const viewedMark = new WeakMap<StateStore, string | null>();

export async function markVaultViewed(state: StateStore): Promise<void> {
  viewedMark.set(state, await state.read(JOURNAL_CHANGED));
}

/** This process changed the vault itself and knows it: its view stays current. */
export function ownJournalChange(state: StateStore, mark: string): void {
  if (viewedMark.has(state)) viewedMark.set(state, mark);
}

export interface JournalLockOptions {
  /** The run acts on the vault as the caller saw it before taking the lock: refuse if another process changed it meanwhile. */
  actsOnVault?: boolean;
}

const tails = new WeakMap<StateStore, Promise<unknown>>();

async function acquire(state: StateStore, opts: JournalLockOptions): Promise<() => Promise<void>> {
  if (!state.tryLock) return () => Promise.resolve();
  const deadline = Date.now() + journalLockWait.ms;
  // The mark when the vault was opened, or else read before the first try, so that a job another
  // process finishes after it cannot go unseen.
  const sinceOpen = viewedMark.has(state);
  const seen = !opts.actsOnVault ? null : sinceOpen ? (viewedMark.get(state) ?? null) : await state.read(JOURNAL_CHANGED);
  let waitedFor: LockOwner | null = null;
  for (;;) {
    const attempt = await state.tryLock(JOURNAL_LOCK);
    if (attempt.ok) {
      if ((waitedFor !== null || sinceOpen) && opts.actsOnVault && (await state.read(JOURNAL_CHANGED)) !== seen) {
        await attempt.release();
        throw new JournalChangedError(waitedFor);
      }
      return () => attempt.release();
    }
    waitedFor = attempt.owner;
    // A stale owner will not finish: waiting for it only delays the question to the user.
    if (attempt.stale === true || Date.now() >= deadline) throw new JournalBusyError(attempt.owner, attempt.stale === true);
    await new Promise((r) => setTimeout(r, journalLockWait.pollMs));
  }
}

async function locked<T>(state: StateStore, fn: () => Promise<T>, opts: JournalLockOptions): Promise<T> {
  const release = await acquire(state, opts);
  try {
    return await fn();
  } finally {
    await release();
  }
}

export function withJournalLock<T>(state: StateStore, fn: () => Promise<T>, opts: JournalLockOptions = {}): Promise<T> {
  const previous = tails.get(state) ?? Promise.resolve();
  const run = (): Promise<T> => locked(state, fn, opts);
  const next = previous.then(run, run);
  tails.set(
    state,
    next.catch(() => undefined),
  );
  return next;
}
