import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import { aliasesOf, allTags } from '../../../src/vault-vfs/markdown/tags';

const tags = (text: string) => parseMarkdown(text).tags.map((t) => t.tag);

describe('inline tags', () => {
  it('reads plain, nested and unicode tags', () => {
    expect(tags('#tag #nested/tag/deep #café #日本語 #emoji😀 #snake_case #kebab-case')).toEqual([
      '#tag',
      '#nested/tag/deep',
      '#café',
      '#日本語',
      '#emoji😀',
      '#snake_case',
      '#kebab-case',
    ]);
  });

  it('needs a non-digit character', () => {
    expect(tags('#123 #1984 #y1984 #1984y')).toEqual(['#y1984', '#1984y']);
  });

  it('needs the start of a line or whitespace before the #', () => {
    expect(tags('a#b http://x.com/#frag (#paren) [#br] text #ok')).toEqual(['#ok']);
    // Obsidian's own cache skips a tag right after a fullwidth colon.
    expect(tags('標籤：#skipped #kept')).toEqual(['#kept']);
  });

  it('stops at punctuation', () => {
    expect(tags('#end. #comma, #bang! #q? #colon: #semi; #quote" #par)')).toEqual([
      '#end',
      '#comma',
      '#bang',
      '#q',
      '#colon',
      '#semi',
      '#quote',
      '#par',
    ]);
    expect(tags('#a\u2014b #c\u3001d')).toEqual(['#a', '#c']);
  });

  it('counts tags in headings but not the heading marker', () => {
    const meta = parseMarkdown('# Title #inheading\n## #also');
    expect(meta.tags.map((t) => t.tag)).toEqual(['#inheading', '#also']);
    expect(meta.headings.map((h) => h.heading)).toEqual(['Title #inheading', '#also']);
  });

  it('reports the tag position', () => {
    const tag = parseMarkdown('x\nsee #here now').tags[0];
    expect(tag?.position).toEqual({ start: { line: 1, col: 4, offset: 6 }, end: { line: 1, col: 9, offset: 11 } });
  });
});

describe('frontmatter tags and aliases', () => {
  it('reads tags as a list, or as a string split on commas and spaces, without #', () => {
    expect(allTags(parseMarkdown('---\ntags: [a, "#b", c/d]\n---\n'))).toEqual(['a', 'b', 'c/d']);
    expect(allTags(parseMarkdown('---\ntags: one, two three\n---\n'))).toEqual(['one', 'two', 'three']);
    expect(allTags(parseMarkdown('---\ntag: solo\n---\n'))).toEqual(['solo']);
    expect(allTags(parseMarkdown('---\nTags:\n  - x\n  - 2024\n---\n'))).toEqual(['x', '2024']);
  });

  it('lists frontmatter tags first, then inline ones, each once', () => {
    expect(allTags(parseMarkdown('---\ntags: [a, B]\n---\n#b #c #a #d'))).toEqual(['a', 'B', 'c', 'd']);
  });

  it('reads aliases as a list or a comma-separated string, and the singular key', () => {
    expect(aliasesOf(parseMarkdown('---\naliases:\n  - Start here\n  - Home page\n---\n'))).toEqual(['Start here', 'Home page']);
    expect(aliasesOf(parseMarkdown('---\naliases: AI, Artificial intelligence\n---\n'))).toEqual(['AI', 'Artificial intelligence']);
    expect(aliasesOf(parseMarkdown('---\nalias: One name\n---\n'))).toEqual(['One name']);
    expect(aliasesOf(parseMarkdown('no frontmatter'))).toEqual([]);
  });
});
