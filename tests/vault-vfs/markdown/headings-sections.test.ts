import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';

const types = (text: string) => parseMarkdown(text).sections.map((s) => s.type);
const heads = (text: string) => parseMarkdown(text).headings.map((h) => [h.level, h.heading]);

describe('headings', () => {
  it('reads ATX headings of levels 1 to 6, without closing #s', () => {
    expect(heads('# One\n## Two ##\n### Three\n#### Four\n##### Five\n###### Six\n####### Seven')).toEqual([
      [1, 'One'],
      [2, 'Two'],
      [3, 'Three'],
      [4, 'Four'],
      [5, 'Five'],
      [6, 'Six'],
    ]);
  });

  it('needs a space after the marks, and keeps a # that is part of the text', () => {
    expect(heads('#NoSpace\n## C# language\n#')).toEqual([
      [2, 'C# language'],
      [1, ''],
    ]);
  });

  it('reads setext headings, one or several lines', () => {
    const meta = parseMarkdown('Title\n=====\n\nSub title\ncontinued\n---');
    expect(meta.headings.map((h) => [h.level, h.heading])).toEqual([
      [1, 'Title'],
      [2, 'Sub title continued'],
    ]);
    expect(meta.headings[1]?.position).toEqual({ start: { line: 3, col: 0, offset: 13 }, end: { line: 5, col: 3, offset: 36 } });
  });

  it('keeps heading positions on the whole line', () => {
    expect(parseMarkdown('text\n## Section').headings[0]?.position).toEqual({
      start: { line: 1, col: 0, offset: 5 },
      end: { line: 1, col: 10, offset: 15 },
    });
  });
});

describe('sections', () => {
  it('types every kind of block', () => {
    const text = [
      '---', 'a: 1', '---', // yaml
      '# H', // heading
      'para', 'graph', // paragraph
      '', '- a', '- b', '', '  more of b', '- c', // one list across blank lines
      '', '> quote', // blockquote
      '', '> [!tip] Title', '> body', // callout
      '', '| a | b |', '| - | - |', '| 1 | 2 |', // table
      '', '***', // thematic break
      '', '```', 'code', '```', // code
      '', '$$', 'x', '$$', // math
      '', '%%', 'hidden', '%%', // comment
      '', '<div>', 'x', '</div>', // html
      '', '[^1]: A footnote', // footnote definition
    ].join('\n');
    expect(types(text)).toEqual([
      'yaml', 'heading', 'paragraph', 'list', 'blockquote', 'callout', 'table', 'thematicBreak', 'code', 'math', 'comment', 'html', 'footnoteDefinition',
    ]);
  });

  it('ends sections at the end of their last line', () => {
    const meta = parseMarkdown('one\ntwo\n\n- x\n- yy\n');
    expect(meta.sections.map((s) => [s.position.start.line, s.position.end.line, s.position.end.col])).toEqual([
      [0, 1, 3],
      [3, 4, 4],
    ]);
  });

  it('takes --- after a paragraph as a setext heading and alone as a thematic break', () => {
    expect(types('para\n---')).toEqual(['heading']);
    expect(types('para\n\n---')).toEqual(['paragraph', 'thematicBreak']);
  });

  it('separates a paragraph from a list after a blank line and a heading interrupting a paragraph', () => {
    expect(types('- a\n\nnot indented')).toEqual(['list', 'paragraph']);
    expect(types('text\n# H\nmore')).toEqual(['paragraph', 'heading', 'paragraph']);
  });

  it('keeps a # line indented under a list item in the list, not as a heading', () => {
    const meta = parseMarkdown('- item\n  # not a heading');
    expect(meta.headings).toEqual([]);
    expect(meta.sections.map((s) => s.type)).toEqual(['list']);
  });

  it('does not take headings from inside code or comments', () => {
    expect(heads('```\n# code\n```\n%% # comment %%\n# Real')).toEqual([[1, 'Real']]);
  });
});
