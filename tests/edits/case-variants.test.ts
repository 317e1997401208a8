// Names that differ only in case (`Inbox/Case.md` beside `Inbox/case.md`): a case-sensitive disk
// holds both, Obsidian takes them for one name. Through the CLI on real files: the plan moves both
// (never saying one "does not exist"), apply and undo give back every byte, and a plan never puts a
// file beside a name that differs from its own only in case: it says so and picks a free name.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let tv: TempVault | undefined;
afterEach(async () => {
  // The rules file sits beside the vault, in the temp folder.
  if (tv) await fs.rm(`${tv.dir}.rules.json`, { force: true });
  await tv?.cleanup();
  tv = undefined;
});

const userFiles = (snap: Map<string, string>): Map<string, string> => new Map([...snap].filter(([k]) => !k.startsWith('Reeve')));

interface PlanJson {
  operations: { type: string; source?: string; destination?: string; path?: string }[];
  conflicts: { kind: string; paths: string[]; detail: string }[];
}

async function rulesFile(dir: string, rule: object): Promise<string> {
  const file = path.join(path.dirname(dir), `${path.basename(dir)}.rules.json`);
  await fs.writeFile(file, JSON.stringify({ rules: [rule] }));
  return file;
}

/** No two paths of the vault on disk are equal ignoring case, except pairs that were there before. */
function newCasePairs(before: Iterable<string>, after: Iterable<string>): string[][] {
  const pairsOf = (paths: Iterable<string>): Map<string, string[]> => {
    const groups = new Map<string, string[]>();
    for (const p of paths) groups.set(p.toLowerCase(), [...(groups.get(p.toLowerCase()) ?? []), p]);
    return new Map([...groups].filter(([, g]) => g.length > 1));
  };
  const old = pairsOf(before);
  return [...pairsOf(after)].filter(([k, g]) => (old.get(k)?.length ?? 0) < g.length).map(([, g]) => g);
}

describe('names that differ only in case, on a case-sensitive disk', () => {
  it('are both planned, applied and undone byte for byte through the CLI', async () => {
    tv = await makeTempVault({
      'Inbox/Case.md': '# Upper\nsee [[Other]] and [[Inbox/case]]\n',
      'Inbox/case.md': '# lower\n',
      'Inbox/Other.md': 'back to [[Case]]\n',
      'Notes/n.md': 'links: [[Inbox/Case]], [[Other]], [x](../Inbox/case.md)\n',
    });
    const before = userFiles(await tv.snapshot());
    const rules = await rulesFile(tv.dir, { name: 'All', if: 'file.ext == "md"', thenMoveTo: 'Sorted' });
    const plan = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--rules', rules, '--sources', 'rules', '--json']);
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as PlanJson;
    const moves = json.operations.filter((o) => o.type === 'move');
    expect(moves.map((o) => o.source).sort()).toEqual(['Inbox/Case.md', 'Inbox/Other.md', 'Inbox/case.md']);
    expect(json.conflicts.filter((c) => c.kind !== 'collision')).toEqual([]);
    // One of the pair keeps its name; the other may not sit beside it differing only in case.
    const dests = moves.map((o) => o.destination ?? '');
    expect(new Set(dests.map((d) => d.toLowerCase())).size).toBe(dests.length);
    expect(json.conflicts).toEqual([expect.objectContaining({ kind: 'collision', detail: expect.stringMatching(/differs only in case from Inbox\/Sorted\/Case\.md/) as unknown })]);

    const applied = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--rules', rules, '--sources', 'rules', '--apply']);
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const afterApply = await tv.snapshot();
    expect(afterApply.has('Inbox/Sorted/Case.md') && afterApply.has('Inbox/Sorted/case 1.md')).toBe(true);
    expect(newCasePairs(before.keys(), afterApply.keys())).toEqual([]);
    // Every link still leads where it led.
    const links = JSON.parse((await runReeve(['links', tv.dir, '--json'])).stdout) as { unresolved: unknown[] };
    expect(links.unresolved).toEqual([]);

    const undo = await runReeve(['undo', tv.dir]);
    expect(undo.code, undo.stderr + undo.stdout).toBe(0);
    expect(userFiles(await tv.snapshot())).toEqual(before);
  });

  it('refuses, in the plan and with the reason, a destination that differs only in case from a file already there', async () => {
    tv = await makeTempVault({ 'Inbox/Case.md': 'upper\n', 'Inbox/case.md': 'lower\n', 'Sorted/CASE.md': 'already sorted\n' });
    const before = userFiles(await tv.snapshot());
    const rules = await rulesFile(tv.dir, { name: 'Inbox out', if: 'file.folder == "Inbox"', thenMoveTo: 'Sorted' });
    const plan = await runReeve(['organize', tv.dir, '--rules', rules, '--sources', 'rules', '--json']);
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as PlanJson;
    expect(json.conflicts.map((c) => c.kind)).toEqual(['collision', 'collision']);
    for (const c of json.conflicts) expect(c.detail).toMatch(/^Sorted\/[Cc]ase\.md differs only in case from Sorted\/CASE\.md, which Obsidian takes for the same name; Inbox\/[Cc]ase\.md goes to Sorted\/[Cc]ase \d\.md instead/);
    const applied = await runReeve(['organize', tv.dir, '--rules', rules, '--sources', 'rules', '--apply']);
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const after = await tv.snapshot();
    expect(newCasePairs(before.keys(), after.keys())).toEqual([]);
    expect(after.get('Sorted/CASE.md')).toBe(before.get('Sorted/CASE.md'));
    expect((await runReeve(['undo', tv.dir])).code).toBe(0);
    expect(userFiles(await tv.snapshot())).toEqual(before);
  });
});
