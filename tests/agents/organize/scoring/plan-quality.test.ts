// The tree metrics of a plan (cohesion, depth, width, collisions) before and after, and the
// warning at the top of the plan note when a plan lowers cohesion.
import { describe, expect, it } from 'vitest';
import type { OrganizePlan } from '../../../../src/agents/organize/organize-plan';
import { organizePlanNote } from '../../../../src/agents/organize/organize-plan-note';
import { FeatureSource } from '../../../../src/agents/organize/scoring/file-features';
import { finalPaths, planQuality, qualityLine } from '../../../../src/agents/organize/scoring/plan-quality';
import type { PlannedOperation } from '../../../../src/vault-vfs/operations';
import { note } from '../../../dsl/records';

const move = (source: string, destination: string): PlannedOperation => ({ opId: '', type: 'move', source, destination });

describe('where files end up', () => {
  it('follows file moves, folder moves (with their subtree) and trash, in order', () => {
    const at = finalPaths(['A/x.md', 'A/B/y.md', 'C/z.md', 'C/w.md'], [move('A/B', 'D/B'), move('C/z.md', 'D/B/z.md'), { opId: '', type: 'trash', path: 'C/w.md' }]);
    expect([...at]).toEqual([
      ['A/x.md', 'A/x.md'],
      ['A/B/y.md', 'D/B/y.md'],
      ['C/z.md', 'D/B/z.md'],
    ]);
  });
});

describe('plan quality', () => {
  // Two bread notes and two travel notes mixed in two folders: 0.22 + ... before; sorted after.
  const records = [note('Mix1/Bread loaf.md', 'bread flour bake'), note('Mix1/Lisbon trip.md', 'lisbon tram trip'), note('Mix2/Bread buns.md', 'bread flour bake'), note('Mix2/Porto trip.md', 'porto wine trip')];
  const sorting = [move('Mix2/Bread buns.md', 'Mix1/Bread buns.md'), move('Mix1/Lisbon trip.md', 'Mix2/Lisbon trip.md')];

  it('measures cohesion up when like files are brought together, with depth, width and folders', async () => {
    const q = await planQuality({ folder: '', records, operations: sorting, conflicts: [{ kind: 'collision' }, { kind: 'refused' }], features: new FeatureSource() });
    // Before: each folder pairs a bread note with a trip note (share only their kind): 0.2 / 0.9.
    expect(q.before.cohesion).toBeCloseTo(0.2 / 0.9, 10);
    // After, Mix1: names {bread, loaf} / {bread, bun} (1/2), same text (1), same kind: (0.15 + 0.4 + 0.2) / 0.9;
    // Mix2: names {lisbon, trip} / {porto, trip} (1/2), texts share one word of three (1/3): (0.15 + 0.4/3 + 0.2) / 0.9.
    expect(q.after.cohesion).toBeCloseTo(((0.75 + 0.15 + 0.4 / 3 + 0.2) / 0.9) / 2, 10);
    expect(q.worse).toBe(false);
    expect(q.collisions).toBe(1);
    expect(q.before).toMatchObject({ folders: 2, maxDepth: 1, maxWidth: 2 });
    expect(qualityLine(q)).toBe(`cohesion 0.22 -> ${q.after.cohesion.toFixed(2)}, depth 1 -> 1, width 2 -> 2, folders with files 2 -> 2, 1 collision`);
  });

  it('says a plan that mixes sorted folders is worse, at the top of the plan note', async () => {
    const sorted = [note('Bread/Bread loaf.md', 'bread flour bake'), note('Bread/Bread buns.md', 'bread flour bake'), note('Trips/Lisbon trip.md', 'lisbon tram trip'), note('Trips/Porto trip.md', 'porto wine trip')];
    const q = await planQuality({ folder: '', records: sorted, operations: [move('Bread/Bread buns.md', 'Trips/Bread buns.md'), move('Trips/Porto trip.md', 'Bread/Porto trip.md')], conflicts: [], features: new FeatureSource() });
    expect(q.worse).toBe(true);
    const plan: OrganizePlan = { planId: 'p', targetFolder: '', description: '2 operations for the vault.', operations: [], conflicts: [], unchanged: 0, duplicates: [], undecided: [], quality: q };
    const text = organizePlanNote(plan, new Date('2024-03-02T10:00:00Z'));
    const body = text.split('\n').slice(text.split('\n').indexOf('# Organize the vault') + 2);
    expect(body[0]).toBe('> [!warning] This plan makes the tree less cohesive');
    expect(body[1]).toContain(`Cohesion goes from ${q.before.cohesion.toFixed(2)} to ${q.after.cohesion.toFixed(2)}`);
    expect(text).toContain(`**Before -> after**: ${qualityLine(q)}.`);
  });
});
