// A plan that would exceed the operation limit is not refused whole (issue 26): the most certain
// operations are planned up to the limit, each with the folders it needs, the plan says how many
// were left and why, and a second run after applying plans the rest.
import { afterEach, describe, expect, it } from 'vitest';
import { organizeFolder } from '../../../src/agents/organize/organize-run';
import { certaintyOf, cutToLimit } from '../../../src/agents/organize/plan-limit-cut';
import type { PlannedOperation } from '../../../src/vault-vfs/operations';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';

let tv: TempVault | undefined;
afterEach(async () => tv?.cleanup());

const opts = (planId: string, apply: boolean) => ({ folder: 'Inbox', sources: new Set(['heuristics'] as const), planFolder: 'Reeve/Plans', planId, planLimit: 4, ...(apply ? { apply: true } : {}) });

describe('a plan over the operation limit', () => {
  it('plans the most certain operations up to the limit, says how many were left and why, and a second run plans the rest', async () => {
    const files = { 'Inbox/2024-03-02.md': 'a', 'Inbox/2024-03-03.md': 'b', 'Inbox/2024-04-01.md': 'c', 'Inbox/Ana.md': '#person', 'Inbox/Ben.md': '#person', 'Inbox/Cy.md': '#person', 'Inbox/x.md': 'x' };
    tv = await makeTempVault(files);
    const first = await organizeFolder(await NodeVault.open(tv.dir), opts('lim1', true));
    // Dated names (0.9) before a shared tag (0.6): Daily, Daily/2024 and two daily notes fill the four places.
    expect(first.plan.operations.map((op) => (op.type === 'create_folder' ? op.path : op.type === 'move' ? op.source : op.type))).toEqual(['Inbox/Daily', 'Inbox/Daily/2024', 'Inbox/2024-03-02.md', 'Inbox/2024-03-03.md']);
    const limit = first.plan.conflicts.find((c) => c.kind === 'limit');
    expect(limit?.detail).toMatch(/^4 more operations left for a later run: a plan holds at most 4 operations, so the most certain were planned first/u);
    expect(first.plan.description).toMatch(/4 more operations left for a later run\.$/u);
    expect(first.run?.results.every((r) => r.state === 'done')).toBe(true);
    const second = await organizeFolder(await NodeVault.open(tv.dir), opts('lim2', true));
    // The last daily note first (its folder exists now), then Person with two of the three people.
    expect(second.plan.operations.map((op) => (op.type === 'create_folder' ? op.path : op.type === 'move' ? op.source : op.type))).toEqual(['Inbox/Person', 'Inbox/2024-04-01.md', 'Inbox/Ana.md', 'Inbox/Ben.md']);
    expect(second.plan.conflicts.find((c) => c.kind === 'limit')?.detail).toMatch(/^1 more operation left for a later run/u);
    const third = await organizeFolder(await NodeVault.open(tv.dir), opts('lim3', true));
    expect(third.plan.conflicts.some((c) => c.kind === 'limit')).toBe(false);
    const fourth = await organizeFolder(await NodeVault.open(tv.dir), opts('lim4', false));
    expect(fourth.plan.operations).toEqual([]);
    const after = await tv.snapshot();
    for (const name of Object.keys(files)) expect([...after.keys()].some((p) => p.endsWith('/' + name.slice(6)))).toBe(true);
  });

  it('takes a move only with the folders it needs, never a folder alone', () => {
    const ops: PlannedOperation[] = [
      { opId: '', type: 'create_folder', path: 'A' },
      { opId: '', type: 'create_folder', path: 'A/B' },
      { opId: '', type: 'move', source: 'x.md', destination: 'A/B/x.md', rule: 'shared tag' },
      { opId: '', type: 'move', source: 'y.md', destination: 'Old/y.md', rule: 'dated name' },
    ];
    const cut = cutToLimit(ops, (op) => certaintyOf(op, 'heuristics'), 2);
    expect(cut.kept.map((op) => (op.type === 'move' ? op.source : op.type))).toEqual(['y.md']);
    expect(cut.left.map((op) => (op.type === 'move' ? op.source : ''))).toEqual(['x.md']);
    expect(cutToLimit(ops, () => 1, 4).kept).toHaveLength(4);
  });
});
