// The journal between processes, the harder cases (issue 11, item 6; journal-concurrency.test.ts
// has the plain ones): a real job running slowly in another process is waited for and never
// called interrupted; a job that waited for it refuses, writing nothing, because the vault it
// planned on is gone (it used to run on its stale view and fail, or miss links the other job
// wrote); run again, it finishes, and both jobs undo; a lock file torn by a crash
// while it was written is respected while its writer may still be writing and taken over after;
// several processes taking over a dead owner's lock at once end with exactly one holder.
import { type ChildProcess, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { JOURNAL_LOCK, JournalBusyError, JournalChangedError, journalLockWait } from '../../src/edits/journal/journal-lock';
import { findInterruptedJobs, listFinishedJobs, undoJob } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

const helpers = path.join(import.meta.dirname, 'helpers');
const repo = path.resolve(import.meta.dirname, '..', '..');

let vault: TempVault | null = null;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) c.kill();
  if (vault) await removeVault(vault);
  vault = null;
  Object.assign(journalLockWait, { ms: 30_000, pollMs: 200 });
});

/** Runs a helper script under tsx; `said` resolves with its first line, `exited` with its exit code. */
function run(script: string, args: string[]): { said: Promise<string>; exited: Promise<number | null> } {
  const p = spawn(process.execPath, ['--import', 'tsx', path.join(helpers, script), ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(p);
  let out = '';
  const said = new Promise<string>((resolve) => {
    p.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
    });
    p.once('exit', () => resolve(out.trim()));
  });
  return { said, exited: new Promise((r) => p.once('exit', (code) => r(code))) };
}

const lockPath = (dir: string): string => path.join(dir, '.obsidian', 'plugins', 'reeve', JOURNAL_LOCK);

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const notes = (folder: string, n: number): Record<string, string> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${folder}/n${i}.md`, `${folder} ${i} [[${folder === 'A' ? 'C' : 'A'}/n${i}]]\n`]));

describe('a job running in another process', () => {
  it('is waited for and never called interrupted; a job that waited refuses, then runs when asked again, and both undo', async () => {
    vault = await tempVault({ ...notes('A', 6), ...notes('C', 6) });
    const dir = vault.dir;
    const before = await snapshot(dir);
    const other = run('run-slow-job.ts', [dir, 'A', 'B', '300']);
    // The other process's job has begun: its journal file exists while its moves are still to come.
    const journal = path.join(dir, '.obsidian/plugins/reeve/journal');
    await until(async () => (await fs.readdir(journal).catch(() => [] as string[])).some((n) => n.endsWith('.jsonl')), 30_000);
    Object.assign(journalLockWait, { ms: 300, pollMs: 50 });
    await expect(findInterruptedJobs(await NodeVault.open(dir))).rejects.toBeInstanceOf(JournalBusyError);
    Object.assign(journalLockWait, { ms: 30_000, pollMs: 50 });
    const mine = { description: 'mine', operations: Object.keys(notes('C', 6)).map((p, i) => ({ opId: `c${i}`, type: 'move' as const, source: p, destination: `D/${p.slice(2)}` })) };
    // Seen before the other job ended: C's notes are linked from A's, which that job is moving.
    const stale = await NodeVault.open(dir);
    await expect(executeJob(stale, mine)).rejects.toBeInstanceOf(JournalChangedError);
    expect(await other.said).toMatch(/^done j/);
    expect(await other.exited).toBe(0);
    expect(Object.keys(await snapshot(dir)).filter((p) => p.startsWith('D/'))).toEqual([]);
    expect((await executeJob(await NodeVault.open(dir), mine)).failure).toBeNull();
    const port = await NodeVault.open(dir);
    expect((await findInterruptedJobs(port)).interrupted).toEqual([]);
    expect((await listFinishedJobs(port)).map((j) => j.description).sort()).toEqual(['mine', 'slow A']);
    expect(Object.keys(await snapshot(dir)).filter((p) => /^[AC]\/./.test(p))).toEqual([]);
    expect(Object.entries(port.unresolvedLinks()).filter(([, l]) => Object.keys(l).length > 0)).toEqual([]);
    await undoJob(port);
    await undoJob(await NodeVault.open(dir));
    expect(await snapshot(dir)).toEqual(before);
  }, 60_000);
});

describe('a lock file torn by a crash while it was written', () => {
  for (const torn of ['', '{"pid":12', 'garbage \u0000']) {
    it(`(${JSON.stringify(torn)}) is respected while fresh and taken over once stale`, async () => {
      vault = await tempVault({ 'a.md': 'a\n' });
      await fs.mkdir(path.dirname(lockPath(vault.dir)), { recursive: true });
      await fs.writeFile(lockPath(vault.dir), torn);
      Object.assign(journalLockWait, { ms: 200, pollMs: 50 });
      const move = { description: 'move', operations: [{ opId: 'o1', type: 'move' as const, source: 'a.md', destination: 'B/a.md' }] };
      await expect(executeJob(vault.port, move)).rejects.toThrow(/another Reeve run \(another process/);
      expect(await vault.port.exists('a.md')).toBe(true);
      const old = new Date(Date.now() - 10_000);
      await fs.utimes(lockPath(vault.dir), old, old);
      expect((await executeJob(vault.port, move)).failure).toBeNull();
      expect(await vault.port.exists('B/a.md')).toBe(true);
      await expect(fs.access(lockPath(vault.dir))).rejects.toThrow();
    });
  }
});

describe("a dead owner's lock taken over by several processes at once", () => {
  it('has exactly one holder', async () => {
    vault = await tempVault({ 'a.md': 'a\n' });
    const dead = spawn(process.execPath, ['-e', '']);
    const pid = dead.pid ?? 0;
    await new Promise((r) => dead.once('exit', r));
    await fs.mkdir(path.dirname(lockPath(vault.dir)), { recursive: true });
    await fs.writeFile(lockPath(vault.dir), JSON.stringify({ pid, host: hostname(), since: Date.now() - 60_000, token: 'deadbeef' }));
    const racers = Array.from({ length: 3 }, () => run('hold-journal-lock.ts', [vault?.dir ?? '', '20000', 'release']));
    const said = await Promise.all(racers.map((r) => r.said));
    expect(said.sort()).toEqual(['busy', 'busy', 'held']);
  }, 60_000);
});
