// A journal lock left by Reeve on another computer (the `.obsidian` folder synced between two
// desktops, the other one asleep or crashed mid-job). Its owner cannot be checked by pid, so it is
// never taken over by a job on its own; the holder touches the lock every minute while it holds
// it, and one untouched for ten minutes is reported as stale, with whose it is and how to take it
// over (`reeve recover <vault> --take-over-lock`), which frees it only if it is still that stale lock.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { JournalBusyError, journalLockWait } from '../../src/edits/journal/journal-lock';
import { lockTiming } from '../../src/vault-vfs/lock-staleness';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { tryProcessLock } from '../../src/vault-vfs/node/process-lock';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let tv: TempVault | null = null;
afterEach(async () => {
  await tv?.cleanup();
  tv = null;
  journalLockWait.ms = 30_000;
  lockTiming.heartbeatMs = 60_000;
});

const MIN = 60_000;
const lockPath = (dir: string): string => path.join(dir, '.obsidian/plugins/reeve/journal.lock');

async function otherDesktopHolds(dir: string, touchedAgoMs: number): Promise<void> {
  await fs.mkdir(path.dirname(lockPath(dir)), { recursive: true });
  const now = Date.now();
  await fs.writeFile(lockPath(dir), JSON.stringify({ pid: 4242, host: 'other-desktop', since: now - 30 * MIN, touched: now - touchedAgoMs, token: 'feedc0de' }));
}

const move = { description: 'move', operations: [{ opId: 'm', type: 'move' as const, source: 'Inbox/a.md', destination: 'Done/a.md' }] };

describe('a journal lock left by another computer', () => {
  it('is reported at once as stale, saying whose it is and how to take it over; a job never takes it itself', async () => {
    tv = await makeTempVault({ 'Inbox/a.md': 'a\n' });
    await otherDesktopHolds(tv.dir, 11 * MIN);
    journalLockWait.ms = 2000;
    const port = await NodeVault.open(tv.dir);
    const started = Date.now();
    const error = await executeJob(port, move).then(() => null, (e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(JournalBusyError);
    expect((error as JournalBusyError).stale).toBe(true);
    expect((error as Error).message).toMatch(/process 4242 on other-desktop, since .*, last active .*; it has not been active for 10 minutes or more: if Reeve is not running on other-desktop, take the lock over .*reeve recover <vault> --take-over-lock/);
    expect(await tv.read('Inbox/a.md')).toBe('a\n');
    expect(JSON.parse(await fs.readFile(lockPath(tv.dir), 'utf8'))).toMatchObject({ host: 'other-desktop', pid: 4242 });
  });

  it('is not taken over while its owner still touches it', async () => {
    tv = await makeTempVault({ 'Inbox/a.md': 'a\n' });
    await otherDesktopHolds(tv.dir, 1 * MIN);
    const r = await runReeve(['recover', tv.dir, '--take-over-lock']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/held by process 4242 on other-desktop.*nothing was taken over/);
    expect(JSON.parse(await fs.readFile(lockPath(tv.dir), 'utf8'))).toMatchObject({ host: 'other-desktop' });
  });

  it('is taken over on request once stale, and the job then runs', async () => {
    tv = await makeTempVault({ 'Inbox/a.md': 'a\n' });
    await otherDesktopHolds(tv.dir, 11 * MIN);
    const r = await runReeve(['recover', tv.dir, '--take-over-lock']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^took over the journal lock of process 4242 on other-desktop/);
    await expect(fs.stat(lockPath(tv.dir))).rejects.toThrow();
    const port = await NodeVault.open(tv.dir);
    expect((await executeJob(port, move)).failure).toBeNull();
    expect(await tv.read('Done/a.md')).toBe('a\n');
  });

  it('is gone once released, even when a touch was in flight (it was written back after its removal)', async () => {
    tv = await makeTempVault({ 'Inbox/a.md': 'a\n' });
    lockTiming.heartbeatMs = 1;
    await fs.mkdir(path.dirname(lockPath(tv.dir)), { recursive: true });
    for (let i = 0; i < 40; i++) {
      const held = await tryProcessLock(lockPath(tv.dir));
      if (!held.ok) throw new Error(`not taken in round ${i}`);
      await new Promise((r) => setTimeout(r, 3 + (i % 5)));
      await held.release();
      await new Promise((r) => setTimeout(r, 5));
      await expect(fs.stat(lockPath(tv.dir)), `round ${i}`).rejects.toThrow();
    }
  });

  it('is touched by its holder while held, so others can tell it is alive', async () => {
    tv = await makeTempVault({ 'Inbox/a.md': 'a\n' });
    lockTiming.heartbeatMs = 40;
    await fs.mkdir(path.dirname(lockPath(tv.dir)), { recursive: true });
    const held = await tryProcessLock(lockPath(tv.dir));
    if (!held.ok) throw new Error('not taken');
    await new Promise((r) => setTimeout(r, 200));
    const record = JSON.parse(await fs.readFile(lockPath(tv.dir), 'utf8')) as { since: number; touched?: number };
    expect(record.touched).toBeGreaterThan(record.since);
    await held.release();
    await expect(fs.stat(lockPath(tv.dir))).rejects.toThrow();
  });
});
