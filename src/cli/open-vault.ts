// Opening the vault a command names: a clear usage error when the folder is missing or is a file.
import { promises as fs } from 'node:fs';
import { markVaultViewed } from '../edits/journal/journal-lock';
import { NodeVault } from '../vault-vfs/node/node-vault';
import { UsageError } from './command';

export async function openVault(dir: string | undefined): Promise<NodeVault> {
  if (!dir) throw new UsageError('missing <vault>: the path of a vault folder');
  const st = await fs.stat(dir).catch(() => null);
  if (st === null) throw new UsageError(`vault folder not found: ${dir}`);
  if (!st.isDirectory()) throw new UsageError(`${dir} is a file, not a vault folder; give the folder that holds your notes`);
  const vault = await NodeVault.open(dir);
  // The command acts on the vault as it reads it now: a job another process finishes from here on
  // refuses this command's jobs (journal-lock.ts) rather than letting them act on a stale view.
  await markVaultViewed(vault.state);
  return vault;
}
