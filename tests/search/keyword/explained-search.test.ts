// Explaining a search must not change it: the same hits, scores and order as `search`, for any
// query over a generated corpus; and every reported field really holds the term.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeywordIndex } from '../../../src/search/keyword/keyword-index';
import { FIELD_CONTENT } from '../../../src/search/keyword/searcher';
import { FIELD_HEADING, FIELD_TITLE } from '../../../src/search/keyword/segment';

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'river', 'stone', 'cloud'];

describe('searchExplained', () => {
  it('ranks exactly as search does and reports true fields', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ title: fc.constantFrom(...WORDS), heading: fc.constantFrom(...WORDS), body: fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }) }), { minLength: 1, maxLength: 30 }),
        fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
        (docs, query) => {
          const index = new KeywordIndex({ shardCount: 3, mergeThreshold: 20 });
          docs.forEach((d, i) => index.add({ path: `n${i}/${d.title}.md`, title: d.title, headings: [d.heading], tags: [], aliases: [], content: d.body.join(' ') }));
          const q = query.join(' ');
          const plain = index.search(q, { limit: 50, prefix: false, fuzzy: false });
          const explained = index.searchExplained(q, { limit: 50, prefix: false, fuzzy: false });
          expect(explained.map((h) => [h.path, h.score])).toEqual(plain.map((h) => [h.path, h.score]));
          for (const hit of explained) {
            const d = docs[Number(hit.path.slice(1, hit.path.indexOf('/')))];
            if (d === undefined) throw new Error('unknown hit');
            for (const m of hit.matches) {
              expect((m.fields & FIELD_TITLE) !== 0).toBe(d.title === m.term);
              expect((m.fields & FIELD_HEADING) !== 0).toBe(d.heading === m.term);
              expect((m.fields & FIELD_CONTENT) !== 0).toBe(d.body.includes(m.term));
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
