// reeve organize on the bundled example vault: plan, apply through the journal, links intact,
// undo back to the same bytes; and the refusals around it.
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

async function exampleVault(): Promise<TempVault> {
  tv = await makeTempVault();
  await cp(example, tv.dir, { recursive: true });
  return tv;
}

const notReeve = (snap: Map<string, string>): Map<string, string> => new Map([...snap].filter(([k]) => !k.startsWith('Reeve') && !k.startsWith('.obsidian/plugins')));

describe('reeve organize', () => {
  it('plans without touching the folder, writing only the plan note', async () => {
    const v = await exampleVault();
    const before = notReeve(await v.snapshot());
    const r = await runReeve(['organize', v.dir, '--folder', 'Inbox', '--rules', rules, '--json']);
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout) as { planId: string; operations: { type: string; rule: string; risk: string }[]; note: string; unchanged: number };
    expect(plan.operations.length).toBeGreaterThan(20);
    expect(plan.operations.filter((o) => o.type === 'create_folder').every((o) => o.risk === 'low')).toBe(true);
    expect(plan.operations.filter((o) => o.rule === 'Books' && o.type === 'move')).toHaveLength(3);
    expect(plan.note).toMatch(/^Reeve\/Plans\/Organize Inbox \d{4}-\d{2}-\d{2} .+\.md$/);
    expect(notReeve(await v.snapshot())).toEqual(before);
    const note = await v.read(plan.note);
    expect(note.match(/```ai-op\n/g)).toHaveLength(plan.operations.length);
  });

  it('applies, keeps every link, and undoes to the same bytes', async () => {
    const v = await exampleVault();
    const before = notReeve(await v.snapshot());
    const linksBefore = JSON.parse((await runReeve(['links', v.dir, '--json'])).stdout) as { resolved: unknown[]; unresolved: unknown[] };
    const r = await runReeve(['organize', v.dir, '--folder', 'Inbox', '--rules', rules, '--apply']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`undo with: reeve undo ${v.dir} --job `);
    expect(r.stdout).toMatch(/applied: \d+ operations done; undo with: reeve undo \S+ --job \S+/);
    const linksAfter = JSON.parse((await runReeve(['links', v.dir, '--json'])).stdout) as { resolved: { source: string }[]; unresolved: unknown[] };
    expect(linksAfter.resolved.filter((l) => !l.source.startsWith('Reeve/'))).toHaveLength(linksBefore.resolved.length);
    expect(linksAfter.unresolved).toEqual(linksBefore.unresolved);
    expect(await v.read('Inbox/People/Ana Costa.md')).toContain('[[2024-03-06 Meeting with Ana]]');
    const again = await runReeve(['organize', v.dir, '--folder', 'Inbox', '--rules', rules, '--json']);
    expect((JSON.parse(again.stdout) as { operations: unknown[] }).operations).toEqual([]);
    const undo = await runReeve(['undo', v.dir]);
    expect(undo.code).toBe(0);
    expect(notReeve(await v.snapshot())).toEqual(before);
  });

  it('refuses bad input with exit 2 and a clear message', async () => {
    const v = await exampleVault();
    expect((await runReeve(['organize', v.dir, '--folder', 'Nope'])).stderr).toContain('--folder Nope: no such folder in the vault');
    expect((await runReeve(['organize', v.dir, '--folder', '../x'])).code).toBe(2);
    expect((await runReeve(['organize', v.dir, '--sources', 'rules'])).stderr).toContain('no --rules FILE');
    expect((await runReeve(['organize', v.dir, '--sources', 'magic'])).stderr).toContain('unknown source "magic"');
    await v.write('bad-rules.json', '{"rules": [{"name": "x", "if": "file.size > \\"big\\"", "thenMoveTo": "A"}]}');
    const bad = await runReeve(['organize', v.dir, '--rules', path.join(v.dir, 'bad-rules.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad-rules\.json: .*file\.size/);
  });
});
