import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';

const links = (text: string) => parseMarkdown(text).links.map((l) => ({ link: l.link, original: l.original, displayText: l.displayText }));
const embeds = (text: string) => parseMarkdown(text).embeds.map((l) => ({ link: l.link, original: l.original, displayText: l.displayText }));

describe('wikilinks and embeds', () => {
  it('reads plain links, aliases, heading and block subpaths', () => {
    expect(links('See [[a]], [[b|Alias]], [[c#Heading]] and [[d#^block1|x]].')).toEqual([
      { link: 'a', original: '[[a]]', displayText: 'a' },
      { link: 'b', original: '[[b|Alias]]', displayText: 'Alias' },
      { link: 'c#Heading', original: '[[c#Heading]]', displayText: 'c > Heading' },
      { link: 'd#^block1', original: '[[d#^block1|x]]', displayText: 'x' },
    ]);
  });

  it('gives links without alias the display text Obsidian shows', () => {
    expect(links('[[#Local heading]] [[##search]] [[#^blk]] [[A#B#C]] [[Note|]]').map((l) => l.displayText)).toEqual([
      'Local heading',
      'search',
      '^blk',
      'A > B > C',
      '',
    ]);
  });

  it('reads embeds, with a size after the bar', () => {
    expect(embeds('![[img.png]] and ![[img.png|200]] and ![[Note#Part]] ![[doc.pdf#page=3]]')).toEqual([
      { link: 'img.png', original: '![[img.png]]', displayText: 'img.png' },
      { link: 'img.png', original: '![[img.png|200]]', displayText: '200' },
      { link: 'Note#Part', original: '![[Note#Part]]', displayText: 'Note > Part' },
      { link: 'doc.pdf#page=3', original: '![[doc.pdf#page=3]]', displayText: 'doc.pdf > page=3' },
    ]);
    expect(parseMarkdown('![[img.png]]').links).toEqual([]);
  });

  it('keeps folder paths and extensions as written', () => {
    expect(links('[[Folder/Sub/Note]] [[Note.md]] [[../up/x]]').map((l) => l.link)).toEqual(['Folder/Sub/Note', 'Note.md', '../up/x']);
  });

  it('takes `\\|` in a table cell as the alias bar, without the backslash', () => {
    const meta = parseMarkdown('| a | b |\n|---|---|\n| [[Note\\|Shown]] | ![[pic.jpg\\|100]] |');
    expect(meta.links[0]).toMatchObject({ link: 'Note', displayText: 'Shown', original: '[[Note\\|Shown]]' });
    expect(meta.embeds[0]).toMatchObject({ link: 'pic.jpg', displayText: '100' });
  });

  it('rejects empty, unclosed, escaped and multi-line wikilinks', () => {
    expect(links('[[]] [[   ]] [[open and \\[[escaped]] [[across\nlines]]')).toEqual([]);
  });

  it('takes the innermost link when brackets nest', () => {
    expect(links('[[outer [[inner]]').map((l) => l.link)).toEqual(['inner']);
  });
});

describe('markdown links', () => {
  it('reads internal markdown links with their text and decodes the path', () => {
    expect(links('[Text](path.md) [Sec](Other%20Note.md#Some%20Heading) [B](<path with spaces.md>)')).toEqual([
      { link: 'path.md', original: '[Text](path.md)', displayText: 'Text' },
      { link: 'Other Note.md#Some Heading', original: '[Sec](Other%20Note.md#Some%20Heading)', displayText: 'Sec' },
      { link: 'path with spaces.md', original: '[B](<path with spaces.md>)', displayText: 'B' },
    ]);
  });

  it('reads images as embeds', () => {
    expect(embeds('![alt text](img%20one.png) ![](<a b.png>)')).toEqual([
      { link: 'img one.png', original: '![alt text](img%20one.png)', displayText: 'alt text' },
      { link: 'a b.png', original: '![](<a b.png>)', displayText: '' },
    ]);
  });

  it('does not count external URLs or empty destinations', () => {
    const text = '[a](http://x.com) [b](https://y.org/p#q) [c](mailto:me@x.org) [d](obsidian://open?vault=V) ' +
      '[e](file:///tmp/x.md) [f](data:image/png;base64,xx) [g](//host/x) [h]() ![i](https://img/x.png)';
    const meta = parseMarkdown(text);
    expect(meta.links).toEqual([]);
    expect(meta.embeds).toEqual([]);
    expect(meta.tags).toEqual([]);
  });

  it('accepts a title and balanced parentheses, and keeps a malformed escape raw', () => {
    expect(links('[t](note.md "Title") [p](a(1).md) [q](100%.md)').map((l) => l.link)).toEqual(['note.md', 'a(1).md', '100%.md']);
  });

  it('rejects a plain destination with a space, and unclosed forms', () => {
    expect(links('[t](my note.md) [u](open.md [v](<no close.md)')).toEqual([]);
  });

  it('skips a link as a whole: no tag inside it', () => {
    expect(parseMarkdown('[[Note #notatag]] [x](a.md#h) [y](<http://e.com/ #z>)').tags).toEqual([]);
  });
});

describe('positions', () => {
  it('are 0-based line, col and offset of the whole link', () => {
    const text = 'first line\n  see [[Target|T]] here\n![[pic.png]]';
    const meta = parseMarkdown(text);
    const link = meta.links[0];
    expect(link?.position).toEqual({ start: { line: 1, col: 6, offset: 17 }, end: { line: 1, col: 18, offset: 29 } });
    expect(text.slice(17, 29)).toBe('[[Target|T]]');
    expect(meta.embeds[0]?.position.start).toEqual({ line: 2, col: 0, offset: 35 });
  });

  it('count UTF-16 code units, as Obsidian does', () => {
    const text = '😀é [[x]]';
    const link = parseMarkdown(text).links[0];
    expect(link?.position.start).toEqual({ line: 0, col: 4, offset: 4 });
    expect(text.slice(link?.position.start.offset, link?.position.end.offset)).toBe('[[x]]');
  });

  it('work with CRLF line endings', () => {
    const text = 'a\r\n[[x]]\r\n# H\r\n';
    const meta = parseMarkdown(text);
    expect(meta.links[0]?.position.start).toEqual({ line: 1, col: 0, offset: 3 });
    expect(meta.headings[0]).toMatchObject({ heading: 'H', level: 1 });
    expect(meta.headings[0]?.position.end).toEqual({ line: 2, col: 3, offset: 13 });
  });
});
