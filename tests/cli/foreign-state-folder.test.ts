// Reeve's state lives in `<configDir>/plugins/reeve/` and nowhere else. A vault may also hold
// `.obsidian/plugins/steward/`: the folder of another plugin with that id in the community
// directory (or of a development build from before the rename). Reeve never reads it as its own
// state, never writes into it and never deletes it: here it holds a real journal of a finished job
// and a lock, and every command behaves as though it were not there.
import { cp, readdir } from 'node:fs/promises';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

const example = path.resolve(import.meta.dirname, '..', '..', 'examples', 'messy-vault');
const rules = path.resolve(import.meta.dirname, '..', '..', 'examples', 'messy-vault.rules.json');
const made: TempVault[] = [];
afterEach(async () => {
  for (const v of made.splice(0)) await v.cleanup();
});

async function exampleVault(): Promise<TempVault> {
  const v = await makeTempVault();
  made.push(v);
  await cp(example, v.dir, { recursive: true });
  return v;
}

const underForeign = (snap: Map<string, string>): Map<string, string> => new Map([...snap].filter(([k]) => k.startsWith('.obsidian/plugins/steward/')));

describe('a folder of another plugin named steward', () => {
  it('is never read, written or removed by any command, and Reeve keeps its own state in plugins/reeve', async () => {
    // A finished job, applied in another vault: its journal would let `undo` run if it were read.
    const donor = await exampleVault();
    expect((await runReeve(['organize', donor.dir, '--folder', 'Inbox', '--rules', rules, '--apply'])).code).toBe(0);
    const v = await exampleVault();
    await cp(path.join(donor.dir, '.obsidian', 'plugins', 'reeve'), path.join(v.dir, '.obsidian', 'plugins', 'steward'), { recursive: true });
    await v.write('.obsidian/plugins/steward/data.json', JSON.stringify({ excludedFolders: ['Inbox'], planFolder: 'Steward/Plans' }));
    await v.write('.obsidian/plugins/steward/main.js', 'module.exports = class {};\n');
    const foreign = underForeign(await v.snapshot({ includeConfig: true }));
    expect([...foreign.keys()].some((k) => k.startsWith('.obsidian/plugins/steward/journal/'))).toBe(true);

    const undoNothing = await runReeve(['undo', v.dir]);
    expect(undoNothing.code).toBe(1);
    expect(undoNothing.stderr).toContain('there is no finished job to undo');
    expect((await runReeve(['pending', v.dir, 'list', '--json'])).code).toBe(0);
    expect((await runReeve(['search', v.dir, 'Ana', '--json'])).code).toBe(0);

    const plan = await runReeve(['organize', v.dir, '--folder', 'Inbox', '--rules', rules, '--json']);
    expect(plan.code).toBe(0);
    expect((JSON.parse(plan.stdout) as { note: string }).note).toMatch(/^Reeve\/Plans\//);
    const applied = await runReeve(['organize', v.dir, '--folder', 'Inbox', '--rules', rules, '--apply']);
    expect(applied.code).toBe(0);
    expect((await runReeve(['undo', v.dir])).code).toBe(0);
    expect((await runReeve(['recover', v.dir, '--rollback'])).stderr).not.toMatch(/steward/i);

    expect(underForeign(await v.snapshot({ includeConfig: true }))).toEqual(foreign);
    expect(await readdir(path.join(v.dir, '.obsidian', 'plugins'))).toEqual(['reeve', 'steward']);
    expect(await readdir(path.join(v.dir, '.obsidian', 'plugins', 'reeve'))).toContain('journal');
  });
});
