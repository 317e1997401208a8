// Whether Reeve may write its state (indexes, journal, ledger) into the vault's plugin folder.
// A read-only vault (a mounted backup, a shared folder, a read-only file system) still answers
// the commands that only read: they keep their index in memory and say so, instead of failing on
// the first `mkdir`.
import { constants, promises as fs, statSync } from 'node:fs';
import * as path from 'node:path';
import { stateFolder } from '../vault-vfs/state-folder';

/** True when the vault's plugin folder, or the nearest folder that exists on its way, can be written. */
export async function stateWritable(vaultDir: string, configDir: string): Promise<boolean> {
  let probe = path.join(path.resolve(vaultDir), ...stateFolder(configDir).split('/'));
  for (;;) {
    const st = await fs.stat(probe).catch(() => null);
    if (st !== null) {
      try {
        await fs.access(probe, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    }
    const parent = path.dirname(probe);
    if (parent === probe) return false;
    probe = parent;
  }
}

/** The note a read-only command prints when it cannot keep its index on disk. */
export const IN_MEMORY_NOTE = 'note: the vault is read-only here: the index is built in memory for this run and not saved\n';

/**
 * Whether the folder is an Obsidian vault: it has its config folder. A command that only reads
 * keeps nothing on disk in a plain folder of markdown (it would create `.obsidian/` there).
 */
export function isVaultFolder(vaultDir: string, configDir: string): boolean {
  return statSync(path.join(path.resolve(vaultDir), ...configDir.split('/')), { throwIfNoEntry: false })?.isDirectory() === true;
}
