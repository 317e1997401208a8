// Block structure inside containers (issue 17, defects 1-5): fences, indented code and HTML blocks
// in list items, block quotes and callouts end where CommonMark ends them, so links inside them are
// not counted and links after them are.

import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';

function links(text: string): string[] {
  const meta = parseMarkdown(text);
  return [...meta.links, ...meta.embeds].map((l) => l.link);
}

function headings(text: string): string[] {
  return parseMarkdown(text).headings.map((h) => h.heading);
}

describe('a fence opened on a list-marker line', () => {
  it.each(['- ', '* ', '+ ', '1. ', '2) ', '10. '])('is a fence after %j', (marker) => {
    const pad = ' '.repeat(marker.length);
    const text = `${marker}\`\`\`\n${pad}[[in code]]\n${pad}\`\`\`\n[[after]]\n\n\`\`\`\n[[code again]]\n\`\`\``;
    expect(links(text)).toEqual(['after']);
  });

  it('closes with its item when the item ends', () => {
    expect(links('- ```\n  [[in code]]\n[[after]]\n```\n[[code]]\n```')).toEqual(['after']);
  });

  it('nests: a fence in an item of an item in a quote', () => {
    expect(links('> - a\n>   - ```\n>     [[x]]\n>     ```\n>   - [[y]]')).toEqual(['y']);
  });
});

describe('an unclosed fence inside a block quote or callout', () => {
  it('ends with the quote; later links, headings and fences read normally', () => {
    const text = '> [!note]\n> ```\n> [[in code]]\n\n[[after]]\n# Heading\n```\n[[code]]\n```\n[[end]]';
    expect(links(text)).toEqual(['after', 'end']);
    expect(headings(text)).toEqual(['Heading']);
  });

  it('is not continued by a lazy line', () => {
    expect(links('> ```\n> [[a]]\n[[b]]')).toEqual(['b']);
  });
});

describe('indented code inside containers', () => {
  it('is code in a list item after a blank line (tabs count to the next multiple of four)', () => {
    expect(links('- foo\n\n\t\t[[bar]]\n\n[[after]]')).toEqual(['after']);
    expect(links('1.  foo\n\n         [[bar]]\n- [[ok]]')).toEqual(['ok']);
  });

  it('is code in a block quote', () => {
    expect(links('>     [[x]]\n> [[y]]')).toEqual(['y']);
    expect(links('>\t\t[[x]]')).toEqual([]);
  });

  it('is text when it continues a paragraph', () => {
    expect(links('- foo\n      [[lazy]]')).toEqual(['lazy']);
    expect(links('> foo\n    [[lazy]]')).toEqual(['lazy']);
  });

  it('starts an item with five spaces after the marker', () => {
    expect(links('-     [[code]]\n\n  [[text]]')).toEqual(['text']);
  });
});

describe('HTML blocks', () => {
  it.each([
    ['<div>', '</div>'],
    ['<span>', '</span>'],
    ['<a href="https://obsidian.md">', '</a>'],
    ['<Warning>', '</Warning>'],
    ['<pre>', '</pre>'],
    ['<script type="x">', '</script>'],
    ['<?php', '?>'],
    ['<!DOCTYPE html', '>'],
    ['<!-- note', '-->'],
    ['<![CDATA[', ']]>'],
  ])('hide markdown inside %s', (open, close) => {
    expect(links(`${open}\n[[inside]] [x](inside.md)\n${close}\n\n[[after]]`)).toEqual(['after']);
  });

  it('end on the line of their end marker: nothing after it on that line is markdown', () => {
    expect(links('<!-- a -->*[[hidden]]*\n[[after]]')).toEqual(['after']);
    expect(links('<!-->[[hidden]]\n[[after]] <!--> [[inline]]')).toEqual(['after', 'inline']);
    expect(links('<pre>[[a]]</pre> [[b]]\n[[after]]')).toEqual(['after']);
  });

  it('hide markdown inside a quote', () => {
    expect(links('> <div>\n> [[inside]]\n\n> [[after]]')).toEqual(['after']);
  });

  it('kind 7 does not interrupt a paragraph', () => {
    expect(links('[[a]]\n<span>\n[[b]]')).toEqual(['a', 'b']);
  });

  it('end at a blank line, as in Obsidian (CommonMark runs <pre> on to </pre>)', () => {
    expect(links('<pre>\n[[in]]\n\n[[out]]\n</pre>')).toEqual(['out']);
  });

  it('need the tag at the line start: inline HTML in a paragraph is no block', () => {
    expect(links('text <span>[[a]]</span>\n<b>[[c]]</b> [[d]]')).toEqual(['a', 'c', 'd']);
  });
});

describe('code spans across lines', () => {
  it('are code up to the closing run on a later line of the same paragraph', () => {
    expect(links('a `` [[x]]\n[[y]] `` [[after]]\n[[z]]')).toEqual(['after', 'z']);
    expect(links('- a ` [[x]]\n  [[y]] ` [[after]]')).toEqual(['after']);
    expect(links('> a ` [[x]]\nlazy [[y]] ` [[after]]')).toEqual(['after']);
  });

  it('do not run past the paragraph', () => {
    expect(links('a ` [[x]]\n\n[[y]] `')).toEqual(['x', 'y']);
    expect(links('a ` [[x]]\n# [[y]] `')).toEqual(['x', 'y']);
    expect(links('> a ` [[x]]\n\n> [[y]] `')).toEqual(['x', 'y']);
    expect(links('a `` [[x]]\n[[y]] ` [[z]]')).toEqual(['x', 'y', 'z']);
  });

  it('keep their lines paragraph lines', () => {
    expect(parseMarkdown('a `\nb\nc` d').sections.map((x) => x.type)).toEqual(['paragraph']);
  });
});

describe('inline raw HTML and autolinks', () => {
  it('hide what is inside a tag, not between tags', () => {
    expect(links('a <img src="[[x]]" alt=\'[y](y.md)\'/> <b>[[in b]]</b> <?p [[z]] ?> <!X [[d]]>')).toEqual(['in b']);
    expect(links('<https://example.org/[[x]]> <me@example.org> [[after]]')).toEqual(['after']);
  });

  it('leave an angle-bracket link destination to the link', () => {
    expect(links('[a](<b c.md>) [d]( <e.md>)')).toEqual(['b c.md', 'e.md']);
  });

  it('keep a line of inline tags a paragraph line', () => {
    expect(parseMarkdown('text\n<b>\nmore').sections.map((x) => x.type)).toEqual(['paragraph']);
  });
});

describe('closing fences', () => {
  it('indented four or more spaces do not close', () => {
    expect(links('```\n[[a]]\n    ```\n[[b]]\n```\n[[after]]')).toEqual(['after']);
  });

  it('indented up to three spaces close, in a list item relative to its content', () => {
    expect(links('```\n[[a]]\n   ```\n[[b]]')).toEqual(['b']);
    expect(links('- ```\n  [[a]]\n     ```\n  [[b]]')).toEqual(['b']);
  });
});

describe('links in link text (defect 6)', () => {
  it('reports an image or embed inside a link, and the link', () => {
    const meta = parseMarkdown('[![alt](local.png)](target.md) [![[x.png]]](t.md) [![i](i.png)](https://x.org)');
    expect(meta.links.map((l) => l.link)).toEqual(['target.md', 't.md']);
    expect(meta.embeds.map((l) => l.link)).toEqual(['local.png', 'x.png', 'i.png']);
  });

  it('lets an inner markdown link win over the outer one, whose destination is then text', () => {
    expect(links('[[a](a.md)](b.md) [x [y](y.md)](z.md "[t](t.md)")')).toEqual(['a.md', 'y.md', 't.md']);
  });

  it('keeps a `#` inside link text from being a tag', () => {
    expect(parseMarkdown('[#not-a-tag ![i](i.png)](n.md)').tags).toEqual([]);
  });
});

describe('smaller defects (7)', () => {
  it('reads a link whose title holds an escaped quote', () => {
    expect(links('[link](/url "title \\"quoted\\"") [[after]]')).toEqual(['/url', 'after']);
  });

  it('gives `### ###` an empty heading text', () => {
    expect(headings('### ###\n## a ##\n# b #c\n# c \\#')).toEqual(['', 'a', 'b #c', 'c \\#']);
  });

  it('keeps a link reference definition out of setext heading text', () => {
    expect(headings('[foo]: /url\nbar\n===')).toEqual(['bar']);
    expect(headings('[foo]: /url\n===')).toEqual([]);
  });

  it('takes `<!-->` and `<!--->` as whole comments', () => {
    expect(links('a <!--> [[b]]\n<!---> [[c]]\n[[d]]')).toEqual(['b', 'd']);
  });
});
