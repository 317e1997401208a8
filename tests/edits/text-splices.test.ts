// The journal keeps a note's later texts as splices of its earlier one (text-splices.ts). The
// splices are found between the common head and tail of the two texts, then line by line; the
// check that they give the text back runs in place. Random texts (with line breaks, repeated
// pieces so heads and tails overlap, and changes that add or remove lines) must come back exact,
// and a link-rewrite-shaped change must give one small splice per changed line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySplices, type Splice, splicesGive, textSplices } from '../../src/edits/journal/text-splices';

const piece = fc.constantFrom('a', 'b', '\n', 'ab', '[[x]]', '\n\n', 'é', '😀', 'link');
const text = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));
/** A text and an edit of it: pieces replaced, inserted or removed at random places. */
const pair = fc.tuple(text, fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.array(piece, { maxLength: 3 })), { maxLength: 4 })).map(([a, edits]) => {
  let b = a;
  for (const [at, remove, insert] of edits) {
    const p = b.length === 0 ? 0 : at % (b.length + 1);
    b = b.slice(0, p) + insert.join('') + b.slice(p + remove);
  }
  return [a, b] as const;
});

describe('text splices', () => {
  it('give back the later text exactly, and the in-place check agrees with applying them', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const s = textSplices(a, b);
        expect(applySplices(a, s)).toBe(b);
        expect(splicesGive(a, s, b)).toBe(true);
        for (let k = 1; k < s.length; k++) expect((s[k] as Splice)[0]).toBeGreaterThanOrEqual((s[k - 1] as Splice)[0] + (s[k - 1] as Splice)[1]);
      }),
      { numRuns: 3000 },
    );
  });

  it('the in-place check refuses splices that do not give the text', () => {
    fc.assert(
      fc.property(pair, text, ([a, b], c) => {
        fc.pre(c !== b);
        expect(splicesGive(a, textSplices(a, b), c)).toBe(applySplices(a, textSplices(a, b)) === c);
      }),
      { numRuns: 2000 },
    );
  });

  it('a link rewritten in two lines of a long note is two small splices, at the changed links', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `line ${i} with [[Note ${i % 50}]] and some words`);
    const a = lines.join('\n') + '\n';
    const b = a.replaceAll('[[Note 7]]', '[[Moved/Note 7]]');
    const s = textSplices(a, b);
    expect(s.length).toBe(40);
    expect(s.every(([, remove, insert]) => remove === 0 && insert === 'Moved/')).toBe(true);
    expect(applySplices(a, s)).toBe(b);
    expect(textSplices(a, a)).toEqual([]);
    expect(textSplices('', 'x\n')).toEqual([[0, 0, 'x\n']]);
    expect(textSplices('\nab', 'xab')).toEqual([[0, 1, 'x']]);
  });
});
