// The similarity pass on real files, end to end: a loose note is filed and a mixed holding folder
// (`Misc`) is split, each with its numbers in the plan note, while a cohesive folder of the owner's
// (`Baking`) stays where its owner put it (issue 26); applied through the journal, a second
// organize proposes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { organizeFolder } from '../../../../src/agents/organize/organize-run';
import { opBlocks } from '../../../../src/edits/pending/plan-note';
import { NodeVault } from '../../../../src/vault-vfs/node/node-vault';
import { removeVault, tempVault, type TempVault } from '../../../edits/helpers/temp-vault';

const FILES = {
  'Kitchen/Bread/Sourdough.md': 'sourdough bread flour starter bake\n',
  'Kitchen/Bread/Rolls.md': 'bread rolls flour bake oven\n',
  'Kitchen/Travel/Lisbon.md': 'lisbon tram city trip\n',
  'Kitchen/Travel/Porto.md': 'porto city trip wine\n',
  'Kitchen/Baking/Bread loaf.md': 'bread flour bake loaf\n',
  'Kitchen/Baking/Bread buns.md': 'bread flour bake buns\n',
  'Kitchen/Misc/Spelt bread.md': 'spelt bread flour bake\n',
  'Kitchen/Misc/Tax return.md': 'tax money form\n',
  'Kitchen/Misc/Guitar chords.md': 'guitar music chord\n',
  'Kitchen/Rye bread.md': 'rye bread flour bake\n',
};

let v: TempVault | undefined;
afterEach(async () => {
  if (v) await removeVault(v);
  v = undefined;
});

const plan = async (port: NodeVault, apply: boolean): Promise<Awaited<ReturnType<typeof organizeFolder>>> =>
  organizeFolder(port, { folder: 'Kitchen', sources: new Set(['heuristics']), planFolder: 'Plans', planId: `p${String(apply)}`, ...(apply ? { apply: true } : { dryRun: true }) });

describe('similarity scores in a real plan', () => {
  it("files and splits with their numbers in the note, leaves the owner's folder, then proposes nothing", async () => {
    v = await tempVault(FILES);
    const first = await plan(v.port, true);
    const moves = first.plan.operations.flatMap((op) => (op.type === 'move' ? [`${op.source} -> ${op.destination}`] : []));
    expect(moves.sort()).toEqual(['Kitchen/Misc/Spelt bread.md -> Kitchen/Bread/Spelt bread.md', 'Kitchen/Rye bread.md -> Kitchen/Bread/Rye bread.md']);
    expect(first.run?.results.filter((r) => r.state === 'failed')).toEqual([]);
    const note = await v.port.read(first.note ?? '');
    const reasons = opBlocks(note).flatMap((b) => (b.data.type === 'move' ? [b.data.reason ?? ''] : []));
    expect(reasons).toHaveLength(2);
    for (const r of reasons) expect(r).toMatch(/scores 0\.\d\d \(at least 0\.80; name \d\.\d\d, content \d\.\d\d, type \d\.\d\d, path \d\.\d\d\)/);
    // In the owner's terms first (issue 26): the folder of theirs it joins, and how full it is.
    for (const r of reasons) expect(r).toMatch(/^joins your Kitchen\/Bread \(\d+ files there\): /u);
    expect(note).toMatch(/\*\*Before -> after\*\*: cohesion \d\.\d\d -> \d\.\d\d/);
    expect(first.plan.quality?.worse).toBe(false);
    const again = await plan(await NodeVault.open(v.dir), false);
    expect(again.plan.operations).toEqual([]);
  });
});
