// Only top-level fences are pending blocks (issue 11, item 8): a block shown as an example inside
// a ``` or ~~~ fence, in indented code or in a quote is text. markdown-it, a CommonMark parser, is
// the oracle: the blocks found are exactly its top-level backtick fences named ai-edit or ai-op.
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { editBlockText, opBlockText } from '../../../src/edits/pending/block-format';
import { findBlocks } from '../../../src/edits/pending/find-blocks';

const md = new MarkdownIt();

/** Start lines (0-based) of the fences CommonMark sees as top-level pending blocks. */
function oracleBlocks(text: string): number[] {
  const lines = text.split('\n');
  return md
    .parse(text, {})
    .filter((t) => t.type === 'fence' && t.level === 0 && t.markup.startsWith('`') && ['ai-edit', 'ai-op'].includes(t.info.trim()))
    .map((t) => (t.map as [number, number])[0])
    .filter((l) => (lines[l] ?? '').startsWith('`'));
}

const editBlock = fc.record({ id: fc.constantFrom('e1', 'e2', 'e3'), before: fc.constantFrom('', 'old ``` text', 'a\nb'), after: fc.constantFrom('new', '~~~\nx') }).map((d) => editBlockText({ ...d, type: 'replace' }, '\n'));
const opBlock = fc.constantFrom('o1', 'o2').map((id) => opBlockText({ id, job: 'j1', type: 'trash', path: 'Inbox/a.md', risk: 'high' }, '\n'));
const block = fc.oneof(editBlock, opBlock);
// No list items: the scanner follows fences, not list containers (a fence indented under a list
// item is the one place it and CommonMark may differ).
const para = fc.constantFrom('Some text.', 'Text with ``` inside.', '# Heading', '', '   ~~~ not quite', 'A ~~~ line');

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((l) => prefix + l)
    .join('\n');
}

const segment: fc.Arbitrary<string> = fc.letrec<{ seg: string }>((tie) => ({
  seg: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    para,
    block,
    block.map((b) => `\n${indent(b, '    ')}\n`),
    block.map((b) => indent(b, '> ')),
    fc
      .tuple(fc.constantFrom('```', '````', '~~~', '~~~~', '  ```'), fc.constantFrom('', 'markdown', 'md'), fc.array(tie('seg'), { maxLength: 3 }), fc.boolean())
      .map(([fence, info, inner, closed]) => [fence + info, ...inner, ...(closed ? [fence.trim()] : [])].join('\n')),
  ),
})).seg;

const documentArb = fc.array(segment, { maxLength: 8 }).map((segs) => segs.join('\n'));

describe('only top-level fences are pending blocks', () => {
  it('finds exactly the blocks CommonMark sees at the top level', () => {
    fc.assert(
      fc.property(documentArb, (text) => {
        expect(findBlocks(text).map((b) => b.from)).toEqual(oracleBlocks(text));
      }),
      { numRuns: 600 },
    );
  });

  it('ignores a block shown as an example in a markdown or tilde fence, and finds the one after it', () => {
    const example = editBlockText({ id: 'e-example', type: 'replace', before: 'x', after: 'y' }, '\n');
    const real = editBlockText({ id: 'e-real', type: 'replace', before: 'a', after: 'b' }, '\n');
    for (const [open, close] of [
      ['````markdown', '````'],
      ['~~~', '~~~'],
      ['~~~markdown', '~~~~'],
    ] as const) {
      const text = `# Notes\n\n${open}\n${example}\n${close}\n\n${real}\n`;
      expect(findBlocks(text).map((b) => (b.state === 'damaged' ? null : b.data.id))).toEqual(['e-real']);
    }
    expect(findBlocks(`Para\n\n${indent(example, '    ')}\n`)).toEqual([]);
    expect(findBlocks(`~~~\n${example}\n`)).toEqual([]);
  });
});
