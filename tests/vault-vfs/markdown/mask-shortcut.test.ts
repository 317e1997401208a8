// The masking pass skips a note whose body holds nothing an excluded region needs (code-regions.ts,
// MAY_EXCLUDE); its answer must be the full pass's, field for field: on the extractor's fixed note
// sets, and on notes of plain text with one construct of each kind put in (so that leaving any
// needed character out of the shortcut's list fails here).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MaskedText, maskEveryLine, maskExcludedRegions } from '../../../src/vault-vfs/markdown/code-regions';
import { findFrontmatter } from '../../../src/vault-vfs/markdown/frontmatter';
import { TextLines } from '../../../src/vault-vfs/markdown/text-lines';
import { helpVaultPresent, helpVaultSuite } from '../../helpers/help-vault';
import { type NoteSet, noteSet } from './extractor-answers/note-sets';

/** Every field as a string: a changed answer is told apart, and reported without a slow diff of arrays. */
function flat(m: MaskedText): string {
  return JSON.stringify([m.masked, m.lineKind.join(''), m.hidden.join(''), m.codeBlockLine.join('')]);
}

function expectSameMask(text: string): void {
  const lines = new TextLines(text);
  const fm = findFrontmatter(text, lines);
  const bodyStart = fm ? fm.endLine + 1 : 0;
  const full = flat(maskEveryLine(text, lines, bodyStart));
  if (flat(maskExcludedRegions(text, lines, bodyStart)) !== full) expect.fail(`the shortcut's answer differs for ${JSON.stringify(text.slice(0, 300))}`);
}

const PLAIN = ['Plain words, café résumé.', '# Heading', '- item [[Link]] #tag', '> quote', '1. first', '[md](Note%20A.md)', 'para ^id', '***', 'Setext', '===', '', '  two', '   three', '\\[[escaped]]', '| a | b |', '|---|---|'];
const CONSTRUCTS = ['`code [[x]]`', '```\n[[x]]\n```', '~~~\n[[x]]\n~~~', '%% [[x]] %%', '%%\n[[x]]\n%%', '$x [[y]]$', '$$\n[[x]]\n$$', '<div>\n[[x]]\n</div>', '<!-- [[x]] -->', '<span>[[x]]</span>', '<https://a.b/[[x]]>', '    indented [[x]]', '\tindented [[x]]', '  \tindented [[x]]', '- item\n\n      indented in item [[x]]', '> ```\n> [[x]]', '`unclosed\nand closed [[x]]`'];
const FRONTMATTER = ['', '---\ntags: [a]\n---\n', '---\nx: `not code`\ny: $5\n---\n', '---\nunclosed: true\n'];

describe('the masking pass with its shortcut', () => {
  it('answers as the full pass on plain notes with one construct of each kind put in', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FRONTMATTER),
        fc.array(fc.constantFrom(...PLAIN), { maxLength: 12 }),
        fc.option(fc.constantFrom(...CONSTRUCTS), { nil: undefined }),
        fc.nat(12),
        fc.constantFrom('\n', '\r\n'),
        (fm, parts, construct, at, eol) => {
          if (construct !== undefined) parts.splice(Math.min(at, parts.length), 0, construct);
          expectSameMask((fm + parts.join('\n')).replace(/\n/g, eol));
        },
      ),
      { numRuns: 300, seed: 20261128 },
    );
  });

  it('answers as the full pass for each construct alone', () => {
    for (const construct of CONSTRUCTS) for (const fm of FRONTMATTER) for (const sep of ['\n', '\n\n']) expectSameMask(`${fm}text${sep}${construct}${sep}more`);
  });

  for (const set of ['generated', 'random', 'spec'] as NoteSet[]) {
    it(`answers as the full pass on the ${set} note set`, () => {
      for (const [, text] of noteSet(set)) expectSameMask(text);
    });
  }
});

describe.skipIf(!helpVaultPresent)(helpVaultSuite('the masking shortcut on the Obsidian Help vault'), () => {
  it('answers as the full pass on every note', () => {
    for (const [, text] of noteSet('help')) expectSameMask(text);
  });
});
