import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FOLD, FOLD_LIMIT, OTHER, SEPARATOR, foldWord } from '../../../src/search/keyword/char-fold';
import { TermTable, hashTerm } from '../../../src/search/keyword/term-table';
import { MAX_TERM_LENGTH, scanTerms, terms } from '../../../src/search/keyword/tokenizer';

/** The ids the indexer's allocation-free path produces, turned back into strings. */
function termsViaTable(text: string, table = new TermTable()): string[] {
  const out: string[] = [];
  scanTerms(text, {
    span: (t, start, end, hash, folded) => out.push(table.term(table.internSpan(t, start, end, hash, folded))),
    word: (w) => out.push(table.term(table.intern(w))),
  });
  return out;
}

describe('tokenizer', () => {
  it('lowercases, splits on punctuation and folds diacritics', () => {
    expect(terms('Hello, World! Café naïve RÉSUMÉ Zürich smörgåsbord')).toEqual(['hello', 'world', 'cafe', 'naive', 'resume', 'zurich', 'smorgasbord']);
    expect(terms('snake_case kebab-case dotted.name #tag/nested [[Link|alias]]')).toEqual([
      'snake',
      'case',
      'kebab',
      'case',
      'dotted',
      'name',
      'tag',
      'nested',
      'link',
      'alias',
    ]);
  });

  it('keeps digits and mixed words, and folds decomposed accents the same as composed ones', () => {
    expect(terms('2024-01-31 v2 ISO8601')).toEqual(['2024', '01', '31', 'v2', 'iso8601']);
    expect(terms('cafe\u0301 caf\u00e9')).toEqual(['cafe', 'cafe']);
  });

  it('keeps letters it cannot fold to ASCII', () => {
    expect(terms('Straße Ελληνικά Русский')).toEqual(['straße', 'ελληνικα', 'русскии']);
  });

  it('cuts CJK runs into bigrams and keeps a lone character', () => {
    expect(terms('日本語のノート')).toEqual(['日本', '本語', '語の', 'のノ', 'ノー', 'ート']);
    expect(terms('猫 cat')).toEqual(['猫', 'cat']);
    expect(terms('abc日本')).toEqual(['abc', '日本']);
  });

  it('drops tokens longer than the maximum (hashes, base64)', () => {
    const long = 'x'.repeat(MAX_TERM_LENGTH + 1);
    const edge = 'y'.repeat(MAX_TERM_LENGTH);
    expect(terms(`a ${long} ${edge} b`)).toEqual(['a', edge, 'b']);
  });

  it('handles astral-plane letters and lone surrogates without throwing', () => {
    expect(terms('𝒜𝒷𝒸 ok')).toEqual([foldWord('𝒜𝒷𝒸'), 'ok']);
    expect(() => terms('\ud800 x \udc00')).not.toThrow();
  });

  it('derives the fold table from the general path', () => {
    for (let c = 0; c < FOLD_LIMIT; c++) {
      const f = FOLD[c] as number;
      if (f === SEPARATOR || f === OTHER) continue;
      expect(foldWord(String.fromCharCode(c))).toBe(String.fromCharCode(f));
    }
  });

  it('the term-table path yields exactly the string path on any text', () => {
    const alphabet = fc.constantFrom(...'aZ9 ,.-_é É ß ü İ ǅ 日本語 ok\u0301\n#𝒜'.split(''));
    fc.assert(
      fc.property(fc.array(fc.oneof(alphabet, fc.string()), { maxLength: 60 }), (chunks) => {
        const text = chunks.join('');
        expect(termsViaTable(text)).toEqual(terms(text));
      }),
      { numRuns: 500 },
    );
  });

  it('hashes spans as hashTerm hashes their folded form', () => {
    const seen: [string, number][] = [];
    scanTerms('Hello Wörld École', {
      span: (t, s, e, h) => seen.push([t.slice(s, e), h]),
      word: () => undefined,
    });
    expect(seen.map(([, h]) => h)).toEqual(['hello', 'world', 'ecole'].map(hashTerm));
  });
});

describe('TermTable', () => {
  it('gives each distinct term one id and finds it again after growing', () => {
    const table = new TermTable(new Set(['the']));
    const ids = Array.from({ length: 5000 }, (_, i) => table.intern(`t${i}`));
    expect(new Set(ids).size).toBe(5000);
    expect(table.find('t4321')).toBe(ids[4321]);
    expect(table.find('missing')).toBe(-1);
    expect(table.term(ids[17] as number)).toBe('t17');
    const the = table.intern('the');
    expect(table.isStopword(the)).toBe(true);
    expect(table.isStopword(ids[0] as number)).toBe(false);
  });
});
