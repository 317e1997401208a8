import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzyTerms } from '../../../src/search/keyword/fuzzy';
import { TermBuckets } from '../../../src/search/keyword/term-buckets';
import { TermTable } from '../../../src/search/keyword/term-table';

/** Levenshtein distance with adjacent transpositions as one edit (optimal string alignment), by the textbook table. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min((up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1), (up[j] as number) + 1, (row[j - 1] as number) + 1);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

function dictionary(words: string[]): { table: TermTable; buckets: TermBuckets } {
  const table = new TermTable();
  for (const w of words) table.intern(w);
  return { table, buckets: new TermBuckets(table) };
}

describe('fuzzyTerms', () => {
  it('finds terms within the distance that start with the same letter, and nothing else', () => {
    const { table, buckets } = dictionary(['kubernetes', 'kubernete', 'kubernetse', 'kobernetes', 'cubernetes', 'kuber', 'sourdough', 'k']);
    const found = fuzzyTerms('kubernetes', 1, table, buckets).map((m) => [table.term(m.id), m.distance]);
    expect(new Map(found as [string, number][])).toEqual(
      new Map([
        ['kubernetes', 0],
        ['kubernete', 1],
        ['kubernetse', 1],
        ['kobernetes', 1],
      ]),
    );
    const two = fuzzyTerms('kubernetes', 2, table, buckets).map((m) => table.term(m.id));
    expect(two).toContain('kubernetse');
    expect(two).not.toContain('kuber');
  });

  it('counts two swapped neighbouring letters as one typo', () => {
    const { table, buckets } = dictionary(['canvas', 'cavnas', 'canvsa', 'cnavas', 'cancas']);
    const found = new Map(fuzzyTerms('cnavas', 1, table, buckets).map((m) => [table.term(m.id), m.distance]));
    expect(found).toEqual(new Map([['cnavas', 0], ['canvas', 1]]));
    // A swap and nothing else is one edit; a swap plus another change is two.
    expect(new Map(fuzzyTerms('canvas', 1, table, buckets).map((m) => [table.term(m.id), m.distance]))).toEqual(
      new Map([['canvas', 0], ['cavnas', 1], ['canvsa', 1], ['cnavas', 1], ['cancas', 1]]),
    );
  });

  it('agrees with a brute-force edit distance (transpositions as one edit) on random dictionaries', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', 'é'), minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 80 }), word, fc.integer({ min: 0, max: 2 }), (words, query, max) => {
        const { table, buckets } = dictionary(words);
        const got = new Map(fuzzyTerms(query, max, table, buckets).map((m) => [table.term(m.id), m.distance]));
        const want = new Map(
          words
            .filter((w) => w.charAt(0) === query.charAt(0))
            .map((w) => [w, editDistance(query, w)] as [string, number])
            .filter(([, d]) => d <= max),
        );
        expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it('with firstLetter, agrees with brute force on every term a first-letter typo can lead to', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', 'é'), minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 80 }), word, fc.integer({ min: 0, max: 2 }), (words, query, max) => {
        const { table, buckets } = dictionary(words);
        const got = new Map(fuzzyTerms(query, max, table, buckets, true).map((m) => [table.term(m.id), m.distance]));
        const [q0, q1] = [query.charAt(0), query.charAt(1)];
        // The terms the walk covers: the same first letter, or a wrong, missing or extra one.
        const reachable = (w: string): boolean => w.charAt(0) === q0 || (query.length >= 2 && (w.charAt(0) === q1 || (w.length >= 2 && (w.charAt(1) === q1 || w.charAt(1) === q0))));
        const want = new Map(
          words
            .filter(reachable)
            .map((w) => [w, editDistance(query, w)] as [string, number])
            .filter(([, d]) => d <= max),
        );
        expect(got).toEqual(want);
      }),
      { numRuns: 400 },
    );
  });

  it('with firstLetter, finds a word whose first letter was mistyped, dropped, doubled or swapped', () => {
    const { table, buckets } = dictionary(['hello', 'yellow', 'jelly', 'world', 'hallo']);
    const near = (q: string, max = 1): string[] => fuzzyTerms(q, max, table, buckets, true).map((m) => table.term(m.id)).sort();
    expect(near('jello')).toEqual(['hello', 'jelly']);
    expect(near('ello')).toEqual(['hello']);
    expect(near('hhello')).toEqual(['hello']);
    expect(near('ehllo')).toEqual(['hello']);
    expect(near('ehllo', 2)).toEqual(['hallo', 'hello']);
    // Without it, only terms with the query's first letter.
    expect(fuzzyTerms('jello', 1, table, buckets).map((m) => table.term(m.id))).toEqual(['jelly']);
  });

  it('sees terms added after the buckets were first sorted', () => {
    const { table, buckets } = dictionary(['alpha', 'beta']);
    expect(fuzzyTerms('alpho', 1, table, buckets).map((m) => table.term(m.id))).toEqual(['alpha']);
    table.intern('alphx');
    expect(fuzzyTerms('alpho', 1, table, buckets).map((m) => table.term(m.id)).sort()).toEqual(['alpha', 'alphx']);
    expect(buckets.withPrefix('al').map((id) => table.term(id))).toEqual(['alpha', 'alphx']);
  });
});
