// Sections are kept packed and unpacked on first read; every way of reading metadata must still
// see them as a plain array of the same objects.
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';

const NOTE = '---\ntags: [a]\n---\n# Title\n\nA paragraph ^para\n\n- item\n- item ^item\n\n```js\ncode\n```\n';

describe('packed sections', () => {
  it('reads the same through property access, spread, JSON and structured cloning', () => {
    const direct = parseMarkdown(NOTE).sections;
    expect(direct.map((s) => s.type)).toEqual(['yaml', 'heading', 'paragraph', 'list', 'code']);
    expect(direct[0]?.position).toEqual({ start: { line: 0, col: 0, offset: 0 }, end: { line: 2, col: 3, offset: 17 } });
    expect(direct[2]).toEqual({ type: 'paragraph', id: 'para', position: { start: { line: 5, col: 0, offset: 27 }, end: { line: 5, col: 17, offset: 44 } } });
    expect({ ...parseMarkdown(NOTE) }.sections).toEqual(direct);
    expect((JSON.parse(JSON.stringify(parseMarkdown(NOTE))) as { sections: unknown }).sections).toEqual(direct);
    expect(structuredClone(parseMarkdown(NOTE)).sections).toEqual(direct);
    expect(Object.keys(parseMarkdown(NOTE))).toContain('sections');
  });

  it('unpacks once, and takes a new value like a plain property', () => {
    const meta = parseMarkdown(NOTE);
    expect(meta.sections).toBe(meta.sections);
    meta.sections = [];
    expect(meta.sections).toEqual([]);
    const other = parseMarkdown(NOTE);
    other.sections = [{ type: 'paragraph', position: { start: { line: 0, col: 0, offset: 0 }, end: { line: 0, col: 1, offset: 1 } } }];
    expect(other.sections).toHaveLength(1);
  });
});
