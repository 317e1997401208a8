import { afterEach, describe, expect, it } from 'vitest';
import { pendingCommand } from '../../src/cli/commands/pending';
import { assertNoInterruptedJob, recoverCommand } from '../../src/cli/commands/recover';
import { undoCommand } from '../../src/cli/commands/undo';
import { FailureError, UsageError, type CliIO } from '../../src/cli/command';
import { executeJob } from '../../src/edits/journal/execute-job';
import { parseTaskAnswer } from '../../src/edits/instructions/parse-answer';
import { resolveAnswer } from '../../src/edits/instructions/resolve-answer';
import { writePlanNote } from '../../src/edits/pending/plan-note';
import { proposeEdits } from '../../src/edits/pending/propose-edits';
import { buildScopePolicy } from '../../src/edits/scope/scope-policy';
import { organizeScopePolicy } from '../../src/agents/organize/plan-organize';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { FaultVault, SimulatedCrash } from './helpers/fault-vault';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

function io(): CliIO & { out: string; err: string } {
  const o = { out: '', err: '', env: {}, cwd: process.cwd(), stdout: (t: string) => void (o.out += t), stderr: (t: string) => void (o.err += t) };
  return o;
}

const policy = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: ['add', 'delete', 'create', 'navigate'] });

/** A vault with one pending edit block in Notes/a.md and a plan note with two operations. */
async function setup(): Promise<{ v: TempVault; editId: string }> {
  const v = await tempVault({ 'Notes/a.md': 'one\ntwo\n', 'Inbox/x.pdf': 'pdf', 'Home.md': 'see [[a]]\n' });
  const parsed = parseTaskAnswer({ edits: [{ file: 'Notes/a.md', position: 'replace:2', content: 'TWO' }] });
  if (!parsed.ok) throw new Error(parsed.error);
  const report = await proposeEdits(v.port, await resolveAnswer(v.port, parsed.answer), policy);
  await writePlanNote(v.port, 'Reeve/Plans/p.md', {
    planId: 'j1',
    targetFolder: '',
    description: 'tidy',
    operations: [
      { opId: 'o1', type: 'move', source: 'Inbox/x.pdf', destination: 'Documents/x.pdf' },
      { opId: 'o2', type: 'rename', source: 'Notes/a.md', destination: 'Notes/alpha.md' },
    ],
  }, organizeScopePolicy('.obsidian', { folder: '', allowOutside: true }));
  return { v, editId: report.proposed[0]?.id ?? '' };
}

describe('reeve pending', () => {
  it('lists edit and operation blocks in the contract shape', async () => {
    const { v, editId } = await setup();
    vault = v;
    const out = io();
    expect(await pendingCommand.run([v.dir, 'list', '--json'], out)).toBe(0);
    expect(JSON.parse(out.out)).toEqual([
      { id: editId, kind: 'edit', note: 'Notes/a.md', type: 'replace', state: 'pending', line: 2, proposedHere: true },
      { id: 'o1', kind: 'op', note: 'Reeve/Plans/p.md', type: 'move', state: 'pending', line: 7, proposedHere: true, target: 'Inbox/x.pdf -> Documents/x.pdf' },
      { id: 'o2', kind: 'op', note: 'Reeve/Plans/p.md', type: 'rename', state: 'pending', line: 13, proposedHere: true, target: 'Notes/a.md -> Notes/alpha.md' },
    ]);
  });

  it('the plain list says what each operation acts on', async () => {
    const { v } = await setup();
    vault = v;
    const out = io();
    expect(await pendingCommand.run([v.dir, 'list'], out)).toBe(0);
    const lines = out.out.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^pending {2}op {3}move {11}o1 {2}Reeve\/Plans\/p\.md:7 {2}Inbox\/x\.pdf -> Documents\/x\.pdf$/);
    expect(lines[2]).toMatch(/ {2}Notes\/a\.md -> Notes\/alpha\.md$/);
  });

  it('accepts one edit through the journal, so undo brings the block back', async () => {
    const { v, editId } = await setup();
    vault = v;
    const withBlock = await v.port.read('Notes/a.md');
    expect(await pendingCommand.run([v.dir, 'accept', '--id', editId], io())).toBe(0);
    expect(await (await NodeVault.open(v.dir)).read('Notes/a.md')).toBe('one\nTWO\n');
    const out = io();
    expect(await undoCommand.run([v.dir], out)).toBe(0);
    expect(out.out).toMatch(/^undone: job j\w+ \("pending accept \(reeve CLI\)"\): rolled back, 1 step/);
    expect(await (await NodeVault.open(v.dir)).read('Notes/a.md')).toBe(withBlock);
  });

  it('accepts everything: edits written, operations run and marked done, all undoable', async () => {
    const { v } = await setup();
    vault = v;
    const out = io();
    expect(await pendingCommand.run([v.dir, 'accept', '--all', '--json'], out)).toBe(0);
    expect((JSON.parse(out.out) as { status: string }[]).map((o) => o.status)).toEqual(['done', 'done', 'done']);
    const after = await NodeVault.open(v.dir);
    expect(await after.read('Notes/alpha.md')).toBe('one\nTWO\n');
    expect(await after.read('Home.md')).toBe('see [[alpha]]\n');
    expect(await after.exists('Documents/x.pdf')).toBe(true);
    const list = io();
    await pendingCommand.run([v.dir, 'list', '--json'], list);
    expect((JSON.parse(list.out) as { state: string }[]).map((e) => e.state)).toEqual(['done', 'done']);
    await undoCommand.run([v.dir], io());
    const undone = await NodeVault.open(v.dir);
    expect(await undone.exists('Inbox/x.pdf')).toBe(true);
    expect(await undone.read('Home.md')).toBe('see [[a]]\n');
  });

  it('rejecting a damaged block by id writes back its recovered original text', async () => {
    const { v, editId } = await setup();
    vault = v;
    await v.port.process('Notes/a.md', (t) => t.replace('"type":"replace",', '"type":"replace" '));
    const out = io();
    await pendingCommand.run([v.dir, 'list', '--json'], out);
    expect((JSON.parse(out.out) as { state: string }[])[0]).toMatchObject({ id: editId, state: 'damaged', type: 'replace' });
    await expect(pendingCommand.run([v.dir, 'accept', '--id', editId], io())).rejects.toThrow(/damaged/);
    expect(await pendingCommand.run([v.dir, 'reject', '--id', editId], io())).toBe(0);
    expect(await (await NodeVault.open(v.dir)).read('Notes/a.md')).toBe('one\ntwo\n');
  });

  it('rejects bad usage', async () => {
    const { v } = await setup();
    vault = v;
    await expect(pendingCommand.run([v.dir, 'accept'], io())).rejects.toThrow(new UsageError('accept needs exactly one of --id ID or --all'));
    await expect(pendingCommand.run([v.dir, 'accept', '--all', '--id', 'x'], io())).rejects.toThrow(UsageError);
    await expect(pendingCommand.run([v.dir, 'approve'], io())).rejects.toThrow(/expected list, accept or reject, got "approve"/);
    await expect(pendingCommand.run([v.dir, 'accept', '--id', 'nope'], io())).rejects.toThrow(new FailureError('no pending block with id nope'));
  });
});

describe('interrupted jobs and reeve recover', () => {
  it('block vault-changing commands until recovered', async () => {
    const { v, editId } = await setup();
    vault = v;
    const before = await snapshot(v.dir);
    const crashing = new FaultVault(v.port, 1);
    await expect(executeJob(crashing, { description: 'doomed', operations: [{ opId: 'm', type: 'move', source: 'Inbox/x.pdf', destination: 'Out/x.pdf' }] })).rejects.toThrow(SimulatedCrash);
    const port = await NodeVault.open(v.dir);
    await expect(assertNoInterruptedJob(port)).rejects.toThrow(/interrupted job j\w+ \("doomed", 0 of 1 steps applied\) is in the journal; run "reeve recover <vault> --resume"/);
    await expect(pendingCommand.run([v.dir, 'accept', '--id', editId], io())).rejects.toThrow(FailureError);
    await expect(undoCommand.run([v.dir], io())).rejects.toThrow(/reeve recover/);
    await expect(recoverCommand.run([v.dir, '--resume', '--rollback'], io())).rejects.toThrow(UsageError);
    const out = io();
    expect(await recoverCommand.run([v.dir, '--rollback'], out)).toBe(0);
    expect(out.out).toMatch(/\("doomed"\): rolled back, 1 step/);
    expect(await snapshot(v.dir)).toEqual(before);
    const again = io();
    await recoverCommand.run([v.dir, '--resume'], again);
    expect(again.out).toBe('no interrupted job\n');
    expect(await pendingCommand.run([v.dir, 'accept', '--id', editId], io())).toBe(0);
  });

  it('undo with no finished job fails with a clear message', async () => {
    vault = await tempVault({ 'a.md': 'x' });
    await expect(undoCommand.run([vault.dir], io())).rejects.toThrow(new FailureError('there is no finished job to undo'));
  });
});
