// The masking pass marks the frontmatter's lines instead of masking them: a note with frontmatter
// and nothing else to hide needs no masked copy of its text (the cold open parses every note, and
// nearly every note has frontmatter), and nothing in the frontmatter counts as body syntax.
import { describe, expect, it } from 'vitest';
import { maskExcludedRegions } from '../../../src/vault-vfs/markdown/code-regions';
import { findFrontmatter } from '../../../src/vault-vfs/markdown/frontmatter';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import { Region } from '../../../src/vault-vfs/markdown/region-kind';
import { TextLines } from '../../../src/vault-vfs/markdown/text-lines';

function mask(text: string) {
  const lines = new TextLines(text);
  const fm = findFrontmatter(text, lines);
  return maskExcludedRegions(text, lines, fm ? fm.endLine + 1 : 0);
}

describe('the frontmatter in the masking pass', () => {
  const note = '---\ntags: [a, b]\n# comment [[x]] #t\n---\n# Title\nSee [[y]] and #z.\n';

  it('is not copied: a note with frontmatter and no code keeps its text as the masked text', () => {
    expect(mask(note).masked).toBe(note);
  });

  it('marks its lines as frontmatter and hidden', () => {
    const m = mask(note);
    expect([...m.lineKind.slice(0, 4)]).toEqual([Region.yaml, Region.yaml, Region.yaml, Region.yaml]);
    expect([...m.hidden.slice(0, 4)]).toEqual([1, 1, 1, 1]);
    expect(m.lineKind[4]).toBe(Region.none);
    expect(m.hidden[4]).toBe(0);
  });

  it('holds no body syntax: its `#` line, wikilink and tag are not the note’s', () => {
    const meta = parseMarkdown(note);
    expect(meta.headings.map((h) => h.heading)).toEqual(['Title']);
    expect(meta.links.map((l) => l.link)).toEqual(['y']);
    expect(meta.tags.map((t) => t.tag)).toEqual(['#z']);
    expect(meta.sections[0]?.type).toBe('yaml');
  });

  it('still masks the body: code after frontmatter is NUL in the masked text', () => {
    const text = '---\na: 1\n---\n`[[no]]` [[yes]]\n';
    const m = mask(text);
    expect(m.masked.slice(0, 13)).toBe(text.slice(0, 13));
    expect(m.masked.slice(13, 21)).toBe('\0'.repeat(8));
    expect(parseMarkdown(text).links.map((l) => l.link)).toEqual(['yes']);
  });
});
