// Duplicates in organize plans: which copy is kept and why, that the last copy is never trashed
// nor a copy a note links to (property test), and on real files that trash is proposed only when
// allowed, runs through the journal and is undone byte for byte.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseKept, type CopyInfo, duplicateTrash } from '../../../src/agents/organize/duplicate-trash';
import { organizeFolder } from '../../../src/agents/organize/organize-run';
import { undoJob } from '../../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { removeVault, snapshot, tempVault, type TempVault } from '../../edits/helpers/temp-vault';

const info = (table: Record<string, Partial<CopyInfo>>) => (p: string): CopyInfo => ({ linkedFrom: 0, ctime: 0, ...table[p] });

describe('choosing the copy to keep', () => {
  it('keeps the most linked copy, then a filed one, then one without a copy marker, then the oldest', () => {
    expect(chooseKept(['Inbox/a.pdf', 'Inbox/b.pdf'], info({ 'Inbox/b.pdf': { linkedFrom: 2 } }), 'Inbox')).toBe('Inbox/b.pdf');
    expect(chooseKept(['Inbox/a.pdf', 'Inbox/Docs/a.pdf'], info({}), 'Inbox')).toBe('Inbox/Docs/a.pdf');
    expect(chooseKept(['Inbox/q2 copy.pdf', 'Inbox/q2.pdf'], info({}), 'Inbox')).toBe('Inbox/q2.pdf');
    expect(chooseKept(['Inbox/r 1.pdf', 'Inbox/r.pdf'], info({}), 'Inbox')).toBe('Inbox/r.pdf');
    expect(chooseKept(['Inbox/x.pdf', 'Inbox/y.pdf'], info({ 'Inbox/x.pdf': { ctime: 5 }, 'Inbox/y.pdf': { ctime: 1 } }), 'Inbox')).toBe('Inbox/y.pdf');
  });

  it('names the kept copy and why in each trash reason; a linked copy is listed, not trashed', () => {
    const [d] = duplicateTrash([['Inbox/a.pdf', 'Inbox/a copy.pdf', 'Inbox/b.pdf']], info({ 'Inbox/a.pdf': { linkedFrom: 3 }, 'Inbox/b.pdf': { linkedFrom: 1 } }), 'Inbox');
    expect(d?.keep).toBe('Inbox/a.pdf');
    expect(d?.trash.map((t) => t.path)).toEqual(['Inbox/a copy.pdf']);
    expect(d?.trash[0]?.reason).toBe('same content as Inbox/a.pdf (same size and SHA-256), which is kept: linked from 3 notes, the most; no note links to this copy');
    expect(d?.linked).toEqual([{ path: 'Inbox/b.pdf', linkedFrom: 1 }]);
  });

  it('never trashes the last copy, the kept one, or a copy a note links to', () => {
    const copy = fc.record({ folder: fc.constantFrom('Inbox', 'Inbox/Docs', 'Inbox/Old'), name: fc.constantFrom('a', 'a copy', 'a 1', 'b', 'c (2)'), linkedFrom: fc.nat(3), ctime: fc.nat(5) });
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(copy, { minLength: 2, maxLength: 5, selector: (c) => `${c.folder}/${c.name}` }), { minLength: 1, maxLength: 4 }), fc.func(fc.boolean()), (groups, skip) => {
        const table: Record<string, CopyInfo> = {};
        const paths = groups.map((g, i) => g.map((c) => `${c.folder}/${c.name} g${i}.pdf`));
        groups.forEach((g, i) => g.forEach((c) => void (table[`${c.folder}/${c.name} g${i}.pdf`] = { linkedFrom: c.linkedFrom, ctime: c.ctime })));
        const decisions = duplicateTrash(paths, info(table), 'Inbox', (p) => skip(p));
        decisions.forEach((d, i) => {
          const group = paths[i] ?? [];
          const trashed = d.trash.map((t) => t.path);
          expect(trashed.length).toBeLessThan(group.length);
          expect(trashed).not.toContain(d.keep);
          expect(group).toContain(d.keep);
          for (const p of trashed) expect(table[p]?.linkedFrom).toBe(0);
          expect(Math.max(...group.map((p) => table[p]?.linkedFrom ?? 0))).toBe(table[d.keep]?.linkedFrom);
          for (const t of d.trash) expect(t.reason).toContain(`same content as ${d.keep}`);
        });
      }),
    );
  });
});

describe('duplicate trash in a real plan', () => {
  let v: TempVault | undefined;
  afterEach(async () => {
    if (v) await removeVault(v);
    v = undefined;
  });

  const files = {
    'Inbox/q2-slides.pdf': 'the same slides',
    'Inbox/q2-slides copy.pdf': 'the same slides',
    'Inbox/Old slides.pdf': 'the same slides',
    'Inbox/Planning.md': 'See ![[Old slides.pdf]]\n',
    'Inbox/x.png': 'one image',
  };

  it('proposes nothing for the trash unless trash is allowed', async () => {
    v = await tempVault(files);
    const outcome = await organizeFolder(v.port, { folder: 'Inbox', sources: new Set(['heuristics']), planFolder: 'Plans', planId: 'p1', dryRun: true });
    expect(outcome.plan.operations.filter((op) => op.type === 'trash')).toEqual([]);
    expect(outcome.plan.duplicates).toEqual([['Inbox/Old slides.pdf', 'Inbox/q2-slides copy.pdf', 'Inbox/q2-slides.pdf']]);
  });

  it('trashes the unlinked extra copy at high risk, keeps the linked one, and undo brings it back', async () => {
    v = await tempVault(files);
    const before = await snapshot(v.dir);
    const outcome = await organizeFolder(v.port, { folder: 'Inbox', sources: new Set(['heuristics']), allowTrash: true, planFolder: 'Plans', planId: 'p2', apply: true });
    const trash = outcome.plan.operations.filter((op) => op.type === 'trash');
    // Old slides.pdf is embedded by a note: it is the copy kept; q2-slides.pdf has no copy marker
    // but no link either, so both unlinked copies go.
    expect(trash.map((op) => [op.type === 'trash' ? op.path : '', op.risk])).toEqual([
      ['Inbox/q2-slides copy.pdf', 'high'],
      ['Inbox/q2-slides.pdf', 'high'],
    ]);
    expect(trash[0]?.reason).toContain('which is kept: linked from 1 note, the most');
    // The trashed copies are not also moved.
    expect(outcome.plan.operations.some((op) => op.type === 'move' && op.source.startsWith('Inbox/q2-slides'))).toBe(false);
    expect(outcome.run?.results.filter((r) => r.state === 'failed')).toEqual([]);
    const after = await NodeVault.open(v.dir);
    const left = (await after.list()).filter((e) => e.kind === 'file' && e.path.endsWith('.pdf')).map((e) => e.path);
    expect(left).toEqual(['Inbox/Attachments/PDFs/Old slides.pdf']);
    expect(await after.read('Inbox/Planning.md')).toContain('Old slides.pdf');
    const note = await after.read(outcome.note ?? '');
    expect(note).toContain('"type":"trash"');
    await undoJob(after, outcome.run?.job?.job);
    const restored = await snapshot(v.dir);
    expect(Object.fromEntries(Object.entries(restored).filter(([p]) => !p.startsWith('Plans')))).toEqual(before);
  });
});
