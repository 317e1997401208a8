// Two processes on one vault: a second run waits for a live owner's job or refuses, saying who,
// and writes nothing; only a dead owner's journal is "interrupted", and its lock is taken over.
import { type ChildProcess, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { JournalBusyError, journalLockWait } from '../../src/edits/journal/journal-lock';
import { encodeRecords } from '../../src/edits/journal/journal-records';
import { findInterruptedJobs } from '../../src/edits/journal/recover-jobs';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

const holder = path.join(import.meta.dirname, 'helpers', 'hold-journal-lock.ts');
const repo = path.resolve(import.meta.dirname, '..', '..');

let vault: TempVault | null = null;
let child: ChildProcess | null = null;
afterEach(async () => {
  child?.kill();
  child = null;
  if (vault) await removeVault(vault);
  vault = null;
  Object.assign(journalLockWait, { ms: 30_000, pollMs: 200 });
});

/** Starts the holder and resolves once it holds the lock; `exited` resolves when it ends. */
async function hold(dir: string, ms: number, mode: 'release' | 'die'): Promise<{ pid: number; exited: Promise<void> }> {
  const p = spawn(process.execPath, ['--import', 'tsx', holder, dir, String(ms), mode], { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
  child = p;
  const exited = new Promise<void>((r) => p.once('exit', () => r()));
  await new Promise<void>((resolve, reject) => {
    p.stdout?.on('data', (d: Buffer) => (d.toString().includes('held') ? resolve() : reject(new Error(d.toString()))));
    p.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return { pid: p.pid ?? 0, exited };
}

const MOVE = { description: 'move', operations: [{ opId: 'o1', type: 'move' as const, source: 'a.md', destination: 'B/a.md' }] };

describe('the journal between processes', () => {
  it('refuses while a live process holds it, naming the process, and writes nothing', async () => {
    vault = await tempVault({ 'a.md': 'a\n' });
    const { pid } = await hold(vault.dir, 20_000, 'release');
    Object.assign(journalLockWait, { ms: 400, pollMs: 50 });
    const before = await snapshot(vault.dir);
    const journal = path.join(vault.dir, '.obsidian/plugins/reeve/journal');
    const error = await executeJob(vault.port, MOVE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalBusyError);
    expect((error as Error).message).toContain(`process ${pid}`);
    expect(await snapshot(vault.dir)).toEqual(before);
    expect(await fs.readdir(journal).catch(() => [])).toEqual([]);
  }, 20_000);

  it('waits for a live process to finish, then runs', async () => {
    vault = await tempVault({ 'a.md': 'a\n' });
    await hold(vault.dir, 600, 'release');
    Object.assign(journalLockWait, { ms: 10_000, pollMs: 50 });
    const report = await executeJob(vault.port, MOVE);
    expect(report.failure).toBeNull();
    expect(await vault.port.exists('B/a.md')).toBe(true);
  }, 20_000);

  it('does not call a live process\'s running job interrupted', async () => {
    vault = await tempVault({ 'a.md': 'a\n' });
    await hold(vault.dir, 20_000, 'release');
    const job = 'j00000000000000001';
    await vault.port.state.append(`journal/${job}.jsonl`, await encodeRecords([{ t: 'begin', job, at: 1, description: 'running elsewhere', ops: [] }, { t: 'run', dir: 'forward', why: 'execute', at: 1 }]));
    Object.assign(journalLockWait, { ms: 300, pollMs: 50 });
    await expect(findInterruptedJobs(vault.port)).rejects.toBeInstanceOf(JournalBusyError);
  }, 20_000);

  it('takes over the lock of a process that died, and finds its job interrupted', async () => {
    vault = await tempVault({ 'a.md': 'a\n' });
    const { exited } = await hold(vault.dir, 0, 'die');
    await exited;
    const job = 'j00000000000000001';
    await vault.port.state.append(`journal/${job}.jsonl`, await encodeRecords([{ t: 'begin', job, at: 1, description: 'died', ops: [] }, { t: 'run', dir: 'forward', why: 'execute', at: 1 }]));
    Object.assign(journalLockWait, { ms: 300, pollMs: 50 });
    const scan = await findInterruptedJobs(vault.port);
    expect(scan.interrupted.map((j) => j.job)).toEqual([job]);
  }, 20_000);
});
