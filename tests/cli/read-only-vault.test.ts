// Commands that only read work on a read-only vault (issue 11, item 16): the keyword index is
// kept in memory for the run and the user is told, nothing is written, and nothing fails on a
// `mkdir` in the plugin folder. Run as the real binary on real permissions: as an unprivileged
// user when the tests run as root (root ignores file modes).
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

async function chmodTree(dir: string, mode: number): Promise<void> {
  await exec('chmod', ['-R', mode.toString(8), dir]);
}

async function reeve(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const opts = asRoot ? { uid: NOBODY, gid: NOBODY } : {};
  try {
    const { stdout, stderr } = await exec(process.execPath, [bin, ...args], opts);
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe.skipIf(process.platform === 'win32')('a read-only vault', () => {
  beforeAll(async () => {
    bin = await buildCliBundle();
    await chmod(path.dirname(bin), 0o755);
    await chmod(bin, 0o644);
    // A vault: Obsidian has opened it (a plain folder keeps nothing on disk anyway, plain-folder.test.ts).
    vault = await makeTempVault({ '.obsidian/app.json': '{}\n', 'Notes/alpha.md': 'apples and [[beta]]\n', 'Notes/beta.md': 'bananas\n' });
    await chmodTree(vault.dir, 0o555);
    await exec('find', [vault.dir, '-type', 'f', '-exec', 'chmod', '444', '{}', '+']);
  }, 60_000);

  afterAll(async () => {
    removeCliBundle(bin);
    await chmodTree(vault.dir, 0o755);
    await vault.cleanup();
  });

  it('answers search from an index kept in memory, and says so', async () => {
    const before = await vault.snapshot({ includeConfig: true });
    const r = await reeve('search', vault.dir, 'apples', '--json');
    expect(r.stderr).toBe('note: the vault is read-only here: the index is built in memory for this run and not saved\n');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { path: string }[]).map((h) => h.path)).toEqual(['Notes/alpha.md']);
    expect(await vault.snapshot({ includeConfig: true })).toEqual(before);
  });

  it('answers links, rules match, related and pending list', async () => {
    const before = await vault.snapshot({ includeConfig: true });
    const links = await reeve('links', vault.dir, '--json');
    expect(links.code).toBe(0);
    expect(JSON.parse(links.stdout)).toMatchObject({ resolved: [{ source: 'Notes/alpha.md', target: 'Notes/beta.md', count: 1 }] });
    const match = await reeve('rules', 'match', vault.dir, 'file.content.contains("bananas")', '--json');
    expect(match).toMatchObject({ code: 0, stdout: '["Notes/beta.md"]\n' });
    const related = await reeve('related', vault.dir, 'Notes/alpha.md', '--json');
    expect(related.code).toBe(0);
    expect((JSON.parse(related.stdout) as { path: string }[]).map((x) => x.path)).toContain('Notes/beta.md');
    expect(await reeve('pending', vault.dir, 'list')).toMatchObject({ code: 0, stdout: 'no pending blocks\n' });
    expect(await vault.snapshot({ includeConfig: true })).toEqual(before);
  });

  it('refuses to build a semantic index it could not save, before sending anything', async () => {
    const before = await vault.snapshot({ includeConfig: true });
    // A server that is never reached: the refusal comes first.
    const r = await reeve('index', vault.dir, '--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm');
    expect(r).toMatchObject({ code: 1, stderr: expect.stringMatching(/cannot save the semantic index: \.obsidian\/plugins\/reeve in this vault is not writable; nothing was sent/) as unknown });
    const status = await reeve('index', vault.dir, '--status', '--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm');
    expect(status).toMatchObject({ code: 0, stdout: 'local/m/512: 0 notes, 0 chunks, 0.0 MB in .obsidian/plugins/reeve/semantic-index/store.bin\n' });
    expect(await vault.snapshot({ includeConfig: true })).toEqual(before);
  });

  it('plans organize --dry-run without creating any folder (issue 25)', async () => {
    const before = await vault.snapshot({ includeConfig: true });
    const r = await reeve('organize', vault.dir, '--dry-run', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ dryRun: true, note: null });
    expect(await vault.snapshot({ includeConfig: true })).toEqual(before);
  });
});
