// A run does not keep the texts its applied moves recorded (issue 29: a job of 1,000 moves at 10k
// notes held 10,568 note texts, about 500 MB, until it ended): the intent records on disk hold
// them, and a rollback in the same run reads them back from the journal file before it reverses
// anything. Here a job of moves whose notes link to each other fails on a late move (the disk
// refuses a rename), and the rollback must give back every byte, reading the journal to do so.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { VaultPathExistsError } from '../../src/vault-vfs/vault-port';
import { linkedNotes } from './helpers/linked-notes';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

const N = 10;
const names = Array.from({ length: N }, (_, i) => `n${i}`);

/** Notes in A/ linking to each other in several styles, and one that stays, linking to all. */
const notes = (): Record<string, string> => linkedNotes(names, (m) => `See [[A/${m}|${m}]], [[${m}#Top]] and [${m}](<${m}.md>).`, (m) => `- [[A/${m}.md]] ![[A/${m}]] [x](A/${m}.md)`);

describe('the note texts an applied move recorded', () => {
  // An unexpected error (the disk) and a clean refusal (the destination taken) take two paths to the rollback.
  const cases = [3, N].flatMap((failAt) => [
    { failAt, error: (): Error => new Error('the disk refused the rename') },
    { failAt, error: (): Error => new VaultPathExistsError('the disk refused the rename: B/taken.md') },
  ]);
  it.each(cases)('are read back from the journal by a rollback in the same run (failure at move $failAt), which gives back every byte', async ({ failAt, error }) => {
    vault = await tempVault(notes());
    const before = await snapshot(vault.dir);
    const port = vault.port;
    let renames = 0;
    const rename = port.rename.bind(port);
    port.rename = async (...args) => {
      // Only the moves going out fail; a rename back (the rollback) goes through.
      if (args[2]?.restore !== true && ++renames === failAt) throw error();
      await rename(...args);
    };
    const journalReads: string[] = [];
    const readBinary = port.state.readBinary.bind(port.state);
    port.state.readBinary = async (name) => {
      if (/^journal\/[^/]+\.jsonl$/.test(name)) journalReads.push(name);
      return readBinary(name);
    };
    const moves = names.map((n, i) => ({ opId: `o${i}`, type: 'move' as const, source: `A/${n}.md`, destination: `B/${n}.md` }));
    const report = await executeJob(port, { description: 'move all', operations: moves });
    expect(report.state).toBe('reverted');
    expect(report.failure?.reason).toMatch(/the disk refused the rename/);
    // The moves that ran had released their texts: the rollback read the job's journal for them.
    expect(journalReads.length).toBeGreaterThan(0);
    expect(await snapshot(vault.dir)).toEqual(before);
    // No job is left in the journal.
    expect(await fs.readdir(path.join(vault.dir, '.obsidian/plugins/reeve/journal')).then((f) => f.filter((x) => x.endsWith('.jsonl')))).toEqual([]);
  });
});
