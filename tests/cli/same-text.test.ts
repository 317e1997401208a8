// Text that looks different but means the same: a note that starts with a byte order mark, and a
// note with CRLF line endings, are read, matched, searched and edited as the same note with LF and
// no mark would be, and every write keeps the mark first and the note's own line endings. Through
// the CLI a user runs, on real files.
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

const BOM = '\uFEFF';
const notReeve = (snap: Map<string, string>): Map<string, string> => new Map([...snap].filter(([k]) => !k.startsWith('Reeve') && !k.startsWith('.obsidian/plugins')));

async function withRules(dir: string, rules: unknown[]): Promise<string> {
  const file = path.join(dir, '..', `${path.basename(dir)}-rules.json`);
  rulesFile = file;
  await writeFile(file, JSON.stringify({ rules }));
  return file;
}

describe('a byte order mark before the frontmatter', () => {
  it('is frontmatter to rules, search and links, and a rule edit keeps the mark first and one block', async () => {
    tv = await makeTempVault({
      'Alice.md': `${BOM}---\ntype: person\ntags: [a]\n---\n# Alice\nSee [[Carol]].\n`,
      'Carol.md': '---\ntype: person\n---\n# Carol\n',
    });
    const before = notReeve(await tv.snapshot());
    const matched = await runReeve(['rules', 'match', tv.dir, 'file.frontmatter.type == "person" AND file.tags.contains("a")']);
    expect(matched.stdout).toBe('Alice.md\n');

    // The closing `---` is a fence, not a setext underline: Alice has the headings Carol has.
    const found = await runReeve(['search', tv.dir, 'person', '--json']);
    const why = JSON.parse(found.stdout) as { path: string; why: unknown }[];
    expect(why.find((r) => r.path === 'Alice.md')?.why).toEqual(why.find((r) => r.path === 'Carol.md')?.why);

    const rules = await withRules(tv.dir, [{ name: 'People', if: 'file.frontmatter.type == "person"', thenAddTags: ['who'], thenSetProperties: { kind: 'x' } }]);
    const applied = await runReeve(['organize', tv.dir, '--rules', rules, '--sources', 'rules', '--apply']);
    expect(applied.code).toBe(0);
    expect(await tv.read('Alice.md')).toBe(`${BOM}---\ntype: person\ntags:\n  - a\n  - who\nkind: x\n---\n# Alice\nSee [[Carol]].\n`);

    expect((await runReeve(['undo', tv.dir])).code).toBe(0);
    expect(notReeve(await tv.snapshot())).toEqual(before);
  });
});

describe('a note with CRLF line endings', () => {
  it('has values without the carriage return, and a rule edit writes its block with CRLF', async () => {
    tv = await makeTempVault({ 'Bob.md': '---\r\ntype: person\r\naliases: [Robert]\r\n---\r\n# Bob\r\nbody\r\n', 'Dan.md': '# Dan\r\n' });
    const before = notReeve(await tv.snapshot());
    const matched = await runReeve(['rules', 'match', tv.dir, 'file.frontmatter.type == "person"']);
    expect(matched.stdout).toBe('Bob.md\n');

    const rules = await withRules(tv.dir, [{ name: 'All', if: 'file.ext == "md"', thenSetProperties: { kind: 'x' } }]);
    expect((await runReeve(['organize', tv.dir, '--rules', rules, '--sources', 'rules', '--apply'])).code).toBe(0);
    expect(await tv.read('Bob.md')).toBe('---\r\ntype: person\r\naliases:\r\n  - Robert\r\nkind: x\r\n---\r\n# Bob\r\nbody\r\n');
    // A note without frontmatter gets its new block in its own line endings too.
    expect(await tv.read('Dan.md')).toBe('---\r\nkind: x\r\n---\r\n# Dan\r\n');

    expect((await runReeve(['undo', tv.dir])).code).toBe(0);
    expect(notReeve(await tv.snapshot())).toEqual(before);
  });
});
