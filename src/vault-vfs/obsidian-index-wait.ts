// Obsidian indexes a note after the write that changed it returns: the metadata cache fires
// `changed` for each note once its new cache is available (not for renames), then `resolved` when
// every link is resolved again. Until then `getFileCache`, `resolvedLinks` and backlinks describe
// the vault before the write. The adapter waits for both after each write, so the core (the
// journal reads backlinks right after a rename) never plans from a stale index. When Obsidian is
// still busy with the notes written after the longest wait (its first index of a large vault, a
// sync pouring in), the wait ends and says so (`onBusy`): what is read next may be stale, and the
// user is told rather than left with links Reeve could not see.
import type { App, EventRef, TAbstractFile } from 'obsidian';

export const indexWaitMs = {
  /** How long to wait for an index pass that may never come (a write no index pass follows). */
  quiet: 50,
  /** Upper bound on waiting for notes Obsidian is indexing; past it the answer may be stale. Tests shorten it. */
  busy: 5000,
};

/** The notes a write left unindexed after the longest wait. */
export type IndexBusyListener = (notes: string[]) => void;

const isNote = (f: TAbstractFile): boolean => f.path.toLowerCase().endsWith('.md') && 'extension' in f;

export async function afterIndexed<T>(app: App, write: () => Promise<T>, onBusy?: IndexBusyListener): Promise<T> {
  const { vault, metadataCache } = app;
  const pending = new Set<string>();
  const early = new Set<string>();
  let written = false;
  let wake: (() => void) | null = null;
  let resolvedSince = false;
  // Any write starts a new wait: a `resolved` counts only after the last write and the last `changed`.
  const wrote = (f: TAbstractFile, note: boolean): void => {
    written = true;
    resolvedSince = false;
    // A cache that indexes synchronously reports `changed` before the vault event reaches us.
    if (note && isNote(f) && !early.delete(f.path)) pending.add(f.path);
  };
  const vaultRefs: EventRef[] = [
    vault.on('create', (f) => wrote(f, true)),
    vault.on('modify', (f) => wrote(f, true)),
    vault.on('rename', (f, oldPath) => {
      if (pending.delete(oldPath)) pending.add(f.path);
      wrote(f, false);
    }),
    vault.on('delete', (f) => {
      pending.delete(f.path);
      wrote(f, false);
    }),
  ];
  const cacheRefs: EventRef[] = [
    metadataCache.on('changed', (f) => {
      if (!pending.delete(f.path)) early.add(f.path);
      resolvedSince = false;
    }),
    metadataCache.on('resolved', () => {
      resolvedSince = true;
      if (pending.size === 0) wake?.();
    }),
  ];
  try {
    const out = await write();
    if (written) {
      const limit = pending.size > 0 ? indexWaitMs.busy : indexWaitMs.quiet;
      await new Promise<void>((resolve) => {
        const timer = window.setTimeout(resolve, limit);
        wake = () => {
          window.clearTimeout(timer);
          resolve();
        };
        if (resolvedSince && pending.size === 0) wake();
      });
      if (pending.size > 0) onBusy?.([...pending].sort());
    }
    return out;
  } finally {
    for (const ref of vaultRefs) vault.offref(ref);
    for (const ref of cacheRefs) metadataCache.offref(ref);
  }
}
