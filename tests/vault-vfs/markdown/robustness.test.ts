import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import type { Loc, NoteMetadata } from '../../../src/vault-vfs/metadata-types';

const TOKENS = [
  '[[', ']]', '![[', '[', ']', '(', ')', '<', '>', '|', '\\|', '#', '#tag', '^id', ' ^blk', '`', '```', '~~~', '%%', '<!--', '-->',
  '$', '$$', '\\', '\n', '\n\n', '\r\n', '    ', '\t', '- ', '1. ', '> ', '> [!note] ', '---', '===', '# ', '## ', '| a |', '|---|',
  'word', 'Note', 'a b', 'é', '😀', '.md', 'http://x', ':', '"', "'", '*', '_',
];

/** Checks that every reported position points at what it claims, in UTF-16 units. */
function checkPositions(text: string, meta: NoteMetadata): void {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const checkLoc = (loc: Loc): void => {
    expect(loc.offset).toBeGreaterThanOrEqual(0);
    expect(loc.offset).toBeLessThanOrEqual(text.length);
    expect(lineStarts[loc.line]).toBe(loc.offset - loc.col);
  };
  for (const ref of [...meta.links, ...meta.embeds]) {
    checkLoc(ref.position.start);
    checkLoc(ref.position.end);
    expect(text.slice(ref.position.start.offset, ref.position.end.offset)).toBe(ref.original);
  }
  for (const tag of meta.tags) expect(text.slice(tag.position.start.offset, tag.position.end.offset)).toBe(tag.tag);
  let previousEnd = -1;
  for (const section of meta.sections) {
    checkLoc(section.position.start);
    checkLoc(section.position.end);
    expect(section.position.start.offset).toBeGreaterThan(previousEnd);
    expect(section.position.end.offset).toBeGreaterThanOrEqual(section.position.start.offset);
    previousEnd = section.position.end.offset;
  }
  for (const h of meta.headings) checkLoc(h.position.start);
}

describe('parser robustness', () => {
  it('never throws and reports consistent positions on random markdown-like text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        checkPositions(text, parseMarkdown(text));
      }),
      { numRuns: 1500, seed: 20240131 },
    );
  });

  it('never throws on arbitrary unicode strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        checkPositions(text, parseMarkdown(text));
      }),
      { numRuns: 500, seed: 7 },
    );
  });

  it('gets through large pathological notes (a quadratic pass would time the test out)', () => {
    const size = 300_000;
    for (const unit of ['[[x ', '[a](', '![', '`a ', '$5 ', '%', '<!', '[', ']', '#x ', '\\', '```\n', '- [[a]]\n', '> ', '| a |\n']) {
      const text = unit.repeat(Math.ceil(size / unit.length));
      const meta = parseMarkdown(text);
      expect(meta.sections.length).toBeGreaterThan(0);
    }
    const oneLongLine = 'x'.repeat(size) + '[[end]]';
    expect(parseMarkdown(oneLongLine).links.map((l) => l.link)).toEqual(['end']);
  });
});
