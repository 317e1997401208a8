// reeve organize shows the tree before and after its plan (text and --json), takes the
// similarity thresholds and --allow-trash as flags, and refuses a threshold outside 0..1.
import { cp } from 'node:fs/promises';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

const example = path.resolve(import.meta.dirname, '..', '..', 'examples', 'messy-vault');
const rules = path.resolve(import.meta.dirname, '..', '..', 'examples', 'messy-vault.rules.json');
let tv: TempVault | undefined;
afterEach(async () => {
  await tv?.cleanup();
});

interface Summary {
  cohesion: number;
  folders: number;
  maxDepth: number;
  maxWidth: number;
}

describe('reeve organize metrics', () => {
  it('prints cohesion, depth, width and collisions before and after, and the plan raises cohesion', async () => {
    tv = await makeTempVault();
    await cp(example, tv.dir, { recursive: true });
    const json = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--rules', rules, '--json', '--dry-run']);
    expect(json.code).toBe(0);
    const plan = JSON.parse(json.stdout) as { metrics: { before: Summary; after: Summary; collisions: number; worse: boolean } };
    expect(plan.metrics.after.cohesion).toBeGreaterThan(plan.metrics.before.cohesion);
    expect(plan.metrics.worse).toBe(false);
    expect(plan.metrics.before.maxWidth).toBeGreaterThan(plan.metrics.after.maxWidth);
    expect(plan.metrics.after.maxDepth).toBeGreaterThan(plan.metrics.before.maxDepth);
    const text = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--rules', rules, '--dry-run']);
    expect(text.stdout).toMatch(/^before -> after: cohesion \d\.\d\d -> \d\.\d\d, depth \d+ -> \d+, width \d+ -> \d+, folders with files \d+ -> \d+, \d+ collisions?$/m);
  });

  it('proposes trash for duplicates only with --allow-trash', async () => {
    // Loose at the root: a copy inside a folder the plan moves whole is never trashed.
    tv = await makeTempVault({ 'report.pdf': 'same', 'report copy.pdf': 'same', 'Notes/a.md': 'a' });
    const without = JSON.parse((await runReeve(['organize', tv.dir, '--json', '--dry-run'])).stdout) as { operations: { type: string; path: string | null; risk: string }[] };
    expect(without.operations.filter((op) => op.type === 'trash')).toEqual([]);
    const withTrash = JSON.parse((await runReeve(['organize', tv.dir, '--allow-trash', '--json', '--dry-run'])).stdout) as typeof without;
    expect(withTrash.operations.filter((op) => op.type === 'trash').map((op) => [op.path, op.risk])).toEqual([['report copy.pdf', 'high']]);
  });

  it('refuses a threshold outside 0..1 with exit 2', async () => {
    tv = await makeTempVault({ 'a.md': 'x' });
    for (const flag of ['--folder-cohesion', '--destination-score', '--split-cohesion']) {
      const r = await runReeve(['organize', tv.dir, flag, '1.5', '--dry-run']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${flag} 1.5: use a number from 0 to 1`);
    }
    expect((await runReeve(['organize', tv.dir, '--destination-score', '0.9', '--dry-run'])).code).toBe(0);
  });
});
