// Issue 25's "done when": a copy of a real vault (the Obsidian Help vault when it is beside the
// repository, else the project's generated fixture vault) with each of the odd files real vaults
// hold, organized by the real binary, applied and undone, and, after a crash half-way through an
// accept, rolled back by `recover --rollback`: every file and name comes back byte for byte. The odd
// files: a note starting with a byte order mark, a CRLF note (both with frontmatter a rule reads and
// edits), `Café` composed and decomposed side by side, a note the user may not read, a FIFO, a
// sparse 3 GiB file, a symbolic link inside the vault and one leading out, a daily note and its
// sync tool's conflict copy. Run as an unprivileged user when the tests run as root (root reads
// every file whatever its mode).
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAcceptedOperations } from '../../src/edits/journal/run-plan-operations';
import { decideOpBlocks } from '../../src/edits/pending/plan-note';
import { buildScopePolicy, EDIT_CAPABILITIES, ORGANIZE_CAPABILITIES } from '../../src/edits/scope/scope-policy';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { FaultVault, SimulatedCrash } from '../edits/helpers/fault-vault';
import { buildCliBundle, removeCliBundle } from '../helpers/cli';
import { fixtureVault, HELP_VAULT, helpVaultPresent } from '../helpers/help-vault';

const exec = promisify(execFile);
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
const BIG = 3 * 1024 ** 3;
const [NFC, NFD] = ['Caf\u00e9', 'Cafe\u0301'];

let bin = '';
let root = '';

async function reeve(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const opts = { timeout: 120_000, maxBuffer: 64 * 1024 * 1024, ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) };
  try {
    const { stdout, stderr } = await exec(process.execPath, [bin, ...args], opts);
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/** Gives the vault to the user the binary runs as. */
async function handOver(dir: string): Promise<void> {
  if (asRoot) await exec('chown', ['-R', `${NOBODY}:${NOBODY}`, dir]);
}

/**
 * Every entry under the vault but Reeve's own (`Reeve/`, the config folder): its kind, mode and
 * bytes; a symlink's target; a FIFO as one; the big sparse file by inode, size and allocated
 * blocks (a move is a rename: the same inode is the same bytes, and its holes stay holes).
 */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (abs: string, rel: string): Promise<void> => {
    for (const name of await fs.readdir(abs)) {
      const r = rel ? `${rel}/${name}` : name;
      if (!rel && (name === 'Reeve' || name === '.obsidian')) continue;
      const full = path.join(abs, name);
      const st = await fs.lstat(full);
      const mode = (st.mode & 0o7777).toString(8);
      if (st.isSymbolicLink()) out.set(r, `link -> ${await fs.readlink(full)}`);
      else if (st.isFIFO()) out.set(r, `fifo ${mode}`);
      else if (st.isDirectory()) {
        out.set(`${r}/`, `dir ${mode}`);
        await walk(full, r);
      } else if (st.size > 64 * 1024 * 1024) out.set(r, `big ${mode} ino ${st.ino} size ${st.size} blocks ${st.blocks}`);
      else out.set(r, `file ${mode} ${(await fs.readFile(full)).toString('base64')}`);
    }
  };
  await walk(dir, '');
  return out;
}

const ODD: Record<string, string> = {
  'Odd/bom.md': '\ufeff---\ntype: person\n---\nA note saved with a byte order mark. [[crlf]]\n',
  'Odd/crlf.md': '---\r\ntype: person\r\ntags:\r\n  - old\r\n---\r\nA note with Windows line endings.\r\n[[bom]]\r\n',
  [`Odd/${NFC}.md`]: 'composed name\n',
  [`Odd/${NFD}.md`]: `decomposed name, links to [[${NFC}]]\n`,
  'Odd/secret.md': 'nobody may read this\n',
  'Odd/plain.md': 'a note a symbolic link leads to\n',
  'Odd/2024-03-02.md': '# Saturday\n',
  'Odd/2024-03-02 (conflicted copy 2026-11-01).md': '# Saturday\n',
};

/** A copy of a real vault with the odd files in `Odd/`. */
async function oddVault(name: string): Promise<string> {
  const dir = path.join(root, name);
  if (helpVaultPresent) {
    await fs.cp(HELP_VAULT, dir, { recursive: true });
    // The shared copy is read-only, and cp keeps modes: a user's vault is theirs to write.
    await exec('chmod', ['-R', 'u+w', dir]);
  } else {
    const fixture = await fixtureVault();
    await fs.cp(fixture.dir, dir, { recursive: true });
    await fixture.cleanup();
  }
  await fs.mkdir(path.join(dir, 'Odd'), { recursive: true });
  for (const [rel, text] of Object.entries(ODD)) await fs.writeFile(path.join(dir, rel), text);
  await exec('mkfifo', [path.join(dir, 'Odd/pipe.md')]);
  const big = await fs.open(path.join(dir, 'Odd/big.bin'), 'w');
  await big.write(Buffer.from('end'), 0, 3, BIG - 3);
  await big.close();
  await fs.symlink('plain.md', path.join(dir, 'Odd/alias.md'));
  await fs.symlink('/etc/hostname', path.join(dir, 'Odd/outside.md'));
  await handOver(dir);
  await fs.chmod(path.join(dir, 'Odd/secret.md'), 0o000);
  return dir;
}

const RULES = JSON.stringify({
  rules: [
    { name: 'People', if: 'file.frontmatter.type == "person"', thenMoveTo: 'People', thenAddTags: ['person'], priority: 2 },
    { name: 'Rest', if: 'file.ext == "md" OR file.ext == "bin"', thenMoveTo: 'Sorted' },
  ],
});

async function plan(dir: string, apply: boolean): Promise<{ note: string; operations: { type: string; source?: string; destination?: string; path?: string }[] }> {
  const rules = `${dir}.rules.json`;
  await fs.writeFile(rules, RULES);
  await fs.chmod(rules, 0o644);
  const r = await reeve('organize', dir, '--folder', 'Odd', '--rules', rules, '--sources', 'rules', '--json', ...(apply ? ['--apply'] : []));
  await fs.rm(rules);
  expect(r.stderr).toContain('Odd/secret.md is left out');
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { note: string; operations: { type: string; source?: string; destination?: string }[] };
}

describe.skipIf(process.platform === 'win32')('a real vault with every odd file', () => {
  beforeAll(async () => {
    bin = await buildCliBundle();
    await fs.chmod(path.dirname(bin), 0o755);
    await fs.chmod(bin, 0o644);
    root = await fs.mkdtemp(path.join(process.env.TMPDIR ?? '/tmp', 'reeve-odd-vaults-'));
    await fs.chmod(root, 0o755);
  }, 120_000);

  afterAll(async () => {
    removeCliBundle(bin);
    await fs.rm(root, { recursive: true, force: true });
  });

  it('survives organize, apply and undo byte for byte, names included', async () => {
    const dir = await oddVault('apply-undo');
    const before = await snapshot(dir);
    const { operations } = await plan(dir, true);
    const moves = operations.filter((o) => o.type === 'move').map((o) => o.source);
    // Every odd file a plan may hold is in it, each by its own name; the rest are left out.
    expect(moves).toEqual(expect.arrayContaining(['Odd/bom.md', 'Odd/crlf.md', `Odd/${NFC}.md`, `Odd/${NFD}.md`, 'Odd/big.bin', 'Odd/2024-03-02.md']));
    expect(moves).not.toEqual(expect.arrayContaining(['Odd/secret.md']));
    // A relative symbolic link would lead elsewhere from another folder: it stays.
    expect(moves).not.toContain('Odd/alias.md');
    expect(JSON.stringify(operations)).not.toMatch(/pipe\.md|outside\.md/);
    const after = await snapshot(dir);
    expect(after.get('Odd/People/bom.md')).toMatch(/^file \d+ /);
    const bom = await fs.readFile(path.join(dir, 'Odd/People/bom.md'), 'utf8');
    expect(bom.startsWith('\ufeff---\n')).toBe(true);
    expect(bom).toMatch(/tags:\n\s*- person\n/);
    expect(await fs.readFile(path.join(dir, 'Odd/People/crlf.md'), 'utf8')).toMatch(/^---\r\ntype: person\r\ntags:\r\n {2}- old\r\n {2}- person\r\n---\r\n/);
    expect(after.has(`Odd/Sorted/${NFD}.md`) && after.has(`Odd/Sorted/${NFC}.md`)).toBe(true);
    expect(after.get('Odd/Sorted/big.bin')).toBe(before.get('Odd/big.bin'));
    const undo = await reeve('undo', dir);
    expect(undo.code, undo.stderr).toBe(0);
    expect(await snapshot(dir)).toEqual(before);
  }, 300_000);

  it('survives a crash half-way through accepting the plan and recover --rollback byte for byte', async () => {
    for (const k of [3, 7]) {
      const dir = await oddVault(`rollback-${k}`);
      const before = await snapshot(dir);
      const { note } = await plan(dir, false);
      const planned = await snapshot(dir);
      // The accept runs in this process, on the adapter, and dies at its k-th change of the vault.
      const policy = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: [...EDIT_CAPABILITIES, ...ORGANIZE_CAPABILITIES] });
      const port = await NodeVault.open(dir);
      await decideOpBlocks(port, note, null, 'accept', policy);
      await expect(runAcceptedOperations(new FaultVault(port, k), note, policy)).rejects.toThrow(SimulatedCrash);
      expect(await snapshot(dir)).not.toEqual(planned);
      await handOver(dir);
      await fs.chmod(path.join(dir, 'Odd/secret.md'), 0o000);
      const r = await reeve('recover', dir, '--rollback');
      expect(r.code, r.stderr).toBe(0);
      expect(await snapshot(dir), `crash at change ${k}`).toEqual(before);
      const left = (await fs.readdir(path.join(dir, 'Odd'), { recursive: true })).filter((n) => n.includes('-tmp'));
      expect(left).toEqual([]);
    }
  }, 300_000);
});
