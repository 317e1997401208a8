// File modes and read-only places: a rewrite keeps each note's mode, and so does its undo; a job
// that would write a read-only note or folder is refused before anything runs; an I/O error in the
// middle of a job rolls back by itself.
import fc from 'fast-check';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob, type JobOperationInput } from '../../src/edits/journal/execute-job';
import { findInterruptedJobs, undoJob } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { FaultVault } from './helpers/fault-vault';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) {
    await fs.chmod(path.join(vault.dir, 'Inbox'), 0o755).catch(() => undefined);
    await removeVault(vault);
  }
  vault = null;
});

const modeOf = async (dir: string, p: string): Promise<number> => (await fs.stat(path.join(dir, p))).mode & 0o777;
const journalFiles = async (dir: string): Promise<string[]> => (await fs.readdir(path.join(dir, '.obsidian/plugins/reeve/journal')).catch(() => [])).filter((f) => f.endsWith('.jsonl'));

describe('file modes', () => {
  it('are kept when a move rewrites a note, and when undo rewrites it back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 0o777 }).map((m) => m | 0o200), async (mode) => {
        const v = await tempVault({ 'Inbox/t.md': 't\n', 'Notes/l.md': 'see [[Inbox/t]]\n' });
        try {
          await fs.chmod(path.join(v.dir, 'Notes/l.md'), mode);
          await executeJob(v.port, { description: 'move', operations: [{ opId: 'o1', type: 'move', source: 'Inbox/t.md', destination: 'Done/t.md' }] });
          expect(await fs.readFile(path.join(v.dir, 'Notes/l.md'), 'utf8')).not.toBe('see [[Inbox/t]]\n');
          expect((await modeOf(v.dir, 'Notes/l.md')).toString(8)).toBe(mode.toString(8));
          await undoJob(v.port);
          expect(await fs.readFile(path.join(v.dir, 'Notes/l.md'), 'utf8')).toBe('see [[Inbox/t]]\n');
          expect((await modeOf(v.dir, 'Notes/l.md')).toString(8)).toBe(mode.toString(8));
        } finally {
          await removeVault(v);
        }
      }),
      { numRuns: 12 },
    );
  });
});

describe('read-only notes and folders', () => {
  it('refuse the job before anything runs when a note it rewrites is read-only, naming it', async () => {
    vault = await tempVault({ 'Inbox/a.md': 'a\n', 'Inbox/t.md': 't\n', 'Notes/l.md': 'see [[Inbox/t]]\n' });
    await fs.chmod(path.join(vault.dir, 'Notes/l.md'), 0o444);
    const before = await snapshot(vault.dir);
    const report = await executeJob(vault.port, {
      description: 'moves',
      operations: [
        { opId: 'o1', type: 'move', source: 'Inbox/a.md', destination: 'Done/a.md' },
        { opId: 'o2', type: 'move', source: 'Inbox/t.md', destination: 'Done/t.md' },
      ],
    });
    expect(report.failure).toMatchObject({ step: 1, opId: 'o2' });
    expect(report.failure?.reason).toMatch(/cannot run: move Inbox\/t.md -> Done\/t.md: Notes\/l.md is read-only \(mode 444\)/);
    expect(await snapshot(vault.dir)).toEqual(before);
    expect(await modeOf(vault.dir, 'Notes/l.md')).toBe(0o444);
    expect(await journalFiles(vault.dir)).toEqual([]);
  });

  it('refuse the job before anything runs when a folder it takes from is read-only', async () => {
    vault = await tempVault({ 'A/x.md': 'x\n', 'Inbox/a.md': 'a\n' });
    await fs.chmod(path.join(vault.dir, 'Inbox'), 0o555);
    const before = await snapshot(vault.dir);
    const report = await executeJob(vault.port, {
      description: 'moves',
      operations: [
        { opId: 'o1', type: 'move', source: 'A/x.md', destination: 'B/x.md' },
        { opId: 'o2', type: 'move', source: 'Inbox/a.md', destination: 'B/a.md' },
      ],
    });
    expect(report.failure?.reason).toMatch(/the folder Inbox is read-only \(mode 555\)/);
    expect(await snapshot(vault.dir)).toEqual(before);
  });
});

describe('an I/O error in the middle of a job', () => {
  it('rolls back what ran, whichever call fails, and leaves no interrupted job', async () => {
    const files = { 'Inbox/a.md': 'a [[b]]\n', 'Inbox/b.md': 'b [[a]]\n', 'Inbox/c.md': 'c\n', 'Notes/n.md': '[[a]] [[c]]\n' };
    const ops: JobOperationInput[] = [
      { opId: 'f', type: 'create_folder', path: 'Sorted' },
      { opId: 'o1', type: 'move', source: 'Inbox/a.md', destination: 'Sorted/a.md' },
      { opId: 'o2', type: 'rename', source: 'Inbox/b.md', destination: 'Inbox/bee.md' },
      { opId: 'o3', type: 'move', source: 'Inbox/c.md', destination: 'Sorted/c.md' },
      { opId: 'o4', type: 'trash', path: 'Notes/n.md' },
    ];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: ops.length }), async (k) => {
        const v = await tempVault(files);
        try {
          const before = await snapshot(v.dir);
          const report = await executeJob(new FaultVault(v.port, k, undefined, true), { description: 'job', operations: ops });
          expect(report.state).toBe('reverted');
          expect(report.failure?.reason).toMatch(/EACCES/);
          expect(await snapshot(v.dir)).toEqual(before);
          expect((await findInterruptedJobs(await NodeVault.open(v.dir))).interrupted).toEqual([]);
        } finally {
          await removeVault(v);
        }
      }),
      { numRuns: 10 },
    );
  });
});

describe('a symbolic link where a step would write', () => {
  it('refuses the job before anything runs, naming the link and where it leads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('Sorted', 'Deep/Sorted'), fc.boolean(), async (link, outside) => {
        const v = await tempVault({ 'Inbox/a.md': 'a\n', 'Inbox/b.md': 'b [[a]]\n' }, ['Real']);
        const out = await fs.mkdtemp(path.join(path.dirname(v.dir), 'reeve-outside-'));
        try {
          await fs.mkdir(path.dirname(path.join(v.dir, link)), { recursive: true });
          const before = await snapshot(v.dir);
          await fs.symlink(outside ? out : path.join(v.dir, 'Real'), path.join(v.dir, link));
          const port = await NodeVault.open(v.dir);
          const report = await executeJob(port, { description: 'moves', operations: [{ opId: 'o1', type: 'move', source: 'Inbox/a.md', destination: `${link}/a.md` }] });
          expect(report.failure?.reason).toContain(`${link} is a symbolic link (to `);
          await fs.rm(path.join(v.dir, link));
          expect(await snapshot(v.dir)).toEqual(before);
          expect(await fs.readdir(out)).toEqual([]);
          expect(await fs.readdir(path.join(v.dir, 'Real'))).toEqual([]);
        } finally {
          await fs.rm(out, { recursive: true, force: true });
          await removeVault(v);
        }
      }),
      { numRuns: 8 },
    );
  });
});
