// Real vault folders in the OS temp folder, for tests of code that touches files.
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

export interface TempVault {
  dir: string;
  write(rel: string, data: string | Uint8Array): Promise<void>;
  read(rel: string): Promise<string>;
  /** Every file under the vault (config folder and .trash included) with its bytes, for byte-identity checks. */
  snapshot(opts?: { includeConfig?: boolean }): Promise<Map<string, string>>;
  cleanup(): Promise<void>;
}

export async function makeTempVault(files: Record<string, string | Uint8Array> = {}): Promise<TempVault> {
  const dir = await mkdtemp(path.join(tmpdir(), 'reeve-vault-'));
  const vault: TempVault = {
    dir,
    async write(rel, data) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await writeFile(path.join(dir, rel), data);
    },
    read: (rel) => readFile(path.join(dir, rel), 'utf8'),
    async snapshot(opts = {}) {
      const out = new Map<string, string>();
      const walk = async (abs: string, rel: string): Promise<void> => {
        for (const e of await readdir(abs, { withFileTypes: true })) {
          const r = rel ? `${rel}/${e.name}` : e.name;
          if (!rel && e.name === '.obsidian' && !opts.includeConfig) continue;
          if (e.isDirectory()) {
            out.set(`${r}/`, '');
            await walk(path.join(abs, e.name), r);
          } else out.set(r, (await readFile(path.join(abs, e.name))).toString('base64'));
        }
      };
      await walk(dir, '');
      return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
  for (const [rel, data] of Object.entries(files)) await vault.write(rel, data);
  return vault;
}
