// Links as real vaults write them (found by comparing `links --json` with an independent resolver
// on five public vaults): spaces around a wikilink's path, which Obsidian trims, and display math
// opened by `$$` in the middle of a line. Each link resolves, and a rename rewrites it.
import { rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let tv: TempVault | undefined;
let rulesFile: string | undefined;
afterEach(async () => {
  await tv?.cleanup();
  if (rulesFile) await rm(rulesFile, { force: true });
});

interface Links {
  resolved: { source: string; target: string; count: number }[];
  unresolved: { source: string; link: string }[];
}

async function renameNameToOther(dir: string): Promise<void> {
  rulesFile = path.join(dir, '..', `${path.basename(dir)}-rules.json`);
  await writeFile(rulesFile, JSON.stringify({ rules: [{ name: 'Rename', if: 'file.name == "Name"', thenRenameTo: 'Other' }] }));
  expect((await runReeve(['organize', dir, '--rules', rulesFile, '--sources', 'rules', '--apply'])).code).toBe(0);
}

describe('links as real vaults write them', () => {
  it('[[Name ]] with spaces around the path resolves, and a rename rewrites it', async () => {
    tv = await makeTempVault({ 'A.md': 'See [[Name ]], [[ Name|alias]] and ![[Name ]].\n', 'Name.md': 'hi\n' });
    const links = JSON.parse((await runReeve(['links', tv.dir, '--json'])).stdout) as Links;
    expect(links).toEqual({ resolved: [{ source: 'A.md', target: 'Name.md', count: 3 }], unresolved: [] });
    await renameNameToOther(tv.dir);
    expect(await tv.read('A.md')).toBe('See [[Other]], [[Other|alias]] and ![[Other]].\n');
  });

  it('$$ opening display math in the middle of a line closes on a later line, and the links after it count', async () => {
    tv = await makeTempVault({ 'M.md': 'Intro $$ a = [[Hidden]]\nc $$ then [[Name]].\n\nMore [[Name]].\n', 'Name.md': 'hi\n', 'Hidden.md': '' });
    const links = JSON.parse((await runReeve(['links', tv.dir, '--json'])).stdout) as Links;
    expect(links).toEqual({ resolved: [{ source: 'M.md', target: 'Name.md', count: 2 }], unresolved: [] });
    await renameNameToOther(tv.dir);
    expect(await tv.read('M.md')).toBe('Intro $$ a = [[Hidden]]\nc $$ then [[Other]].\n\nMore [[Other]].\n');
  });
});
