// docs/cli.md says which commands write (issue 11, item 19): every command its "never" line names
// leaves every file outside Reeve's own folder byte for byte as it was (config folder and
// pending blocks included), and whatever it keeps (caches, an index) is inside that folder. The
// list is read from docs/cli.md itself, so a command added there is checked too.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/registry';
import { editBlockText } from '../../src/edits/pending/block-format';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

const cliDoc = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'docs', 'cli.md'), 'utf8');
const section = /## Which commands write to the vault\n+([\s\S]*?)\n\n/.exec(cliDoc)?.[1] ?? '';
const neverLine = /- \*\*never\*\*:([\s\S]*?)(?=\n- |\n*$)/.exec(section)?.[1] ?? '';
const neverCommands = [...new Set([...neverLine.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string))].filter((c) => commands.some((k) => c.split(' ')[0] === k.name));
const REEVE_FOLDER = '.obsidian/plugins/reeve/';

let vault: TempVault | null = null;
afterEach(async () => {
  await vault?.cleanup();
  vault = null;
});

/** Arguments that make each named command do its read on a small vault. */
function argsFor(command: string, dir: string, rules: string): string[] {
  const [name = '', sub] = command.split(' ');
  switch (name) {
    case 'rules':
      return sub === 'check' ? ['rules', 'check', 'file.ext == "md"'] : ['rules', 'match', dir, 'file.content.contains("apple")'];
    case 'search':
      return ['search', dir, 'apples'];
    case 'related':
      return ['related', dir, 'Notes/alpha.md'];
    case 'links':
      return ['links', dir];
    case 'pending':
      return ['pending', dir, 'list'];
    case 'organize':
      return ['organize', dir, '--folder', 'Inbox', '--rules', rules, '--sources', 'rules', '--dry-run'];
    default:
      throw new Error(`docs/cli.md names "${command}" as never writing; give it arguments here`);
  }
}

describe('commands docs/cli.md says never write', () => {
  it('are read from docs/cli.md', () => {
    expect(neverCommands).toEqual(expect.arrayContaining(['rules match', 'search', 'links', 'organize --dry-run']));
  });

  it.each(neverCommands)('%s leaves everything outside Reeve’s own folder as it was', async (command) => {
    const block = editBlockText({ id: 'e1', type: 'replace', before: 'old', after: 'new' }, '\n');
    const v = await makeTempVault({
      'Notes/alpha.md': 'apples and [[beta]]\n',
      'Notes/beta.md': `bananas\n${block}\n`,
      'Inbox/loose.md': 'loose apple\n',
      '.obsidian/app.json': '{"alwaysUpdateLinks":true}',
      'rules.json': JSON.stringify({ rules: [{ name: 'All', if: 'file.ext == "md"', thenMoveTo: 'Sorted' }] }),
    });
    vault = v;
    const outside = async (): Promise<Map<string, string>> => new Map([...(await v.snapshot({ includeConfig: true }))].filter(([p]) => !p.startsWith(REEVE_FOLDER)));
    const before = await outside();
    const r = await runReeve(argsFor(command, v.dir, `${v.dir}/rules.json`));
    expect(r.code, r.stderr).toBe(0);
    const after = await outside();
    // The folders leading to Reeve's own folder may appear; nothing else may.
    after.delete('.obsidian/plugins/');
    expect(after).toEqual(before);
  });
});
