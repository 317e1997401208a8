// A command reads the vault when it opens it and acts on what it read. If another process finishes
// a job after that (during a long model plan, say), the command's job is refused, writing nothing,
// rather than acting on a view that is gone (moving a file that moved, missing links the other job
// wrote); the issue 11 audit found this window left open after the wait-time check. Its own jobs
// keep its view current, so a command running several jobs is never refused by itself.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openVault } from '../../src/cli/open-vault';
import { executeJob } from '../../src/edits/journal/execute-job';
import { JournalChangedError } from '../../src/edits/journal/journal-lock';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { removeVault, snapshot, tempVault, type TempVault } from '../edits/helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

const move = (source: string, destination: string) => ({ description: 'move', operations: [{ opId: source, type: 'move' as const, source, destination }] });

describe('a command whose view of the vault went stale', () => {
  it('refuses its job, writing nothing, when another process finished a job after it opened the vault', async () => {
    vault = await tempVault({ 'A/n0.md': 'zero [[n1]]\n', 'A/n1.md': 'one\n' });
    const command = await openVault(vault.dir);
    const other = await NodeVault.open(vault.dir);
    expect((await executeJob(other, move('A/n1.md', 'B/n1.md'))).failure).toBeNull();
    const after = await snapshot(vault.dir);
    await expect(executeJob(command, move('A/n1.md', 'C/n1.md'))).rejects.toBeInstanceOf(JournalChangedError);
    await expect(executeJob(command, move('A/n0.md', 'C/n0.md'))).rejects.toThrow(/another Reeve run changed this vault since this run opened it; nothing was done/);
    expect(await snapshot(vault.dir)).toEqual(after);
    // Opened again, it sees the vault as it is and runs.
    const again = await openVault(vault.dir);
    expect((await executeJob(again, move('A/n0.md', 'C/n0.md'))).failure).toBeNull();
    expect(await fs.readFile(path.join(vault.dir, 'C/n0.md'), 'utf8')).toBe('zero [[n1]]\n');
  });

  it('is never refused by its own jobs', async () => {
    vault = await tempVault({ 'A/n0.md': '0\n', 'A/n1.md': '1\n', 'A/n2.md': '2\n' });
    const command = await openVault(vault.dir);
    for (const n of ['n0', 'n1', 'n2']) expect((await executeJob(command, move(`A/${n}.md`, `B/${n}.md`))).failure).toBeNull();
    expect((await fs.readdir(path.join(vault.dir, 'B'))).sort()).toEqual(['n0.md', 'n1.md', 'n2.md']);
  });
});
