// Files the core cannot or should not read: a note the user may not read, a folder they may not
// enter, a FIFO. Every command that reads the vault leaves them out with one warning line naming
// each (never a raw EACCES, never a hang), and answers about the rest. Run as the real binary on
// real permissions: as an unprivileged user when the tests run as root (root ignores file modes).
import { execFile } from 'node:child_process';
import { chmod } from 'node:fs/promises';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCliBundle, removeCliBundle } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

const exec = promisify(execFile);
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

let bin = '';
let vault: TempVault;

async function reeve(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const opts = { timeout: 30_000, ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) };
  try {
    const { stdout, stderr } = await exec(process.execPath, [bin, ...args], opts);
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

const WARNINGS =
  'warning: Locked/ is left out: permission denied (it is not read, searched or moved)\n' +
  'warning: Notes/secret.md is left out: permission denied (it is not read, searched or moved)\n';

describe.skipIf(process.platform === 'win32')('unreadable files and folders in a vault', () => {
  beforeAll(async () => {
    bin = await buildCliBundle();
    await chmod(path.dirname(bin), 0o755);
    await chmod(bin, 0o644);
    vault = await makeTempVault({ 'Notes/alpha.md': 'apples and [[beta]]\n', 'Notes/beta.md': 'bananas\n', 'Notes/secret.md': 'apples\n', 'Locked/x.md': 'apples\n' });
    await chmod(vault.dir, 0o755);
    await exec('mkfifo', [path.join(vault.dir, 'Notes/pipe.md')]);
    await chmod(path.join(vault.dir, 'Notes/secret.md'), 0o000);
    // Readable but not enterable: its names can be listed, nothing in it can be opened.
    await chmod(path.join(vault.dir, 'Locked'), 0o744);
  }, 60_000);

  afterAll(async () => {
    removeCliBundle(bin);
    await chmod(path.join(vault.dir, 'Locked'), 0o755);
    await vault.cleanup();
  });

  it('are left out of search, links, related and rules match with one warning each', async () => {
    const search = await reeve('search', vault.dir, 'apples', '--json');
    expect(search).toMatchObject({ code: 0, stderr: expect.stringContaining(WARNINGS) as unknown });
    expect((JSON.parse(search.stdout) as { path: string }[]).map((h) => h.path)).toEqual(['Notes/alpha.md']);

    const links = await reeve('links', vault.dir, '--json');
    expect(links).toMatchObject({ code: 0, stderr: WARNINGS });
    expect(JSON.parse(links.stdout)).toEqual({ resolved: [{ source: 'Notes/alpha.md', target: 'Notes/beta.md', count: 1 }], unresolved: [] });

    expect(await reeve('related', vault.dir, 'Notes/alpha.md', '--json')).toMatchObject({ code: 0, stderr: WARNINGS });
    expect(await reeve('rules', 'match', vault.dir, 'file.size >= 0', '--json')).toMatchObject({ code: 0, stderr: WARNINGS, stdout: '["Notes/alpha.md","Notes/beta.md"]\n' });
  });

  it('are left out of an organize plan', async () => {
    const r = await reeve('organize', vault.dir, '--dry-run', '--json');
    expect(r.stderr).toContain(WARNINGS);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/secret|Locked|pipe/);
  });
});
