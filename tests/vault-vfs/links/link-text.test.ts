import { describe, expect, it } from 'vitest';
import { encodeDestination, fileToLinktext, fitsInWikilink, linkPathCandidates } from '../../../src/vault-vfs/links/link-text';
import { LinkResolver } from '../../../src/vault-vfs/links/resolver';
import { decodeLinkPath } from '../../../src/vault-vfs/markdown/links';
import { InvalidRenameError, expandRenames, pathMapper, validateFileRenames } from '../../../src/vault-vfs/links/expand-renames';

const r = new LinkResolver(['A/B/Note.md', 'A/Unique.md', 'C/Note.md', 'A/pic.png', 'Top.md']);

describe('fileToLinktext', () => {
  it('absolute: the full path, without .md for wikilinks', () => {
    expect(fileToLinktext('A/Unique.md', 'C/Note.md', 'absolute', r, true)).toBe('A/Unique');
    expect(fileToLinktext('A/Unique.md', 'C/Note.md', 'absolute', r, false)).toBe('A/Unique.md');
    expect(fileToLinktext('A/pic.png', 'C/Note.md', 'absolute', r, true)).toBe('A/pic.png');
  });

  it('relative: ../ up to the common folder, then down, with no ./ prefix', () => {
    expect(fileToLinktext('A/Unique.md', 'A/B/Note.md', 'relative', r, true)).toBe('../Unique');
    expect(fileToLinktext('A/B/Note.md', 'A/Unique.md', 'relative', r, false)).toBe('B/Note.md');
    expect(fileToLinktext('C/Note.md', 'A/B/Note.md', 'relative', r, true)).toBe('../../C/Note');
    expect(fileToLinktext('A/B/Note.md', 'Top.md', 'relative', r, true)).toBe('A/B/Note');
    expect(fileToLinktext('Top.md', 'A/B/Note.md', 'relative', r, true)).toBe('../../Top');
  });

  it('shortest: the bare name when it is unique, else the full path', () => {
    expect(fileToLinktext('A/Unique.md', 'C/Note.md', 'shortest', r, true)).toBe('Unique');
    expect(fileToLinktext('A/Unique.md', 'C/Note.md', 'shortest', r, false)).toBe('Unique.md');
    expect(fileToLinktext('C/Note.md', 'A/Unique.md', 'shortest', r, true)).toBe('C/Note');
    expect(fileToLinktext('A/pic.png', 'Top.md', 'shortest', r, true)).toBe('pic.png');
  });

  it('lists safer fallbacks after Obsidian text', () => {
    expect(linkPathCandidates('A/B/Note.md', 'A/Unique.md', 'relative', r, 'wikilink')).toEqual(['B/Note', './B/Note', 'A/B/Note', 'A/B/Note.md']);
    expect(linkPathCandidates('A/Unique.md', 'Top.md', 'shortest', r, 'markdown')).toEqual(['Unique.md', 'A/Unique.md']);
  });
});

describe('destination encoding', () => {
  it('percent-encodes what a plain destination cannot hold, and decodes back', () => {
    const path = 'My Folder/100% (draft) #1 [x] a|b `c` $d.md';
    const encoded = encodeDestination(path, false);
    expect(encoded).toBe('My%20Folder/100%25%20%28draft%29%20%231%20%5Bx%5D%20a%7Cb%20%60c%60%20%24d.md');
    expect(decodeLinkPath(encoded)).toBe(path);
  });

  it('keeps spaces and unicode inside <...>', () => {
    expect(encodeDestination('Été/a b.md', true)).toBe('Été/a b.md');
    expect(encodeDestination('a<b>#c.md', true)).toBe('a%3Cb%3E%23c.md');
    expect(encodeDestination('Été/ü.md', false)).toBe('Été/ü.md');
  });

  it('knows what a wikilink cannot hold', () => {
    expect(fitsInWikilink('A/B c')).toBe(true);
    for (const bad of ['a|b', 'a#b', 'a]]b', 'a[[b', ' lead', 'trail ', '', 'a\nb']) expect(fitsInWikilink(bad)).toBe(false);
  });
});

describe('expandRenames', () => {
  const files = ['A/x.md', 'A/Sub/y.md', 'AB/z.md', 'top.md'];

  it('expands a folder into its files and keeps file renames', () => {
    expect(expandRenames(files, [{ from: 'A', to: 'New/A2' }, { from: 'top.md', to: 'Top.md' }])).toEqual([
      { from: 'A/x.md', to: 'New/A2/x.md' },
      { from: 'A/Sub/y.md', to: 'New/A2/Sub/y.md' },
      { from: 'top.md', to: 'Top.md' },
    ]);
    expect(pathMapper([{ from: 'A/x.md', to: 'B/x.md' }])('A/x.md')).toBe('B/x.md');
    expect(pathMapper([{ from: 'A/x.md', to: 'B/x.md' }])('AB/z.md')).toBe('AB/z.md');
  });

  it('refuses a missing source, a folder into itself, collisions and double renames', () => {
    expect(() => expandRenames(files, [{ from: 'Nope', to: 'X' }])).toThrow(/nothing to rename/);
    expect(() => expandRenames(files, [{ from: 'A', to: 'A/Inner' }])).toThrow(/into itself/);
    expect(() => expandRenames(files, [{ from: 'A/x.md', to: 'ab/Z.md' }])).toThrow(/two files would be at/);
    expect(() => validateFileRenames(files, [{ from: 'top.md', to: 'a.md' }, { from: 'top.md', to: 'b.md' }])).toThrow(/renamed twice/);
    expect(() => validateFileRenames(files, [{ from: 'gone.md', to: 'a.md' }])).toThrow(InvalidRenameError);
  });

  it('allows a case-only rename and a swap', () => {
    expect(() => validateFileRenames(files, [{ from: 'top.md', to: 'TOP.md' }])).not.toThrow();
    expect(() => validateFileRenames(files, [{ from: 'top.md', to: 'AB/z.md' }, { from: 'AB/z.md', to: 'top.md' }])).not.toThrow();
  });
});
