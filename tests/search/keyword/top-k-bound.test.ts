// The top-k search skips scoring documents without a title hit when enough documents that match
// every query term have one (searcher.ts, runTitleFirst). That is a shortcut, never a different
// answer: the top k must be exactly the first k of the full ranking (every match scored), on any
// vault, with removed documents and unmerged changes mixed in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexDocument } from '../../../src/search/keyword/analyzer';
import { KeywordIndex } from '../../../src/search/keyword/keyword-index';

const WORDS = ['garden', 'gardening', 'plan', 'plant', 'rust', 'review', 'weekly', 'kubernetes', 'coffee', 'code'];

function doc(path: string, title: string, content: string, aliases: string[] = []): IndexDocument {
  return { path, title, headings: [], tags: [], aliases, content };
}

/** The ranking as the caller sees it: path and score, ties by path. */
function ranked(index: KeywordIndex, query: string, limit: number): string[] {
  return index.search(query, { limit }).map((h) => `${h.path} ${h.score.toFixed(9)}`);
}

describe('top-k search with the title bound', () => {
  it('returns exactly the first k of the full ranking, on random vaults and queries', () => {
    const word = fc.constantFrom(...WORDS);
    const note = fc.record({ title: fc.array(word, { minLength: 1, maxLength: 3 }), alias: fc.option(word), body: fc.array(word, { maxLength: 12 }) });
    fc.assert(
      fc.property(fc.array(note, { minLength: 5, maxLength: 80 }), fc.array(word, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 12 }), fc.nat(), (notes, query, k, removeEvery) => {
        // A small merge threshold: some shards hold merged bases, others deltas.
        const index = new KeywordIndex({ shardCount: 4, mergeThreshold: 40 });
        notes.forEach((n, i) => index.add(doc(`n${i}.md`, n.title.join(' '), n.body.join(' '), n.alias === null ? [] : [n.alias])));
        if (removeEvery > 1) notes.forEach((_, i) => i % removeEvery === 0 && index.remove(`n${i}.md`));
        const q = query.join(' ');
        const all = ranked(index, q, Infinity);
        // Ties at the cut may come out in any order of path: compare scores at the cut, paths above it.
        const top = ranked(index, q, k);
        expect(top.length).toBe(Math.min(k, all.length));
        const cut = top.length === 0 ? '' : (top[top.length - 1] as string).split(' ')[1];
        const above = (xs: string[]): string[] => xs.filter((x) => x.split(' ')[1] !== cut);
        expect(above(top)).toEqual(above(all.slice(0, top.length)));
        expect(top.map((x) => x.split(' ')[1])).toEqual(all.slice(0, top.length).map((x) => x.split(' ')[1]));
      }),
      { numRuns: 300, seed: 29 },
    );
  });

  it('still finds the best matches when too few title hits match every term', () => {
    const index = new KeywordIndex();
    // 30 notes with "garden" in the title but not "rust"; 3 with both in the text only.
    for (let i = 0; i < 30; i++) index.add(doc(`g${i}.md`, `garden ${i}`, 'weeds'));
    for (let i = 0; i < 3; i++) index.add(doc(`b${i}.md`, `note ${i}`, 'garden rust'));
    expect(index.search('garden rust', { limit: 20 }).slice(0, 3).map((h) => h.path).sort()).toEqual(['b0.md', 'b1.md', 'b2.md']);
  });
});
