// Recovery removes the temporary files the interrupted job's writes left beside its notes (a
// SIGKILL between writing a rewritten note's temp copy and renaming it over the note leaves one):
// after `recover`, the vault is byte for byte what it was, with no `.reeve-tmp` left in a folder
// of the job. A temp file elsewhere (another program's write in progress) is not the job's.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { recoverJobs } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { FaultVault, SimulatedCrash } from './helpers/fault-vault';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

describe('recovery of a job a crash interrupted', () => {
  it('removes the temporary files its writes left in its folders, and only those', async () => {
    vault = await tempVault({ 'Inbox/t.md': 't\n', 'Inbox/u.md': 'u\n', 'Notes/l.md': 'see [[Inbox/t]] and [[Inbox/u]]\n', 'Other/o.md': 'o\n' });
    const before = await snapshot(vault.dir);
    const ops = [
      { opId: 'o1', type: 'move' as const, source: 'Inbox/t.md', destination: 'Done/t.md' },
      { opId: 'o2', type: 'move' as const, source: 'Inbox/u.md', destination: 'Done/u.md' },
    ];
    await expect(executeJob(new FaultVault(vault.port, 2), { description: 'moves', operations: ops })).rejects.toThrow(SimulatedCrash);
    // What a kill in the middle of an atomic write leaves: the new text, never renamed over its note.
    await fs.writeFile(path.join(vault.dir, 'Notes/.l.md.0123456789ab.reeve-tmp'), 'see [[Done/t]] and [[Inbox/u]]\n');
    await fs.writeFile(path.join(vault.dir, 'Inbox/.t.md.ba9876543210.reeve-tmp'), 'partial');
    await fs.writeFile(path.join(vault.dir, 'Other/.o.md.aaaaaaaaaaaa.reeve-tmp'), 'not the job\'s');

    const { reports } = await recoverJobs(await NodeVault.open(vault.dir), 'rollback');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.notes.join('\n')).toContain('removed 2 temporary files that interrupted writes left');
    const after = await snapshot(vault.dir);
    expect(after['Other/.o.md.aaaaaaaaaaaa.reeve-tmp']).toBeDefined();
    delete after['Other/.o.md.aaaaaaaaaaaa.reeve-tmp'];
    expect(after).toEqual(before);
  });
});
