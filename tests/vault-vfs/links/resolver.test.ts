import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LinkResolver } from '../../../src/vault-vfs/links/resolver';
import { splitSubpath } from '../../../src/vault-vfs/links/subpath';

const vault = [
  'Home.md',
  'Note.md',
  'A/Note.md',
  'A/B/Note.md',
  'AB/Note.md',
  'C/Note.md',
  'A/Only in A.md',
  'A/B/Deep.md',
  'X/Deep.md',
  'img.png',
  'A/img.png',
  'Docs/Report 1.5.md',
  'Docs/Case.md',
];

describe('LinkResolver: order of preference', () => {
  const r = new LinkResolver(vault);

  it('resolves a unique bare name anywhere, case-insensitively, with or without .md', () => {
    expect(r.resolve('Only in A', 'Home.md')).toBe('A/Only in A.md');
    expect(r.resolve('only IN a', 'Home.md')).toBe('A/Only in A.md');
    expect(r.resolve('Only in A.md', 'C/Note.md')).toBe('A/Only in A.md');
    expect(r.resolve('report 1.5', 'Home.md')).toBe('Docs/Report 1.5.md');
  });

  it('prefers an exact vault path over anything closer to the source', () => {
    expect(r.resolve('Note', 'A/B/Deep.md')).toBe('Note.md');
    expect(r.resolve('A/Note', 'C/Note.md')).toBe('A/Note.md');
    expect(r.resolve('a/b/note.md', 'C/Note.md')).toBe('A/B/Note.md');
    expect(r.resolve('/A/Note', 'C/Note.md')).toBe('A/Note.md');
  });

  it('resolves ./ and ../ against the source folder first', () => {
    expect(r.resolve('./Note', 'A/B/Deep.md')).toBe('A/B/Note.md');
    expect(r.resolve('../Note.md', 'A/B/Deep.md')).toBe('A/Note.md');
    expect(r.resolve('../../Note', 'A/B/Deep.md')).toBe('Note.md');
    expect(r.resolve('./../Note', 'A/B/Deep.md')).toBe('A/Note.md');
  });

  it('falls back to the name search when a relative path leads nowhere (Obsidian does the same)', () => {
    expect(r.resolve('../Deep', 'X/Deep.md')).toBe('X/Deep.md');
  });

  it('matches a path suffix, preferring the source folder, then the shortest path, then code-unit order', () => {
    expect(r.resolve('B/Note', 'C/Note.md')).toBe('AB/Note.md'); // Obsidian's suffix test has no segment boundary
    expect(r.candidates('B/Note', 'Home.md')).toEqual(['AB/Note.md', 'A/B/Note.md']);
    expect(r.resolve('Deep', 'A/B/Note.md')).toBe('A/B/Deep.md');
    expect(r.resolve('Deep', 'X/Other.md')).toBe('X/Deep.md');
    expect(r.resolve('Deep', 'C/Note.md')).toBe('X/Deep.md'); // same length: "A/B/Deep.md" vs "X/Deep.md" -> shorter
    expect(r.candidates('Deep', 'A/B/Note.md')).toEqual(['A/B/Deep.md', 'X/Deep.md']);
  });

  it('takes the source folder as a raw prefix, as Obsidian does (A/ also prefers AB/)', () => {
    const r2 = new LinkResolver(['A/x.md', 'AB/Dup.md', 'C/Dup.md', 'AB/CD/Dup.md']);
    expect(r2.candidates('Dup', 'A/x.md')).toEqual(['AB/Dup.md', 'AB/CD/Dup.md', 'C/Dup.md']);
  });

  it('finds attachments only by their full name; an exact vault path beats the source folder', () => {
    expect(r.resolve('img.png', 'C/Note.md')).toBe('img.png');
    expect(r.resolve('img.png', 'A/Note.md')).toBe('img.png');
    expect(r.resolve('img', 'Home.md')).toBe(null);
    const r2 = new LinkResolver(['Z/pic.png', 'A/pic.png', 'A/n.md']);
    expect(r2.resolve('pic.png', 'A/n.md')).toBe('A/pic.png');
    expect(r2.resolve('pic.png', 'Q/n.md')).toBe('A/pic.png'); // same length: code-unit order
  });

  it('does not fall back to a name match for a leading slash', () => {
    expect(r.resolve('/Only in A', 'Home.md')).toBe(null);
    expect(r.resolve('/B/Note', 'Home.md')).toBe(null);
  });

  it('resolves an empty link path to the source note itself', () => {
    expect(r.resolve('', 'Docs/Case.md')).toBe('Docs/Case.md');
    expect(r.resolve('', 'Missing.md')).toBe(null);
  });

  it('leaves unknown names and broken paths unresolved', () => {
    expect(r.resolve('Nope', 'Home.md')).toBe(null);
    expect(r.resolve('Z/Note', 'Home.md')).toBe(null);
    expect(r.resolve('   ', 'Home.md')).toBe(null);
  });

  it('reads the link path without the spaces around it, as Obsidian does (issue 25: seen in five public vaults)', () => {
    expect(r.resolve('Note ', 'Home.md')).toBe(r.resolve('Note', 'Home.md'));
    expect(r.candidates(' Note', 'Home.md')).toEqual(r.candidates('Note', 'Home.md'));
  });
});

describe('LinkResolver: updates', () => {
  it('follows adds, removes and renames, including case-only renames', () => {
    const r = new LinkResolver(['A/Note.md', 'B/Other.md']);
    expect(r.resolve('Note', 'B/Other.md')).toBe('A/Note.md');
    r.add('B/Note.md');
    expect(r.resolve('Note', 'B/Other.md')).toBe('B/Note.md');
    r.remove('B/Note.md');
    expect(r.resolve('Note', 'B/Other.md')).toBe('A/Note.md');
    r.rename('A/Note.md', 'A/note.md');
    expect(r.resolve('NOTE', 'B/Other.md')).toBe('A/note.md');
    r.rename('A/note.md', 'C/Renamed.md');
    expect(r.resolve('Note', 'B/Other.md')).toBe(null);
    expect(r.resolve('renamed', 'B/Other.md')).toBe('C/Renamed.md');
    expect(r.size).toBe(2);
    expect(r.has('C/Renamed.md')).toBe(true);
  });
});

describe('splitSubpath', () => {
  it('splits at the first #', () => {
    expect(splitSubpath('Note')).toEqual({ path: 'Note', subpath: '' });
    expect(splitSubpath('Folder/Note#Heading')).toEqual({ path: 'Folder/Note', subpath: '#Heading' });
    expect(splitSubpath('Note#^block')).toEqual({ path: 'Note', subpath: '#^block' });
    expect(splitSubpath('#Local#Deeper')).toEqual({ path: '', subpath: '#Local#Deeper' });
  });
});

describe('LinkResolver.resolve', () => {
  it('answers the first of candidates() for any link and source (its shortcut for bare names included)', () => {
    const segment = fc.constantFrom('a', 'A', 'b', 'note', 'Note', 'img.png', 'x.y', '..', '.', '');
    const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
    const file = fc.tuple(fc.array(fc.constantFrom('a', 'A', 'b', 'Deep'), { maxLength: 2 }), fc.constantFrom('note.md', 'Note.md', 'a.md', 'img.png', 'x.y.md', 'b')).map(([dirs, name]) => [...dirs, name].join('/'));
    fc.assert(
      fc.property(fc.uniqueArray(file, { maxLength: 12 }), path, file, fc.boolean(), (files, link, source, slash) => {
        const resolver = new LinkResolver(files);
        const linkpath = slash ? `/${link}` : link;
        expect(resolver.resolve(linkpath, source)).toBe(resolver.candidates(linkpath, source)[0] ?? null);
      }),
      { numRuns: 2000 },
    );
  });
});
