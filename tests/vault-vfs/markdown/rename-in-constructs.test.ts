// Link rewriting end to end on the constructs of issue 17, through the Node adapter on real temp
// files: a move rewrites every link outside code and HTML blocks and leaves code byte-identical.
// Each construct writes `{live}` where a link is read and `{code}` where it is code; the expected
// note is the same template with only the live places rewritten.

import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { makeTempVault } from '../../helpers/temp-vault';

/** A link to Target.md (and img.png), before and after `Target.md -> Moved/Elsewhere.md`, `img.png -> assets/pic.png`. */
const LINKS: [before: string, after: string][] = [
  ['[[Target]]', '[[Elsewhere]]'],
  ['[[Target#Part|alias]]', '[[Elsewhere#Part|alias]]'],
  ['![[img.png]]', '![[pic.png]]'],
  ['[text](Target.md)', '[text](Elsewhere.md)'],
  ['[text](<Target.md>)', '[text](<Elsewhere.md>)'],
  ['![alt](img.png)', '![alt](pic.png)'],
  ['[![alt](img.png)](Target.md)', '[![alt](pic.png)](Elsewhere.md)'],
  ['[![[img.png]]](Target.md)', '[![[pic.png]]](Elsewhere.md)'],
  ['[t](Target.md "a \\"quoted\\" title")', '[t](Elsewhere.md "a \\"quoted\\" title")'],
];

const CONSTRUCTS: Record<string, string> = {
  'fence on a list-marker line': '- ```\n  {code}\n  ```\n- {live}\n1. ```\n   {code}\n   ```\n{live}',
  'unclosed fence in a callout': '> [!note]\n> ```\n> {code}\n\n{live}\n# Heading {live}',
  'unclosed fence in a quote, lazy line': '> ```\n> {code}\n{live}',
  'indented code in a list item': '- foo\n\n\t\t{code}\n\n{live}',
  'indented code in a quote': '>     {code}\n> {live}',
  'html block div': '<div>\n{code}\n</div>\n\n{live}',
  'html block span': '<span>\n{code} text\n</span>\n\n{live}',
  'html block custom tag in a quote': '> <Warning>\n> {code}\n\n> {live}',
  'closing fence indented four spaces': '```\n{code}\n    ```\n{code}\n```\n{live}',
  'code span and comment': 'a `{code}` b {live} %% {code} %% <!-- {code} -->',
  'code span across lines': 'a `` {code}\n{code} `` {live}\n> b ` {code}\n> {code} ` {live}',
};

function fill(template: string, live: string, code: string): string {
  return template.replace(/\{live\}/g, live).replace(/\{code\}/g, code);
}

async function moveAndRead(notes: Record<string, string>): Promise<Record<string, string>> {
  const tv = await makeTempVault({ ...notes, 'Target.md': '# Target\n## Part\n', 'img.png': 'PNG' });
  try {
    const vault = await NodeVault.open(tv.dir, { newLinkFormat: 'shortest' });
    await vault.rename('Target.md', 'Moved/Elsewhere.md');
    await vault.rename('img.png', 'assets/pic.png');
    return Object.fromEntries(await Promise.all(Object.keys(notes).map(async (p) => [p, await tv.read(p)] as const)));
  } finally {
    await tv.cleanup();
  }
}

describe('a move rewrites links outside code and leaves code byte-identical (Node adapter)', () => {
  it.each(Object.entries(CONSTRUCTS))('%s', async (_name, template) => {
    const notes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    LINKS.forEach(([before, after], i) => {
      notes[`n${i}.md`] = fill(template, before, before);
      expected[`n${i}.md`] = fill(template, after, before);
    });
    expect(await moveAndRead(notes)).toEqual(expected);
  });

  it('rewrites an image and the link around it in one move (a folder move renames both)', async () => {
    const note = '[![alt](F/img.png)](F/Target.md) [![[img.png]]](F/Target.md)\n```\n[![alt](F/img.png)](F/Target.md)\n```\n';
    const tv = await makeTempVault({ 'note.md': note, 'F/Target.md': '# T\n', 'F/img.png': 'PNG' });
    try {
      // Shortest links: both the image and the link around it change in the same rewrite.
      const vault = await NodeVault.open(tv.dir, { newLinkFormat: 'shortest' });
      await vault.rename('F', 'G');
      expect(await tv.read('note.md')).toBe(
        '[![alt](img.png)](Target.md) [![[img.png]]](Target.md)\n```\n[![alt](F/img.png)](F/Target.md)\n```\n',
      );
    } finally {
      await tv.cleanup();
    }
  });

  it('holds for random sequences of the constructs in one note', async () => {
    const names = Object.keys(CONSTRUCTS);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...names), fc.nat({ max: LINKS.length - 1 })), { minLength: 1, maxLength: 6 }),
        async (parts) => {
          const pieces = parts.map(([name, l]) => {
            const [before, after] = LINKS[l] ?? ['', ''];
            const template = CONSTRUCTS[name] ?? '';
            return { text: fill(template, before, before), expected: fill(template, after, before) };
          });
          // Constructs are separated by a paragraph, so that none runs into the next.
          const join = (xs: string[]): string => xs.join('\n\nsep\n\n') + '\n';
          const out = await moveAndRead({ 'note.md': join(pieces.map((p) => p.text)) });
          expect(out['note.md']).toBe(join(pieces.map((p) => p.expected)));
        },
      ),
      { numRuns: 25, seed: 17 },
    );
  });
});
