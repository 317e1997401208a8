// One journal operation at a time per vault. Within a process, a queue: two quick accepts in the
// plugin must not see each other's running job as interrupted. Between processes (the plugin and
// the CLI, or two CLI runs), the state store's lock, which knows whether its owner is alive: a
// second run waits for a live owner's job to end (and refuses, saying who, after a while), so
// only a job whose owner died is ever found "interrupted".
import type { LockOwner, StateStore } from '../../vault-vfs/vault-port';

export const JOURNAL_LOCK = 'journal.lock';

/** How long a run waits for another process's job before refusing; tests shorten it. */
export const journalLockWait = { ms: 30_000, pollMs: 200 };

/** Another live process holds the journal. */
export class JournalBusyError extends Error {
  constructor(readonly owner: LockOwner) {
    const who = owner.pid > 0 ? `process ${owner.pid} on ${owner.host}` : 'another process';
    super(`another Steward run (${who}, since ${new Date(owner.since).toISOString()}) is using this vault's journal; try again when it has finished`);
    this.name = 'JournalBusyError';
  }
}

const tails = new WeakMap<StateStore, Promise<unknown>>();

async function acquire(state: StateStore): Promise<() => Promise<void>> {
  if (!state.tryLock) return () => Promise.resolve();
  const deadline = Date.now() + journalLockWait.ms;
  for (;;) {
    const attempt = await state.tryLock(JOURNAL_LOCK);
    if (attempt.ok) return () => attempt.release();
    if (Date.now() >= deadline) throw new JournalBusyError(attempt.owner);
    await new Promise((r) => setTimeout(r, journalLockWait.pollMs));
  }
}

async function locked<T>(state: StateStore, fn: () => Promise<T>): Promise<T> {
  const release = await acquire(state);
  try {
    return await fn();
  } finally {
    await release();
  }
}

export function withJournalLock<T>(state: StateStore, fn: () => Promise<T>): Promise<T> {
  const previous = tails.get(state) ?? Promise.resolve();
  const run = (): Promise<T> => locked(state, fn);
  const next = previous.then(run, run);
  tails.set(
    state,
    next.catch(() => undefined),
  );
  return next;
}
