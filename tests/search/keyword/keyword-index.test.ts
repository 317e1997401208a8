import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexDocument } from '../../../src/search/keyword/analyzer';
import { KeywordIndex } from '../../../src/search/keyword/keyword-index';

function doc(path: string, content = '', extra: Partial<IndexDocument> = {}): IndexDocument {
  const title = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');
  return { path, title, headings: [], tags: [], aliases: [], content, ...extra };
}

function paths(index: KeywordIndex, query: string, opts = {}): string[] {
  return index.search(query, { limit: 100, ...opts }).map((h) => h.path);
}

describe('KeywordIndex', () => {
  it('finds a document by title, content, heading, tag, alias and folder', () => {
    const index = new KeywordIndex();
    index.add(doc('Projects/Garden plan.md', 'Tomatoes need sun.', { headings: ['Watering schedule'], tags: ['outdoor/spring'], aliases: ['Allotment'] }));
    index.add(doc('Other.md', 'nothing relevant'));
    for (const q of ['garden', 'tomatoes', 'watering', 'spring', 'allotment', 'projects']) {
      expect(paths(index, q, { fuzzy: false, prefix: false })).toEqual(['Projects/Garden plan.md']);
    }
    expect(index.search('zzz')).toEqual([]);
    expect(index.search('')).toEqual([]);
  });

  it('ranks title matches before content matches, however often the content repeats the word', () => {
    const index = new KeywordIndex();
    index.add(doc('Notes/Kitchen.md', 'sourdough '.repeat(500)));
    index.add(doc('Notes/Sourdough.md', 'A short note about bread.'));
    index.add(doc('Notes/Other.md', 'sourdough once'));
    expect(paths(index, 'sourdough')[0]).toBe('Notes/Sourdough.md');
    expect(paths(index, 'sourdough').slice(1)).toEqual(['Notes/Kitchen.md', 'Notes/Other.md']);
  });

  it('ranks documents matching every query term before those matching some', () => {
    const index = new KeywordIndex();
    index.add(doc('a.md', 'rust rust rust rust'));
    index.add(doc('b.md', 'rust database'));
    index.add(doc('c.md', 'database database'));
    expect(paths(index, 'rust database')).toEqual(['b.md', 'a.md', 'c.md']);
  });

  it('completes prefixes of two or more characters and tolerates typos from four', () => {
    const index = new KeywordIndex();
    index.add(doc('infra.md', 'kubernetes cluster'));
    index.add(doc('food.md', 'pasta'));
    expect(paths(index, 'kube')).toEqual(['infra.md']);
    expect(paths(index, 'ku')).toEqual(['infra.md']);
    expect(paths(index, 'k')).toEqual([]);
    expect(paths(index, 'kube', { prefix: false, fuzzy: false })).toEqual([]);
    expect(paths(index, 'kubernetse')).toEqual(['infra.md']);
    expect(paths(index, 'kubernetse', { fuzzy: false })).toEqual([]);
    expect(paths(index, 'pasa', { prefix: false })).toEqual(['food.md']);
    expect(paths(index, 'pst', { prefix: false })).toEqual([]);
  });

  it('ranks an exact term above its completions and near misses', () => {
    const index = new KeywordIndex();
    index.add(doc('a.md', 'planning'));
    index.add(doc('b.md', 'plan'));
    index.add(doc('c.md', 'plans'));
    expect(paths(index, 'plan')[0]).toBe('b.md');
  });

  it('leaves stopwords out of content but keeps them in titles', () => {
    const index = new KeywordIndex();
    index.add(doc('The Who.md', 'a band'));
    index.add(doc('Essay.md', 'the the the garden'));
    expect(paths(index, 'the')).toEqual(['The Who.md']);
    expect(paths(index, 'the garden')).toEqual(['Essay.md']);
  });

  it('indexes non-ASCII and CJK text', () => {
    const index = new KeywordIndex();
    index.add(doc('Zürich.md', 'Ein Café in München'));
    index.add(doc('日本語.md', '東京の天気'));
    expect(paths(index, 'zurich')).toEqual(['Zürich.md']);
    expect(paths(index, 'Café MÜNCHEN')).toEqual(['Zürich.md']);
    expect(paths(index, '東京')).toEqual(['日本語.md']);
    expect(paths(index, '日本語')).toEqual(['日本語.md']);
  });

  it('forgets removed documents and the old words of replaced ones', () => {
    const index = new KeywordIndex();
    index.add(doc('a.md', 'apple'));
    index.add(doc('b.md', 'apple banana'));
    expect(index.remove('a.md')).toBe(true);
    expect(index.remove('a.md')).toBe(false);
    expect(paths(index, 'apple')).toEqual(['b.md']);
    index.add(doc('b.md', 'cherry'));
    expect(paths(index, 'apple')).toEqual([]);
    expect(paths(index, 'cherry')).toEqual(['b.md']);
    expect(index.size).toBe(1);
  });

  it('never lets a reused document id resurrect the postings of the document before it', () => {
    const index = new KeywordIndex({ shardCount: 1 });
    index.add(doc('old.md', 'walrus'));
    index.remove('old.md');
    index.mergeShard(0);
    index.add(doc('new.md', 'penguin'));
    expect(paths(index, 'walrus')).toEqual([]);
    expect(paths(index, 'penguin')).toEqual(['new.md']);
  });

  it('returns at most `limit` hits, best first, with scores in (0, 1)', () => {
    const index = new KeywordIndex();
    for (let i = 0; i < 50; i++) index.add(doc(`n${i}.md`, 'word '.repeat(1 + (i % 7)) + 'filler '.repeat(i)));
    const hits = index.search('word', { limit: 5 });
    expect(hits).toHaveLength(5);
    for (const h of hits) expect(h.score > 0 && h.score < 1).toBe(true);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
    const all = index.search('word', { limit: 1000 });
    expect(all).toHaveLength(50);
    expect(all.slice(0, 5)).toEqual(hits);
  });

  it('does not index content beyond maxContentChars', () => {
    const index = new KeywordIndex({ maxContentChars: 100 });
    index.add(doc('long.md', `${'early '.repeat(10)}${'x'.repeat(100)} late`));
    expect(paths(index, 'early')).toEqual(['long.md']);
    expect(paths(index, 'late', { fuzzy: false, prefix: false })).toEqual([]);
  });

  it('scores a path for a query as search does, 0 when it does not match', () => {
    const index = new KeywordIndex();
    index.add(doc('Tax 2024.md', 'invoice receipts'));
    index.add(doc('Recipes.md', 'bread'));
    const hit = index.search('tax invoice')[0];
    expect(hit?.path).toBe('Tax 2024.md');
    expect(index.score('tax invoice', 'Tax 2024.md')).toBe(hit?.score);
    expect(index.score('tax invoice', 'Recipes.md')).toBe(0);
    expect(index.score('tax invoice', 'missing.md')).toBe(0);
    // The cached evaluation follows changes to the index.
    index.add(doc('Recipes.md', 'tax on bread'));
    expect(index.score('tax invoice', 'Recipes.md')).toBeGreaterThan(0);
    expect(index.score('tax invoice', 'Recipes.md')).toBeLessThan(index.score('tax invoice', 'Tax 2024.md'));
  });

  it('adds a long note in steps with the same result as in one go, the old version searchable meanwhile', () => {
    const text = Array.from({ length: 3000 }, (_, i) => `${i % 10 === 0 ? '\n' : ''}word${i % 97} café-${i % 13} 日本語`).join(' ');
    const whole = new KeywordIndex({ shardCount: 2 });
    whole.add(doc('long.md', text));
    const stepped = new KeywordIndex({ shardCount: 2 });
    stepped.add(doc('long.md', 'previous version'));
    const steps = stepped.addSteps(doc('long.md', text), { mtime: 1, size: 2 }, 1000);
    let pauses = 0;
    while (steps.next().done !== true) {
      pauses++;
      expect(paths(stepped, 'previous')).toEqual(['long.md']);
    }
    expect(pauses).toBeGreaterThan(20);
    expect(paths(stepped, 'previous')).toEqual([]);
    for (const q of ['word5', 'word96', 'cafe 12', '日本', 'long']) expect(stepped.search(q, { limit: 5 })).toEqual(whole.search(q, { limit: 5 }));
  });

  it('abandons a stepped add when another add starts, leaving the index consistent', () => {
    const index = new KeywordIndex();
    const steps = index.addSteps(doc('slow.md', 'alpha '.repeat(5000)), undefined, 100);
    steps.next();
    index.add(doc('fast.md', 'beta'));
    expect(() => steps.next()).toThrow(/abandoned/);
    expect(paths(index, 'beta')).toEqual(['fast.md']);
    expect(paths(index, 'alpha')).toEqual([]);
  });

  it('caps how many completions a two-letter prefix expands to', () => {
    const index = new KeywordIndex();
    for (let i = 0; i < 200; i++) index.add(doc(`n${i}.md`, `pr${i.toString(36)}x pr${i.toString(36)}y`));
    const hits = index.search('pr', { limit: 1000 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(12);
  });

  // Scores may differ a little: until a merge purges them, removed documents still count in the
  // document frequency (as in Lucene), so only the matches are compared.
  it('finds the same documents with or without merging, and the same as a naive scan', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'omega'];
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), n: fc.integer({ min: 0, max: 12 }), ws: fc.array(fc.constantFrom(...words), { maxLength: 6 }) }),
      fc.record({ kind: fc.constant('remove' as const), n: fc.integer({ min: 0, max: 12 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const merging = new KeywordIndex({ shardCount: 3, mergeThreshold: 2 });
        const plain = new KeywordIndex({ shardCount: 5, mergeThreshold: 1e9 });
        const model = new Map<string, string[]>();
        for (const o of ops) {
          const path = `d${o.n}.md`;
          if (o.kind === 'add') {
            for (const ix of [merging, plain]) ix.add(doc(path, o.ws.join(' '), { title: `t${o.n}` }));
            model.set(path, o.ws);
          } else {
            for (const ix of [merging, plain]) ix.remove(path);
            model.delete(path);
          }
        }
        for (const w of words) {
          const exact = { limit: 100, prefix: false, fuzzy: false };
          const want = [...model].filter(([, ws]) => ws.includes(w)).map(([p]) => p).sort();
          expect(paths(merging, w, exact).sort()).toEqual(want);
          expect(paths(plain, w, exact).sort()).toEqual(want);
        }
        expect(merging.size).toBe(model.size);
      }),
      { numRuns: 200 },
    );
  });
});
