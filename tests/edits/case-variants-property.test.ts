// Random sets of names that differ only in case (`a.md`, `A.md`, `aB.md`, ... side by side on a
// case-sensitive disk, some already in the destination folder, which may itself be spelled in
// another case), linked to each other in every style, organized by a rule that moves every note:
// the real planner's plan moves every note and never makes a new pair of names equal ignoring
// case; applying it keeps every link's target; undo gives back every byte. And crashes at every
// step of that job, resumed or rolled back, end exactly after or before it.
import fc from 'fast-check';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planOrganize } from '../../src/agents/organize/plan-organize';
import { parseRulesJson } from '../../src/dsl/rules';
import { executeJob } from '../../src/edits/journal/execute-job';
import { undoJob } from '../../src/edits/journal/recover-jobs';
import type { PlannedOperation } from '../../src/vault-vfs/operations';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { type Case, checkCrashRecoveryOf, prng, root } from './helpers/fault-cases';
import { faultSeed } from './helpers/fault-seed';
import { snapshot } from './helpers/temp-vault';

afterAll(async () => fs.rm(root, { recursive: true, force: true }));

const STEMS = ['a', 'A', 'b', 'B', 'ab', 'Ab', 'aB', 'AB'];
const SORTED = ['Sorted', 'sorted', 'SORTED'];
const RULES = parseRulesJson(JSON.stringify({ rules: [{ name: 'All notes', if: 'file.ext == "md"', thenMoveTo: 'Sorted' }] }));
let counter = 0;

/** A vault of case variants in Inbox, some already filed, with links in every style a rename rewrites. */
function caseVault(seed: number): Record<string, string> {
  const rnd = prng(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const inbox = STEMS.filter(() => rnd() < 0.5);
  if (inbox.length < 2) inbox.push(...STEMS.filter((s) => !inbox.includes(s)).slice(0, 2 - inbox.length));
  const sorted = pick(SORTED);
  const filed = STEMS.filter(() => rnd() < 0.2);
  const paths = [...inbox.map((s) => `Inbox/${s}.md`), ...filed.map((s) => `Inbox/${sorted}/${s}.md`)];
  const link = (from: string, to: string): string => {
    const stem = to.slice(to.lastIndexOf('/') + 1, -3);
    const rel = from.startsWith('Notes/') ? `../${to}` : to.slice('Inbox/'.length);
    return pick([`[[${stem}]]`, `[[${to.slice(0, -3)}]]`, `[[${stem}|the ${stem}]]`, `[${stem}](${rel.replace(/ /g, '%20')})`, `![[${to}]]`]);
  };
  const files: Record<string, string> = {};
  for (const p of [...paths, 'Notes/hub.md']) {
    const targets = paths.filter((q) => q !== p && rnd() < 0.4);
    files[p] = `# ${p}\n${targets.map((q) => link(p, q)).join(' ')}\n`;
  }
  return files;
}

async function write(files: Record<string, string>): Promise<string> {
  const dir = path.join(root, `case${counter++}`);
  for (const [p, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, p)), { recursive: true });
    await fs.writeFile(path.join(dir, p), text);
  }
  return dir;
}

/** Groups of paths equal ignoring case that `after` has and `before` did not. */
function newCasePairs(before: Iterable<string>, after: Iterable<string>): string[][] {
  const groups = (paths: Iterable<string>): Map<string, string[]> => {
    const out = new Map<string, string[]>();
    for (const p of paths) out.set(p.toLowerCase(), [...(out.get(p.toLowerCase()) ?? []), p]);
    return out;
  };
  const old = groups(before);
  return [...groups(after)].filter(([k, g]) => g.length > 1 && (old.get(k)?.length ?? 0) < g.length).map(([, g]) => g);
}

async function planFor(dir: string): Promise<PlannedOperation[]> {
  const plan = await planOrganize(await NodeVault.open(dir), { folder: 'Inbox', rules: RULES, sources: new Set(['rules']), planId: 'p' });
  expect(plan.conflicts.filter((c) => c.kind !== 'collision'), JSON.stringify(plan.conflicts)).toEqual([]);
  return plan.operations;
}

describe('names that differ only in case, random sets', () => {
  it('are planned without new case pairs, applied with every link kept, and undone byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), async (seed) => {
        const files = caseVault(seed);
        const dir = await write(files);
        const before = await snapshot(dir);
        const ops = await planFor(dir);
        const moved = new Map(ops.flatMap((o) => (o.type === 'move' || o.type === 'rename' ? [[o.source, o.destination] as const] : [])));
        // Every note directly in Inbox moves; those already filed stay.
        expect([...moved.keys()].sort()).toEqual(Object.keys(files).filter((p) => /^Inbox\/[^/]+$/.test(p)).sort());
        const port = await NodeVault.open(dir);
        const linksBefore = port.resolvedLinks();
        const report = await executeJob(port, { description: `seed ${seed}`, operations: ops });
        expect(report.failure, `seed ${seed}`).toBeNull();
        const after = await snapshot(dir);
        expect(newCasePairs(Object.keys(before), Object.keys(after)), `seed ${seed}`).toEqual([]);
        const now = (p: string): string => moved.get(p) ?? p;
        const expected = Object.fromEntries(Object.entries(linksBefore).map(([s, t]) => [now(s), Object.fromEntries(Object.entries(t).map(([p, n]) => [now(p), n]))]));
        expect((await NodeVault.open(dir)).resolvedLinks(), `seed ${seed}`).toEqual(expected);
        const undo = await undoJob(await NodeVault.open(dir));
        expect(undo.state).toBe('reverted');
        expect(undo.notes).toEqual([]);
        expect(await snapshot(dir), `seed ${seed}`).toEqual(before);
      }),
      { numRuns: Number(process.env.REEVE_FAULT_RUNS ?? 25), ...faultSeed() },
    );
  }, 120_000);

  for (const mode of ['resume', 'rollback'] as const) {
    it(`end exactly ${mode === 'resume' ? 'after' : 'before'} the job when it crashes at any step and is ${mode === 'resume' ? 'resumed' : 'rolled back'}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), async (seed) => {
          const files = caseVault(seed);
          const c: Case = { files, ops: await planFor(await write(files)) };
          await checkCrashRecoveryOf(c, seed, mode);
        }),
        { numRuns: Number(process.env.REEVE_FAULT_RUNS ?? 4), ...faultSeed() },
      );
    }, 180_000);
  }
});
