// The journal lock of the desktop plugin: the CLI's own (process-lock.ts), so that Obsidian and a
// `reeve` run on the same vault never both run a job. Node's modules are loaded on first use
// only, behind the desktop check in ObsidianStateStore: mobile has none, and never loads them.
import type { FileLock } from './obsidian-state-store';

export const desktopFileLock: FileLock = Object.assign(
  async (base: string, file: string) => {
    const { tryVaultFolderLock } = await import('./node/process-lock');
    return tryVaultFolderLock(base, file);
  },
  {
    takeOver: async (file: string, owner: Parameters<NonNullable<FileLock['takeOver']>>[1]) => {
      const { takeOverStaleLock } = await import('./node/process-lock');
      return takeOverStaleLock(file, owner);
    },
  },
);
