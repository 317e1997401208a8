// Real vault folders for the edits tests: written to a temp folder and opened with NodeVault.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';

export interface TempVault {
  dir: string;
  port: NodeVault;
}

export async function tempVault(files: Record<string, string | Uint8Array>, folders: string[] = []): Promise<TempVault> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reeve-edits-'));
  for (const f of folders) await fs.mkdir(path.join(dir, f), { recursive: true });
  for (const [p, data] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, p)), { recursive: true });
    await fs.writeFile(path.join(dir, p), data);
  }
  return { dir, port: await NodeVault.open(dir) };
}

/** Every file and folder of the vault on disk (outside the config folder and .trash), with bytes. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  async function walk(rel: string): Promise<void> {
    for (const e of await fs.readdir(path.join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (p === '.obsidian' || p === '.trash') continue;
      if (e.isDirectory()) {
        out[p + '/'] = '<folder>';
        await walk(p);
      } else out[p] = (await fs.readFile(path.join(dir, p))).toString('base64');
    }
  }
  await walk('');
  return out;
}

export async function removeVault(v: TempVault): Promise<void> {
  await fs.rm(v.dir, { recursive: true, force: true });
}
