// Chunking: heading sections with their heading path, frontmatter left out, long sections split
// at blank lines under the cap, short notes whole; for any generated note, chunks stay under the
// cap, keep their order and line ranges, and together hold every word of the note's body.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import { chunkNote, chunkText, contentHash } from '../../../src/search/semantic/chunker';

const chunks = (text: string, maxTokens = 512) => chunkNote(text, parseMarkdown(text), { maxTokens, shortNoteTokens: 10 });

describe('chunkNote', () => {
  it('chunks by heading section with the heading path, without frontmatter', () => {
    const text = '---\ntitle: secret\n---\nIntro words here, enough of them to matter.\n# A\nText under A, long enough.\n## B\nText under B, long enough.\n# C\nText under C, long enough.\n';
    expect(chunks(text).map((c) => [c.heading, c.from, c.to, c.body])).toEqual([
      ['', 3, 3, 'Intro words here, enough of them to matter.'],
      ['A', 5, 5, 'Text under A, long enough.'],
      ['A > B', 7, 7, 'Text under B, long enough.'],
      ['C', 9, 10, 'Text under C, long enough.'],
    ]);
    expect(chunkText('Note', { heading: 'A > B', body: 'x' })).toBe('Note\nA > B\n\nx');
    expect(chunkNote('# Tiny\nshort', parseMarkdown('# Tiny\nshort'))).toMatchObject([{ heading: '', body: '# Tiny\nshort' }]);
    expect(chunkNote('---\na: 1\n---\n', parseMarkdown('---\na: 1\n---\n'))).toEqual([]);
  });

  it('splits long sections at blank lines under the cap; hashes ignore the title', () => {
    const para = (n: number) => `paragraph ${n} ${'word '.repeat(30)}`;
    const text = `# Long\n${[0, 1, 2, 3, 4, 5].map(para).join('\n\n')}\n`;
    const out = chunks(text, 60);
    expect(out.length).toBeGreaterThan(2);
    for (const c of out) {
      expect(c.body.length).toBeLessThanOrEqual(240);
      expect(c.body.startsWith('paragraph')).toBe(true);
    }
    expect(contentHash('a')).not.toBe(contentHash('b'));
  });

  it('keeps every word, in order, under the cap (property)', () => {
    const line = fc.oneof(
      fc.constant(''),
      fc.tuple(fc.integer({ min: 1, max: 3 }), fc.stringMatching(/^[a-z]{1,8}$/)).map(([l, w]) => `${'#'.repeat(l)} ${w}`),
      fc.array(fc.stringMatching(/^[a-z]{1,12}$/), { minLength: 1, maxLength: 40 }).map((ws) => ws.join(' ')),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), fc.integer({ min: 20, max: 200 }), (lines, cap) => {
        const text = lines.join('\n');
        const meta = parseMarkdown(text);
        const out = chunkNote(text, meta, { maxTokens: cap, shortNoteTokens: 0 });
        const words = (s: string) => s.match(/[a-z]+/g) ?? [];
        const headingWords = new Set(meta.headings.map((h) => h.position.start.line));
        const bodyWords = text.split('\n').flatMap((l, i) => (headingWords.has(i) ? [] : words(l)));
        expect(out.flatMap((c) => words(c.body))).toEqual(bodyWords);
        for (const c of out) expect(c.body.length).toBeLessThanOrEqual(cap * 4);
        for (let i = 1; i < out.length; i++) expect((out[i] as { from: number }).from).toBeGreaterThanOrEqual((out[i - 1] as { from: number }).from);
      }),
      { numRuns: 200 },
    );
  });
});
