// One journal operation at a time per vault within this process: two quick accepts in the
// plugin must not see each other's running job as interrupted.
import type { StateStore } from '../../vault-vfs/vault-port';

const tails = new WeakMap<StateStore, Promise<unknown>>();

export function withJournalLock<T>(state: StateStore, fn: () => Promise<T>): Promise<T> {
  const previous = tails.get(state) ?? Promise.resolve();
  const next = previous.then(fn, fn);
  tails.set(
    state,
    next.catch(() => undefined),
  );
  return next;
}
