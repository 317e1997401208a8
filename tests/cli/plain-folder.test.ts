// A plain folder of markdown, not (yet) an Obsidian vault: the commands that only read keep their
// state in memory for the run and leave the folder as it was (a search used to create
// `.obsidian/` there), and installing the plugin into it is refused unless --force says so.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

const exec = promisify(execFile);
const script = path.resolve(import.meta.dirname, '..', '..', 'scripts', 'install-plugin.mjs');

let tv: TempVault | undefined;
let built: string | undefined;
afterEach(async () => {
  await tv?.cleanup();
  if (built) await rm(built, { recursive: true, force: true });
});

async function install(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [script, ...args], { cwd });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('a plain folder of markdown', () => {
  it('is searched, matched and linked without a folder created in it', async () => {
    tv = await makeTempVault({ 'a.md': 'apples and [[b]]\n', 'b.md': 'bananas\n' });
    const before = await tv.snapshot({ includeConfig: true });
    const found = await runReeve(['search', tv.dir, 'apples', '--json']);
    expect(found).toMatchObject({ code: 0, stderr: '' });
    expect((JSON.parse(found.stdout) as { path: string }[]).map((h) => h.path)).toEqual(['a.md']);
    expect((await runReeve(['links', tv.dir])).code).toBe(0);
    expect((await runReeve(['rules', 'match', tv.dir, 'file.size >= 0'])).code).toBe(0);
    expect((await runReeve(['organize', tv.dir, '--dry-run'])).code).toBe(0);
    expect(await tv.snapshot({ includeConfig: true })).toEqual(before);
  });

  it('is no place to install the plugin unless --force says so', async () => {
    tv = await makeTempVault({ 'a.md': 'apples\n' });
    // A built plugin to copy: the script copies from the folder it runs in.
    built = await mkdtemp(path.join(tmpdir(), 'reeve-built-'));
    for (const f of ['main.js', 'manifest.json', 'styles.css']) await writeFile(path.join(built, f), f);
    const refused = await install(built, tv.dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`error: ${tv.dir} is not an Obsidian vault (it has no .obsidian folder); open it as a vault in Obsidian first, or add --force to make it one\n`);
    expect([...(await tv.snapshot({ includeConfig: true })).keys()]).toEqual(['a.md']);
    const forced = await install(built, tv.dir, '--force');
    expect(forced.code).toBe(0);
    expect(await tv.read('.obsidian/plugins/reeve/manifest.json')).toBe('manifest.json');
  });
});
