// Opening the vault a command names: a clear usage error when the folder is missing or is a file.
import { promises as fs } from 'node:fs';
import { NodeVault } from '../vault-vfs/node/node-vault';
import { UsageError } from './command';

export async function openVault(dir: string | undefined): Promise<NodeVault> {
  if (!dir) throw new UsageError('missing <vault>: the path of a vault folder');
  const st = await fs.stat(dir).catch(() => null);
  if (st === null) throw new UsageError(`vault folder not found: ${dir}`);
  if (!st.isDirectory()) throw new UsageError(`${dir} is a file, not a vault folder; give the folder that holds your notes`);
  return NodeVault.open(dir);
}
