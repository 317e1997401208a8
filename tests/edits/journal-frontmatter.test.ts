// The journal's frontmatter step on real files: tags and properties change after the note's move,
// on the path the move gave it; undo restores the vault byte for byte for any mix of moves,
// renames and frontmatter edits; a note whose YAML broke since the plan is refused cleanly.
import fc from 'fast-check';
import { promises as fs } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { undoJob, UndoRefusedError } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { makeCase, root } from './helpers/fault-cases';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

afterAll(async () => fs.rm(root, { recursive: true, force: true }));
let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

const NOTE = '---\ntags: [x]\nstatus: a\n---\n# Note\r\nbody [[other]]\n';

describe('frontmatter edits through the journal', () => {
  it('run after the move of their note, on its new path, and undo gives back every byte', async () => {
    vault = await tempVault({ 'Inbox/n.md': NOTE, 'Inbox/other.md': 'links to [[n]]\n' });
    const before = await snapshot(vault.dir);
    const report = await executeJob(vault.port, {
      description: 'move and tag',
      operations: [
        { opId: 'e1', type: 'add_tags', path: 'Inbox/n.md', before: ['x'], after: ['x', 'meeting'] },
        { opId: 'e2', type: 'set_properties', path: 'Inbox/n.md', before: { status: 'a', filed: null }, after: { status: 'b', filed: '2024-01-02' } },
        { opId: 'm1', type: 'move', source: 'Inbox/n.md', destination: 'Done/n.md' },
        { opId: 'm2', type: 'rename', source: 'Done/n.md', destination: 'Done/m.md' },
      ],
    });
    expect(report.failure).toBeNull();
    expect(await vault.port.read('Done/m.md')).toBe('---\ntags:\n  - x\n  - meeting\nstatus: b\nfiled: 2024-01-02\n---\n# Note\r\nbody [[other]]\n');
    await undoJob(await NodeVault.open(vault.dir));
    expect(await snapshot(vault.dir)).toEqual(before);
  });

  it('refuse a note whose frontmatter is no longer valid YAML, and the job changes nothing', async () => {
    vault = await tempVault({ 'a.md': '---\ntags: [x\n---\nbody\n', 'b.md': NOTE });
    const before = await snapshot(vault.dir);
    const report = await executeJob(vault.port, {
      description: 'tag',
      operations: [
        { opId: 'e1', type: 'add_tags', path: 'b.md', before: ['x'], after: ['x', 'y'] },
        { opId: 'e2', type: 'add_tags', path: 'a.md', before: [], after: ['y'] },
      ],
    });
    expect(report.state).toBe('reverted');
    expect(report.failure).toMatchObject({ opId: 'e2', reason: expect.stringMatching(/^a\.md: the frontmatter is not valid YAML/) as string });
    expect(await snapshot(vault.dir)).toEqual(before);
  });

  it('will not undo over a note edited after the job', async () => {
    vault = await tempVault({ 'b.md': NOTE });
    const report = await executeJob(vault.port, { description: 'tag', operations: [{ opId: 'e1', type: 'remove_tags', path: 'b.md', before: ['x'], after: [] }] });
    expect(await vault.port.read('b.md')).toBe('---\nstatus: a\n---\n# Note\r\nbody [[other]]\n');
    await vault.port.process('b.md', (t) => `${t}more\n`);
    await expect(undoJob(vault.port, report.job)).rejects.toThrow(UndoRefusedError);
    expect(await vault.port.read('b.md')).toBe('---\nstatus: a\n---\n# Note\r\nbody [[other]]\nmore\n');
  });

  it('apply then undo of any mix of folders, moves, renames, trash and tag and property edits restores the vault byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 4 }), async (seed, batchSize) => {
        const c = makeCase(seed, { frontmatter: true });
        const v = await tempVault(c.files);
        try {
          const before = await snapshot(v.dir);
          const report = await executeJob(v.port, { description: `seed ${seed}`, operations: c.ops }, { batchSize });
          expect(report.failure).toBeNull();
          await undoJob(await NodeVault.open(v.dir), report.job);
          expect(await snapshot(v.dir), `seed ${seed}`).toEqual(before);
        } finally {
          await removeVault(v);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
