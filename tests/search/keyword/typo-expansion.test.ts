// Typos that the narrow fuzzy search missed: in a word's first letter, and in words under 4
// letters. Both are looked for only in a word the vault does not have (query-plan.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexDocument } from '../../../src/search/keyword/analyzer';
import { KeywordIndex } from '../../../src/search/keyword/keyword-index';

function doc(path: string, content = ''): IndexDocument {
  const title = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');
  return { path, title, headings: [], tags: [], aliases: [], content };
}

function paths(index: KeywordIndex, query: string, opts = {}): string[] {
  return index.search(query, { limit: 100, ...opts }).map((h) => h.path);
}

const TITLES = ['Garden plan', 'Kubernetes cluster', 'Weekly review', 'Sourdough bread', 'Tag index', 'Map view', 'Quarterly roadmap', 'Mitochondria notes'];

function helpIndex(): KeywordIndex {
  const index = new KeywordIndex();
  for (const t of TITLES) index.add(doc(`${t}.md`, `Some text about ${t.toLowerCase()} and other things.`));
  return index;
}

describe('typos in the first letter and in short words', () => {
  it('finds a note whose title word was typed with a wrong, missing or extra first letter', () => {
    const index = helpIndex();
    expect(paths(index, 'jarden plan')[0]).toBe('Garden plan.md');
    expect(paths(index, 'ubernetes')[0]).toBe('Kubernetes cluster.md');
    expect(paths(index, 'ssourdough')[0]).toBe('Sourdough bread.md');
    expect(paths(index, 'oeekly review')[0]).toBe('Weekly review.md');
  });

  it('finds a note from a mistyped word of 3 letters', () => {
    const index = helpIndex();
    expect(paths(index, 'tah index')[0]).toBe('Tag index.md');
    expect(paths(index, 'mab')).toContain('Map view.md');
    expect(paths(index, 'mab', { fuzzy: false })).toEqual([]);
  });

  it('leaves a word the vault has alone: no first-letter or short-word neighbours', () => {
    const index = new KeywordIndex();
    index.add(doc('cat.md', 'cat'));
    index.add(doc('bat.md', 'bat'));
    index.add(doc('hello.md', 'hello'));
    index.add(doc('jello.md', 'jello'));
    expect(paths(index, 'cat')).toEqual(['cat.md']);
    expect(paths(index, 'hello')).toEqual(['hello.md']);
    // A word it lacks gets both.
    expect(paths(index, 'rat').sort()).toEqual(['bat.md', 'cat.md']);
    expect(paths(index, 'yello').sort()).toEqual(['hello.md', 'jello.md']);
  });

  it('finds any title word of 4+ letters with one changed first letter, for random titles', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const word = fc.string({ unit: fc.constantFrom(...letters), minLength: 4, maxLength: 10 });
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 2, maxLength: 30 }), fc.nat(), fc.constantFrom(...letters), (words, pick, first) => {
        const target = words[pick % words.length] as string;
        const typo = first + target.slice(1);
        fc.pre(!words.includes(typo));
        const index = new KeywordIndex();
        for (const w of words) index.add(doc(`${w}.md`, ''));
        expect(paths(index, typo)).toContain(`${target}.md`);
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});

describe('typos in words with digits (issue 25)', () => {
  const index = new KeywordIndex();
  index.add(doc('Dns.md', 'we use route53 for dns'));
  index.add(doc('Users.md', 'user liuxingyu521 wrote this'));
  index.add(doc('Other.md', 'route54 is another service, and ticket 4712'));

  it('finds a word with letters and digits typed with a typo in its letters', () => {
    expect(paths(index, 'rote53')).toEqual(['Dns.md']);
    expect(paths(index, 'liuxignyu521')).toEqual(['Users.md']);
  });

  it('never takes another number for a typo: not in a word, not alone', () => {
    expect(paths(index, 'route55')).toEqual([]);
    expect(paths(index, '4711')).toEqual([]);
  });
});

describe('typos that make another short word, and wrong CJK characters (issue 29)', () => {
  it('takes a mistyped 3-letter word among other words for its near misses: des for der', () => {
    const index = new KeywordIndex();
    index.add(doc('Notizen/Der Einkaufsliste.md', 'Milch und Brot.'));
    index.add(doc('Carnets/Des des.md', 'Le café des élèves.'));
    index.add(doc('Notizen/Lösung Einkaufsliste.md', 'Die Liste des Monats.'));
    expect(paths(index, 'Des Einkaufsliste')[0]).toBe('Notizen/Der Einkaufsliste.md');
    // Alone, a word the vault has still finds only itself.
    expect(paths(index, 'des')).not.toContain('Notizen/Der Einkaufsliste.md');
  });

  it('mends a wrong character inside a CJK run through the bigrams on both sides of it', () => {
    const index = new KeywordIndex();
    index.add(doc('a/勉強レシピ.md', '勉強レシピ'));
    index.add(doc('b/レシピ勉強.md', 'レシピ勉強'));
    index.add(doc('c/東京旅行.md', '東京旅行'));
    expect(paths(index, 'レシフ勉強')[0]).toBe('b/レシピ勉強.md');
    expect(paths(index, 'レシフ勉強', { fuzzy: false })[0]).not.toBe('b/レシピ勉強.md');
  });

  it('mends a wrong last or first character of a CJK run', () => {
    const index = new KeywordIndex();
    index.add(doc('a/の周报.md', 'の周报'));
    index.add(doc('b/周报の.md', '周报の'));
    index.add(doc('c/记录.md', '记录'));
    expect(paths(index, '周报は')[0]).toBe('b/周报の.md');
    expect(paths(index, 'は周报')[0]).toBe('a/の周报.md');
  });
});
