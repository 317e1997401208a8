// The loser of two applies on one vault: a run whose view of the vault went stale (another run
// finished a job after it opened the vault) refuses its job, and its plan note says that none of
// its operations ran, instead of leaving them `accepted` as if they were about to.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { JournalChangedError, markVaultViewed } from '../../src/edits/journal/journal-lock';
import { runAcceptedOperations } from '../../src/edits/journal/run-plan-operations';
import { decideOpBlocks, opBlocks } from '../../src/edits/pending/plan-note';
import { buildScopePolicy, EDIT_CAPABILITIES, ORGANIZE_CAPABILITIES } from '../../src/edits/scope/scope-policy';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let tv: TempVault | undefined;
afterEach(async () => {
  await tv?.cleanup();
});

describe('the loser of two applies', () => {
  it('marks its operations failed with the reason, and changes nothing else', async () => {
    tv = await makeTempVault({ 'Inbox/a.md': 'a\n', 'Inbox/b.md': 'b\n', 'Other/x.md': 'x\n' });
    const rules = path.join(tv.dir, '..', `${path.basename(tv.dir)}.rules.json`);
    await fs.writeFile(rules, JSON.stringify({ rules: [{ name: 'All', if: 'file.ext == "md"', thenMoveTo: 'Sorted' }] }));
    const planned = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--rules', rules, '--sources', 'rules', '--json']);
    await fs.rm(rules);
    const note = (JSON.parse(planned.stdout) as { note: string }).note;
    const policy = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: [...EDIT_CAPABILITIES, ...ORGANIZE_CAPABILITIES] });

    // The loser opens the vault and accepts; the winner finishes a job meanwhile.
    const loser = await NodeVault.open(tv.dir);
    await markVaultViewed(loser.state);
    await decideOpBlocks(loser, note, null, 'accept', policy);
    const winner = await NodeVault.open(tv.dir);
    await executeJob(winner, { description: 'winner', operations: [{ opId: 'w1', type: 'move', source: 'Other/x.md', destination: 'Done/x.md' }] });

    await expect(runAcceptedOperations(loser, note, policy)).rejects.toThrow(JournalChangedError);
    const blocks = opBlocks(await tv.read(note));
    expect(blocks.length).toBeGreaterThan(0);
    for (const b of blocks) {
      expect(b.data.state).toBe('failed');
      expect(b.data.error).toMatch(/^not run: another Reeve run changed this vault since this run opened it; nothing was done/);
    }
    expect(await tv.read('Inbox/a.md')).toBe('a\n');
  });
});
