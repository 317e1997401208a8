// Opening the vault a command names: a clear usage error when the folder is missing or is a file.
import { promises as fs } from 'node:fs';
import { markVaultViewed } from '../edits/journal/journal-lock';
import { NodeVault } from '../vault-vfs/node/node-vault';
import { type CliIO, UsageError } from './command';

/**
 * Opens the vault; `io` gets one warning line on stderr for each file or folder left out because
 * it may not be read (every command that opens the vault says so, instead of failing on it).
 */
export async function openVault(dir: string | undefined, io?: Pick<CliIO, 'stderr'>): Promise<NodeVault> {
  if (!dir) throw new UsageError('missing <vault>: the path of a vault folder');
  const st = await fs.stat(dir).catch(() => null);
  if (st === null) throw new UsageError(`vault folder not found: ${dir}`);
  if (!st.isDirectory()) throw new UsageError(`${dir} is a file, not a vault folder; give the folder that holds your notes`);
  const vault = await NodeVault.open(dir);
  for (const u of vault.unreadable) io?.stderr(`warning: ${u.path}${u.kind === 'folder' ? '/' : ''} is left out: permission denied (it is not read, searched or moved)\n`);
  // The command acts on the vault as it reads it now: a job another process finishes from here on
  // refuses this command's jobs (journal-lock.ts) rather than letting them act on a stale view.
  await markVaultViewed(vault.state);
  return vault;
}
