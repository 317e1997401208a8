import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';

/** Everything a parse found, as the link and tag texts: what must stay empty inside exclusions. */
function found(text: string): string[] {
  const meta = parseMarkdown(text);
  return [
    ...meta.links.map((l) => l.link),
    ...meta.embeds.map((l) => `!${l.link}`),
    ...meta.tags.map((t) => t.tag),
    ...meta.headings.map((h) => `H:${h.heading}`),
    ...Object.keys(meta.blocks).map((b) => `^${b}`),
  ];
}

describe('fenced code', () => {
  it('hides backtick and tilde fences of any length', () => {
    expect(found('```\n[[a]] #t\n# H\n```\nafter [[ok]]')).toEqual(['ok']);
    expect(found('~~~~js\n[[a]]\n~~~~\n[[ok]]')).toEqual(['ok']);
    expect(found('`````\n```\n[[still code]]\n```\n`````\n[[ok]]')).toEqual(['ok']);
  });

  it('closes only on the same character with at least the opening length', () => {
    expect(found('````\n```\n[[a]]\n~~~~\n[[b]]\n````\n[[ok]]')).toEqual(['ok']);
  });

  it('runs to the end of the note when never closed', () => {
    expect(found('[[before]]\n```\n[[a]]\n\n[[b]]')).toEqual(['before']);
  });

  it('hides fences inside callouts and list items', () => {
    expect(found('> [!note]\n> ```\n> [[a]]\n> ```\n> [[ok]]')).toEqual(['ok']);
    expect(found('- item\n  ```\n  [[a]] #x\n  ```\n- [[ok]]')).toEqual(['ok']);
  });

  it('does not take backticks with a backtick in the info string as a fence', () => {
    expect(found('``` a ` b\n[[ok]]')).toEqual(['ok']);
  });
});

describe('indented code', () => {
  it('hides lines indented by four spaces after a blank line', () => {
    expect(found('text\n\n    [[a]] #t\n\n[[ok]]')).toEqual(['ok']);
    expect(found('\t[[tabbed]]\n[[ok]]')).toEqual(['ok']);
  });

  it('keeps indented lines that continue a paragraph or a list item', () => {
    expect(found('para\n    [[cont]]')).toEqual(['cont']);
    expect(found('- item\n\n    [[nested]]')).toEqual(['nested']);
  });
});

describe('inline code', () => {
  it('hides single and multi-backtick spans', () => {
    expect(found('a `[[x]]` b ``[[y]] ` z`` c [[ok]] `#t`')).toEqual(['ok']);
  });

  it('leaves an unmatched backtick literal', () => {
    expect(found('a ` b [[ok]] #tag')).toEqual(['ok', '#tag']);
  });

  it('lets an escaped backtick open nothing', () => {
    expect(found('\\`[[ok]]`')).toEqual(['ok']);
  });
});

describe('comments', () => {
  it('hides inline %% comments %%', () => {
    expect(found('a %%[[x]] #t%% b [[ok]]')).toEqual(['ok']);
  });

  it('hides multi-line %% comments and marks them as a comment section', () => {
    const text = 'x\n\n%%\n[[a]]\n# H\n%%\n[[ok]]';
    expect(found(text)).toEqual(['ok']);
    expect(parseMarkdown(text).sections.map((s) => s.type)).toEqual(['paragraph', 'comment', 'paragraph']);
  });

  it('hides the rest of the note after an unclosed %%', () => {
    expect(found('[[ok]] %% [[a]]\n\n[[b]]')).toEqual(['ok']);
  });

  it('does not open a comment inside inline code', () => {
    expect(found('`%%` [[ok]] `%%`')).toEqual(['ok']);
  });

  it('hides HTML comments, inline and across lines', () => {
    expect(found('a <!-- [[x]] --> [[ok]]\n<!--\n[[y]]\n#t\n-->\n[[ok2]]')).toEqual(['ok', 'ok2']);
  });
});

describe('math', () => {
  it('hides $$ blocks and $inline$ math', () => {
    expect(found('$$\n[[a]] #t\n$$\n$x [[b]]$ and [[ok]]')).toEqual(['ok']);
  });

  it('does not take prices for math', () => {
    expect(found('costs $5 and [[ok]] and $10')).toEqual(['ok']);
  });
});

describe('html blocks', () => {
  it('do not count links or tags inside', () => {
    const text = '<div>\n[[a]] #t\n</div>\n\n[[ok]]';
    expect(found(text)).toEqual(['ok']);
    expect(parseMarkdown(text).sections.map((s) => s.type)).toEqual(['html', 'paragraph']);
  });
});
