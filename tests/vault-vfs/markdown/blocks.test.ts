import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';

describe('block ids', () => {
  it('reads an id at the end of a paragraph, with the paragraph position', () => {
    const meta = parseMarkdown('first line\nlast line ^para-1\n\nnext');
    expect(meta.blocks).toEqual({
      'para-1': { id: 'para-1', position: { start: { line: 0, col: 0, offset: 0 }, end: { line: 1, col: 17, offset: 28 } } },
    });
    expect(meta.sections[0]?.id).toBe('para-1');
  });

  it('reads ids on list items, each with its own item', () => {
    const meta = parseMarkdown('- one ^a1\n- two\n  continued ^b2\n- three');
    expect(Object.keys(meta.blocks)).toEqual(['a1', 'b2']);
    expect(meta.blocks.a1?.position.start.line).toBe(0);
    expect(meta.blocks.a1?.position.end.line).toBe(0);
    expect(meta.blocks.b2?.position.start.line).toBe(1);
    expect(meta.blocks.b2?.position.end.line).toBe(2);
  });

  it('gives an id alone on a line to the block before it, which absorbs it as Obsidian does', () => {
    const meta = parseMarkdown('| a |\n| - |\n| 1 |\n\n^table-id\n\n> quote\n\n^q\n\n- x\n- y\n\n^the-list\n\nafter');
    expect(meta.blocks['table-id']?.position).toEqual(meta.sections[0]?.position);
    expect(meta.sections.map((s) => [s.type, s.id])).toEqual([
      ['table', 'table-id'],
      ['blockquote', 'q'],
      ['list', 'the-list'],
      ['paragraph', undefined],
    ]);
    expect(meta.blocks.q?.position.start.line).toBe(6);
    expect(meta.blocks['the-list']?.position).toEqual({ start: { line: 10, col: 0, offset: 43 }, end: { line: 11, col: 3, offset: 50 } });
  });

  it('keys ids in lower case, keeps the spelling, and keeps the first of duplicates', () => {
    const meta = parseMarkdown('a ^MyId\n\nb ^myid');
    expect(meta.blocks).toEqual({ myid: { id: 'MyId', position: meta.sections[0]?.position } });
  });

  it('needs letters, digits or dashes after a space, at the very end', () => {
    expect(parseMarkdown('a^nospace\n\nb ^under_score\n\nc ^ok more\n\nd ^x!').blocks).toEqual({});
  });

  it('ignores ids in code and comments', () => {
    expect(parseMarkdown('```\nx ^code\n```\n\n%% y ^comment %%\n\n`z ^inline`').blocks).toEqual({});
  });
});
