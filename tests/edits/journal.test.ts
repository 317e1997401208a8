import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob, InterruptedJobError, type JobOperationInput } from '../../src/edits/journal/execute-job';
import { JobStoppedError } from '../../src/edits/journal/job-runner';
import { decodeJournal } from '../../src/edits/journal/journal-records';
import { findInterruptedJobs, listFinishedJobs, recoverJobs, undoJob, UndoRefusedError } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { FaultVault, SimulatedCrash } from './helpers/fault-vault';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

const FILES = {
  'Inbox/a.md': 'A links to [[b]] and [[Docs/c|see c]].\n',
  'Inbox/b.md': '# B\nback to [[a]]\n',
  'Docs/c.md': '---\ntags: [doc]\n---\nC embeds ![[pic.png]]\n',
  'Inbox/pic.png': new Uint8Array([137, 80, 78, 71, 0, 1, 2, 3]),
  'Home.md': 'Start at [[a]], [[b]], [[c]].\n',
};

const JOB: JobOperationInput[] = [
  { opId: 'o1', type: 'create_folder', path: 'Archive/2024' },
  { opId: 'o2', type: 'move', source: 'Inbox/a.md', destination: 'Archive/2024/a.md' },
  { opId: 'o3', type: 'rename', source: 'Inbox/b.md', destination: 'Inbox/bee.md' },
  { opId: 'o4', type: 'move', source: 'Inbox/pic.png', destination: 'Media/pic.png' },
  { opId: 'o5', type: 'trash', path: 'Docs' },
  { type: 'edit', path: 'Home.md', before: 'Start at [[a]], [[b]], [[c]].\n', after: 'Start here: [[a]], [[b]], [[c]].\n' },
  { type: 'create_note', path: 'Archive/index.md', content: '# Archive\n' },
];

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

async function reopen(v: TempVault): Promise<NodeVault> {
  return NodeVault.open(v.dir);
}

describe('executing a job through the journal', () => {
  it('runs folders, edits, moves and trash, and undo restores every path, byte and link', async () => {
    vault = await tempVault(FILES);
    const before = await snapshot(vault.dir);
    const linksBefore = vault.port.resolvedLinks();
    const report = await executeJob(vault.port, { description: 'test job', operations: JOB });
    expect(report).toMatchObject({ state: 'applied', steps: 7, failure: null });
    const after = await snapshot(vault.dir);
    expect(Object.keys(after).sort()).toEqual(['Archive/', 'Archive/2024/', 'Archive/2024/a.md', 'Archive/index.md', 'Home.md', 'Inbox/', 'Inbox/bee.md', 'Media/', 'Media/pic.png']);
    expect(await vault.port.read('Home.md')).toBe('Start here: [[a]], [[bee]], [[c]].\n');

    const jobs = await listFinishedJobs(vault.port);
    expect(jobs.map((j) => j.steps)).toEqual([
      ['create folder Archive/2024', 'create Archive/index.md', 'edit Home.md', 'move Inbox/a.md -> Archive/2024/a.md', 'rename Inbox/b.md -> Inbox/bee.md', 'move Inbox/pic.png -> Media/pic.png', 'trash Docs'],
    ]);
    const journal = await fs.readFile(path.join(vault.dir, '.obsidian/plugins/reeve/journal/done', `${report.job}.jsonl`), 'utf8');
    const decoded = await decodeJournal(journal);
    expect(decoded.ok && decoded.records.map((r) => r.t).filter((t) => t === 'intent' || t === 'done')).toHaveLength(14);

    const fresh = await reopen(vault);
    const undone = await undoJob(fresh);
    expect(undone).toMatchObject({ job: report.job, state: 'reverted' });
    expect(await snapshot(vault.dir)).toEqual(before);
    expect((await reopen(vault)).resolvedLinks()).toEqual(linksBefore);
    await expect(undoJob(fresh, report.job)).rejects.toThrow(/already undone/);
  });

  it('rolls back what ran when a step is refused, and says which', async () => {
    vault = await tempVault(FILES);
    const before = await snapshot(vault.dir);
    const report = await executeJob(vault.port, {
      description: 'bad',
      operations: [
        { opId: 'o1', type: 'move', source: 'Inbox/a.md', destination: 'Out/a.md' },
        { opId: 'o2', type: 'move', source: 'Inbox/missing.md', destination: 'Out/m.md' },
      ],
    });
    expect(report).toMatchObject({ state: 'reverted', failure: { step: 1, operation: 'move Inbox/missing.md -> Out/m.md', reason: 'Inbox/missing.md does not exist' } });
    expect(await snapshot(vault.dir)).toEqual(before);
  });

  it('refuses an edit whose note changed since it was prepared', async () => {
    vault = await tempVault(FILES);
    const report = await executeJob(vault.port, { description: 'e', operations: [{ type: 'edit', path: 'Home.md', before: 'old text\n', after: 'new\n' }] });
    expect(report.failure?.reason).toBe('Home.md changed since the edit was prepared');
    expect(await vault.port.read('Home.md')).toBe(FILES['Home.md']);
  });
});

describe('interrupted jobs', () => {
  async function crashed(at: number): Promise<TempVault> {
    const v = await tempVault(FILES);
    await expect(executeJob(new FaultVault(v.port, at), { description: 'crashy', operations: JOB })).rejects.toThrow(SimulatedCrash);
    return v;
  }

  it('are found, block new jobs, and resume or roll back', async () => {
    vault = await crashed(4);
    const port = await reopen(vault);
    const scan = await findInterruptedJobs(port);
    expect(scan.interrupted).toHaveLength(1);
    expect(scan.interrupted[0]).toMatchObject({ description: 'crashy', origin: 'execute', steps: 7, applied: 3 });
    await expect(executeJob(port, { description: 'x', operations: [] })).rejects.toThrow(InterruptedJobError);
    const { reports } = await recoverJobs(port, 'resume');
    expect(reports[0]).toMatchObject({ state: 'applied' });
    expect((await findInterruptedJobs(port)).interrupted).toEqual([]);
    expect(await port.exists('Archive/2024/a.md')).toBe(true);
  });

  it('tolerate a torn last record', async () => {
    vault = await crashed(2);
    const before = await snapshot(vault.dir);
    const dir = path.join(vault.dir, '.obsidian/plugins/reeve/journal');
    const [file] = (await fs.readdir(dir)).filter((f) => f.endsWith('.jsonl'));
    await fs.appendFile(path.join(dir, file as string), 'a3f9 {"t":"done","st');
    const port = await reopen(vault);
    const { reports } = await recoverJobs(port, 'rollback');
    expect(reports[0]).toMatchObject({ state: 'reverted' });
    expect(Object.keys(await snapshot(vault.dir)).sort()).toEqual(Object.keys(FILES).concat(['Docs/', 'Inbox/']).sort());
    expect(before['Inbox/a.md']).toBeDefined();
  });

  it('keep a corrupt journal, report it, and give its job to recovery from the copy of its operations, running nothing', async () => {
    vault = await crashed(3);
    const dir = path.join(vault.dir, '.obsidian/plugins/reeve/journal');
    const [file] = (await fs.readdir(dir)).filter((f) => f.endsWith('.jsonl'));
    const full = path.join(dir, file as string);
    const text = await fs.readFile(full, 'utf8');
    const bad = text.replace('"t":"begin"', '"t":"bogus"');
    await fs.writeFile(full, bad);
    const before = await snapshot(vault.dir);
    const port = await reopen(vault);
    const scan = await findInterruptedJobs(port);
    expect(scan.interrupted.map((j) => j.job)).toEqual([file?.replace('.jsonl', '')]);
    expect(scan.quarantined).toEqual([]);
    expect(scan.damaged).toEqual([{ job: file?.replace('.jsonl', ''), keptAs: expect.stringMatching(/^journal\/quarantine\/j.*\.jsonl$/) as string, reason: 'record 1 fails its checksum', recordsRead: 0 }]);
    expect(await snapshot(vault.dir)).toEqual(before);
    expect(await fs.readFile(path.join(vault.dir, '.obsidian/plugins/reeve', scan.damaged[0]?.keptAs ?? ''), 'utf8')).toBe(bad);
  });

  it('stop, without guessing, when a half-finished step matches neither its before nor its after', async () => {
    vault = await crashed(3);
    const port = await reopen(vault);
    // Step 3 (the edit of Home.md) was about to run; the user then edits the note.
    await port.process('Home.md', () => 'Something else entirely\n');
    await expect(recoverJobs(port, 'resume')).rejects.toThrow(JobStoppedError);
    await expect(recoverJobs(port, 'resume')).rejects.toThrow(/step 3 \(edit Home.md\): Home.md matches neither the text before nor after the edit/);
    expect((await findInterruptedJobs(port)).interrupted).toHaveLength(1);
    expect(await port.read('Home.md')).toBe('Something else entirely\n');
  });
});

describe('undo', () => {
  it('is refused, with nothing changed, when a note the job wrote was edited since', async () => {
    vault = await tempVault(FILES);
    await executeJob(vault.port, { description: 'j', operations: JOB });
    await vault.port.process('Archive/index.md', (t) => t + 'more\n');
    const before = await snapshot(vault.dir);
    await expect(undoJob(vault.port)).rejects.toThrow(UndoRefusedError);
    await expect(undoJob(vault.port)).rejects.toThrow(/Archive\/index.md was edited after the job/);
    expect(await snapshot(vault.dir)).toEqual(before);
  });

  it('keeps the later edit of a note whose links the job rewrote, and says so', async () => {
    vault = await tempVault(FILES);
    await executeJob(vault.port, { description: 'j', operations: [{ opId: 'o', type: 'rename', source: 'Inbox/b.md', destination: 'Inbox/bee.md' }] });
    await vault.port.process('Home.md', (t) => t + 'typed later\n');
    const report = await undoJob(vault.port);
    expect(report.notes).toEqual(['Home.md was edited after the job; its links were updated but its other changes kept']);
    expect(await vault.port.read('Home.md')).toBe('Start at [[a]], [[b]], [[c]].\ntyped later\n');
    expect(await vault.port.exists('Inbox/b.md')).toBe(true);
  });

  it('restores a trashed file from Reeve’s copy when the trash location is unknown', async () => {
    vault = await tempVault(FILES);
    const before = await snapshot(vault.dir);
    const noLocation = new FaultVault(vault.port, Infinity);
    noLocation.trash = async (p: string) => {
      await vault?.port.trash(p);
      return null;
    };
    await executeJob(noLocation, { description: 't', operations: [{ opId: 'o', type: 'trash', path: 'Inbox' }] });
    expect(await vault.port.exists('Inbox')).toBe(false);
    await undoJob(vault.port);
    expect(await snapshot(vault.dir)).toEqual(before);
  });
});
