import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';

describe('frontmatter', () => {
  it('parses YAML between --- lines and reports its position', () => {
    const meta = parseMarkdown('---\ntitle: Hello\ndate: 2024-01-31\nn: 3\n---\nbody');
    expect(meta.frontmatter).toEqual({ title: 'Hello', date: '2024-01-31', n: 3 });
    expect(meta.frontmatterError).toBeNull();
    expect(meta.frontmatterPosition).toEqual({ start: { line: 0, col: 0, offset: 0 }, end: { line: 4, col: 3, offset: 42 } });
    expect(meta.sections[0]).toEqual({ type: 'yaml', position: meta.frontmatterPosition });
  });

  it('reports invalid YAML with a line number and keeps parsing the note', () => {
    const meta = parseMarkdown('---\ntitle: ok\nbad: [unclosed\n---\n[[Link]] #tag');
    expect(meta.frontmatter).toBeNull();
    expect(meta.frontmatterError).toMatch(/^invalid YAML frontmatter at line [34], column \d+: \S/);
    expect(meta.frontmatterPosition?.end.line).toBe(3);
    expect(meta.links.map((l) => l.link)).toEqual(['Link']);
    expect(meta.tags.map((t) => t.tag)).toEqual(['#tag']);
  });

  it('reports duplicate keys and a frontmatter that is not a mapping', () => {
    expect(parseMarkdown('---\na: 1\na: 2\n---\n').frontmatterError).toMatch(/unique/);
    expect(parseMarkdown('---\n- a\n- b\n---\n').frontmatterError).toMatch(/mapping/);
  });

  it('gives an empty block no data and no error', () => {
    const meta = parseMarkdown('---\n---\ntext');
    expect(meta.frontmatter).toBeNull();
    expect(meta.frontmatterError).toBeNull();
    expect(meta.frontmatterPosition).not.toBeNull();
  });

  it('is not frontmatter without a closing line or when not on the first line', () => {
    expect(parseMarkdown('---\ntitle: x\nno end').frontmatterPosition).toBeNull();
    expect(parseMarkdown('\n---\na: 1\n---\n').frontmatter).toBeNull();
  });

  it('never throws, whatever the YAML', () => {
    for (const yaml of ['a: *nope', ': : :', '"unterminated', 'a:\n  - b\n c', '\t\tx: 1', '? [a]\n: b', 'a: !!binary x']) {
      expect(() => parseMarkdown(`---\n${yaml}\n---\nbody`)).not.toThrow();
    }
  });

  it('collects links in properties, with list keys as key.index', () => {
    const meta = parseMarkdown('---\nup: "[[Parent Note]]"\nrelated:\n  - "[[A|shown]]"\n  - plain text\n  - \'[[B#Sec]]\'\nnested:\n  k: "[[C]]"\nnot: "see [[D]]"\n---\n');
    expect(meta.frontmatterLinks).toEqual([
      { key: 'up', link: 'Parent Note', original: '[[Parent Note]]', displayText: 'Parent Note' },
      { key: 'related.0', link: 'A', original: '[[A|shown]]', displayText: 'shown' },
      { key: 'related.2', link: 'B#Sec', original: '[[B#Sec]]', displayText: 'B > Sec' },
      { key: 'nested.k', link: 'C', original: '[[C]]', displayText: 'C' },
    ]);
    expect(meta.links).toEqual([]);
  });
});
