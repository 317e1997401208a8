// The top-k search skips scoring documents without a title hit when enough documents that match
// every query term have one (searcher.ts, runTitleFirst). That is a shortcut, never a different
// answer: the top k must be exactly the first k of the full ranking (every match scored; equal
// scores by path), on any vault, with removed documents and unmerged changes mixed in. The best-fit
// bound (only the title hits of the best title-fit classes are scored) is held to the same.
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
        // Ties rank by path at the cut too: the top k is the first k of the full ranking, exactly.
        const top = ranked(index, q, k);
        expect(top).toEqual(all.slice(0, k));
      }),
      { numRuns: 300, seed: 29 },
    );
  });

  it('scores only the best title-fit classes and still returns the first k of the full ranking', () => {
    // File names made of the title words (the title fit counts the file name's words), so notes
    // whose title holds every query term fall into several fit classes.
    const word = fc.constantFrom(...WORDS);
    const note = fc.record({ title: fc.array(word, { minLength: 1, maxLength: 4 }), numbered: fc.boolean(), body: fc.array(word, { maxLength: 8 }) });
    fc.assert(
      fc.property(fc.array(note, { minLength: 5, maxLength: 120 }), fc.array(word, { minLength: 1, maxLength: 2 }), fc.integer({ min: 1, max: 12 }), (notes, query, k) => {
        const index = new KeywordIndex({ shardCount: 4, mergeThreshold: 60 });
        notes.forEach((n, i) => index.add(doc(`${n.title.join(' ')}${n.numbered ? ` ${i}` : ''} (${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26)}).md`, n.title.join(' '), n.body.join(' '))));
        const q = query.join(' ');
        expect(ranked(index, q, k)).toEqual(ranked(index, q, Infinity).slice(0, k));
      }),
      { numRuns: 300, seed: 29 },
    );
    // The case the bound is for: many title hits, the few whose title is the query word first.
    const index = new KeywordIndex();
    for (let i = 0; i < 30; i++) index.add(doc(`long/garden plan ${i}.md`, `garden plan ${i}`, 'weeds'));
    for (const c of 'abcde') index.add(doc(`short/garden.${c}.md`, 'garden', 'weeds'));
    expect(index.search('garden', { limit: 3 }).map((h) => h.path)).toEqual(['short/garden.a.md', 'short/garden.b.md', 'short/garden.c.md']);
  });

  it('still finds the best matches when too few title hits match every term', () => {
    const index = new KeywordIndex();
    // 30 notes with "garden" in the title but not "rust"; 3 with both in the text only.
    for (let i = 0; i < 30; i++) index.add(doc(`g${i}.md`, `garden ${i}`, 'weeds'));
    for (let i = 0; i < 3; i++) index.add(doc(`b${i}.md`, `note ${i}`, 'garden rust'));
    expect(index.search('garden rust', { limit: 20 }).slice(0, 3).map((h) => h.path).sort()).toEqual(['b0.md', 'b1.md', 'b2.md']);
  });
});
