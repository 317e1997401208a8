// A rules file that cannot be read or does not parse is refused by `organize` and `rules match`
// alike with exit 2 and one line naming the file and what is wrong, without the command's usage
// (which said nothing about the file and pushed the one useful line off the screen).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let tv: TempVault;
let dir: string;
beforeAll(async () => {
  tv = await makeTempVault({ 'Inbox/a.md': 'a\n' });
  dir = await mkdtemp(path.join(tmpdir(), 'reeve-rules-'));
});
afterAll(async () => {
  await tv.cleanup();
  await rm(dir, { recursive: true, force: true });
});

const commands = (file: string): [string, string[]][] => [
  ['organize', ['organize', tv.dir, '--folder', 'Inbox', '--rules', file, '--dry-run']],
  ['rules match', ['rules', 'match', tv.dir, '--rules', file]],
];

describe('a rules file the CLI cannot use', () => {
  const cases: [string, string | null, RegExp][] = [
    ['an unknown placeholder', JSON.stringify({ rules: [{ name: 'Tag', if: 'true', thenAddTags: ['area/{folder}'] }] }), /: rule 1 \("Tag"\): "thenAddTags" item 1 "area\/\{folder\}": unknown placeholder \{folder\}/],
    ['broken JSON', '{"rules": [', /rules\.json: /],
    ['a missing file', null, /cannot read rules file .*missing\.json: no such file$/],
  ];
  for (const [what, text, message] of cases) {
    it(`${what}: exit 2, one line naming the file, no usage`, async () => {
      const file = path.join(dir, text === null ? 'missing.json' : 'rules.json');
      if (text !== null) await writeFile(file, text);
      const before = await tv.snapshot();
      for (const [name, args] of commands(file)) {
        const r = await runReeve(args);
        expect(r.code, name).toBe(2);
        const lines = r.stderr.trimEnd().split('\n');
        expect(lines, name).toHaveLength(1);
        expect(lines[0], name).toMatch(/^error: /);
        expect(lines[0], name).toMatch(message);
        expect(lines[0], name).toContain(file);
      }
      expect(await tv.snapshot()).toEqual(before);
    });
  }

  it('a usage mistake still points to the usage', async () => {
    const r = await runReeve(['rules', 'match', tv.dir, 'true', '--rules', path.join(dir, 'x.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: give an expression or --rules FILE, not both\n(reeve rules --help shows how to use it)\n');
  });

  it('a rule moving out of --folder is refused naming --allow-outside, and shown with it', async () => {
    const file = path.join(dir, 'outside.json');
    await writeFile(file, JSON.stringify({ rules: [{ name: 'Out', if: 'true', thenMoveTo: '/Sorted' }] }));
    const without = await runReeve(['rules', 'match', tv.dir, '--rules', file, '--folder', 'Inbox']);
    expect(without.code).toBe(0);
    expect(without.stderr).toContain('starts at the vault root, outside Inbox; allow moves out of the folder to use it (--allow-outside');
    const withFlag = await runReeve(['rules', 'match', tv.dir, '--rules', file, '--folder', 'Inbox', '--allow-outside', '--json']);
    expect(withFlag.code).toBe(0);
    expect(JSON.parse(withFlag.stdout)).toEqual([expect.objectContaining({ path: 'Inbox/a.md', destination: 'Sorted/a.md' })]);
    expect((await runReeve(['rules', 'match', tv.dir, 'true', '--allow-outside'])).stderr).toMatch(/^error: --allow-outside goes with --rules FILE/);
  });
});
