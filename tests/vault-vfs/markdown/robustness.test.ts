import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import type { Loc, NoteMetadata } from '../../../src/vault-vfs/metadata-types';

const TOKENS = [
  '[[', ']]', '![[', '[', ']', '(', ')', '<', '>', '|', '\\|', '#', '#tag', '^id', ' ^blk', '`', '```', '~~~', '%%', '<!--', '-->',
  '$', '$$', '\\', '\n', '\n\n', '\r\n', '    ', '\t', '- ', '1. ', '> ', '> [!note] ', '---', '===', '# ', '## ', '| a |', '|---|',
  'word', 'Note', 'a b', 'é', '😀', '.md', 'http://x', ':', '"', "'", '*', '_',
];

/** Every reported position must point at what it claims, in UTF-16 units; returns what does not. */
function positionErrors(text: string, meta: NoteMetadata): string[] {
  const errors: string[] = [];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const checkLoc = (what: string, loc: Loc): void => {
    if (loc.offset < 0 || loc.offset > text.length || lineStarts[loc.line] !== loc.offset - loc.col) errors.push(`${what}: ${JSON.stringify(loc)}`);
  };
  for (const ref of [...meta.links, ...meta.embeds]) {
    checkLoc(ref.original, ref.position.start);
    checkLoc(ref.original, ref.position.end);
    if (text.slice(ref.position.start.offset, ref.position.end.offset) !== ref.original) errors.push(`link text ${ref.original}`);
  }
  for (const tag of meta.tags) {
    if (text.slice(tag.position.start.offset, tag.position.end.offset) !== tag.tag) errors.push(`tag ${tag.tag}`);
  }
  let previousEnd = -1;
  for (const section of meta.sections) {
    checkLoc(section.type, section.position.start);
    checkLoc(section.type, section.position.end);
    if (section.position.start.offset <= previousEnd) errors.push(`section ${section.type} overlaps the one before`);
    if (section.position.end.offset < section.position.start.offset) errors.push(`section ${section.type} ends before it starts`);
    previousEnd = section.position.end.offset;
  }
  for (const h of meta.headings) checkLoc(h.heading, h.position.start);
  return errors;
}

describe('parser robustness', () => {
  it('never throws and reports consistent positions on random markdown-like text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        expect(positionErrors(text, parseMarkdown(text))).toEqual([]);
      }),
      { numRuns: 1500, seed: 20240131 },
    );
  });

  it('never throws on arbitrary UTF-16 text, lone surrogates included', () => {
    const codeUnits = fc.array(fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0, max: 0xffff })), { maxLength: 200 });
    fc.assert(
      fc.property(codeUnits.map((units) => String.fromCharCode(...units)), (text) => {
        expect(positionErrors(text, parseMarkdown(text))).toEqual([]);
      }),
      { numRuns: 1000, seed: 7 },
    );
  });

  it('gets through large pathological notes (a quadratic pass would time the test out)', () => {
    const size = 100_000;
    for (const unit of ['[[x ', '[a](', '![', '`a ', '$5 ', '%', '<!', '[', ']', '#x ', '\\', '```\n', '- [[a]]\n', '> ', '| a |\n',
      '<a b="c" ', '[![', '[a [b](c) ', '- ', '> - ', '1. ```\n', '\t\tx', '<div>\n', '<!--> ', 'a <?', 'a <x:', 'a <!X', 'a <![CDATA[', '<a b="', '](<', 'x `` y\n', 'x ` y `` z\n']) {
      const text = unit.repeat(Math.ceil(size / unit.length));
      const meta = parseMarkdown(text);
      expect(meta.sections.length).toBeGreaterThan(0);
    }
    // Backtick runs of every length, none closed: each looks ahead over the whole paragraph once.
    let runs = '';
    for (let n = 1; runs.length < size; n++) runs += `a ${'`'.repeat(n)} x\n`;
    expect(parseMarkdown(`${runs}[[end]]`).links.map((l) => l.link)).toEqual(['end']);
    // Deeply nested containers, then many blank lines each of which walks the open containers.
    const deep = `${'- '.repeat(20_000)}x\n${'\n'.repeat(size)}${'> '.repeat(20_000)}[[deep]]\n${'>\n'.repeat(size / 2)}`;
    expect(parseMarkdown(deep).links.map((l) => l.link)).toEqual(['deep']);
    const oneLongLine = 'x'.repeat(size) + '[[end]]';
    expect(parseMarkdown(oneLongLine).links.map((l) => l.link)).toEqual(['end']);
  });
});
