// Turns a query string into query terms, each with the dictionary terms it stands for: itself,
// its completions (prefix) and its near misses (fuzzy). Expansion is where full-text search gets
// slow (MiniSearch expands "pr" to every term starting with it and scores them all), so it is
// capped here: by length (no prefix under 2 characters, no fuzzy under 4), by count, and by the
// number of postings the expansions of one query term may cost. The cap keeps the most frequent
// completions: for a short prefix they are what the user most likely means to type.
//
// A word the vault does not have at all is most likely mistyped, so it gets more: typos in its
// first letter are looked for too, and fuzzy matching starts at 3 letters instead of 4 ("tga"
// finds "tag"). A word the vault has keeps the narrow search: its own postings answer, and
// "cat" does not drag in "bat", "hat" and "rat" (nor their postings, which is where the time goes).
// Except a 3-letter word among other words: a mistyped short word is often another word
// (`des` for `der`, `let` for `les`), so it gets its near misses too when the query has more words
// to decide between them (coverage ranks the note holding them all first).
//
// Chinese and Japanese are indexed as overlapping bigrams (tokenizer.ts), too short for edit
// distance. A wrong character inside a run breaks the two bigrams around it (`レシフ勉強` has
// `シフ` and `フ勉`, neither in the vault); the characters that mend both at once (`ピ`: `シピ` and
// `ピ勉` are both in the vault) are the typo's likely repairs, so each broken bigram gets the
// mended ones as near misses. See `cjkRepairs`.

import { fuzzyTerms } from './fuzzy';
import type { TermBuckets } from './term-buckets';
import type { TermTable } from './term-table';
import { terms } from './tokenizer';

export interface SearchOptions {
  /** Most results returned; default 20. */
  limit?: number;
  /** Complete query terms of 2+ characters as prefixes; default true. */
  prefix?: boolean;
  /**
   * Allow typos in query words of 4+ letters (1 edit, 2 from 8 letters; not in numbers); in a
   * word the vault does not have, from 3 letters and in the first letter too. Default true.
   */
  fuzzy?: boolean;
}

export interface Expansion {
  id: number;
  /** 1 for the term itself, less for completions and near misses. */
  weight: number;
}

export interface QueryTerm {
  text: string;
  expansions: Expansion[];
}

export const MAX_QUERY_TERMS = 16;
export const MIN_PREFIX_LENGTH = 2;
export const MIN_FUZZY_LENGTH = 4;
/** Fuzzy matching starts here for a word the vault does not have. */
export const MIN_FUZZY_LENGTH_UNKNOWN = 3;
/** Completions kept for a two-letter prefix, and for longer ones. */
export const SHORT_PREFIX_EXPANSIONS = 6;
export const PREFIX_EXPANSIONS = 24;
export const FUZZY_EXPANSIONS = 12;
/** Postings the expansions of one query term may add, beyond the first expansion. */
export const EXPANSION_POSTING_BUDGET = 400_000;

const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

interface Dictionary {
  table: TermTable;
  buckets: TermBuckets;
  df: Int32Array;
}

/** The query's distinct terms, stopwords dropped unless the query has nothing else. */
export function queryWords(query: string, isStopword: (term: string) => boolean): string[] {
  const all = [...new Set(terms(query))];
  const content = all.filter((t) => !isStopword(t));
  return (content.length > 0 ? content : all).slice(0, MAX_QUERY_TERMS);
}

export function planQuery(query: string, dict: Dictionary, options: SearchOptions): QueryTerm[] {
  const words = queryWords(query, (t) => {
    const id = dict.table.find(t);
    return id >= 0 && dict.table.isStopword(id);
  });
  const repairs = options.fuzzy !== false ? cjkRepairs(terms(query), dict) : new Map<string, number[]>();
  return words.map((text) => ({ text, expansions: expand(text, dict, options, words.length, repairs.get(text)) }));
}

/** Two CJK characters (a bigram term). */
function isCjkBigram(t: string): boolean {
  return t.length === 2 && CJK.test(t);
}
const CJK = /^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]{2}$/;

/**
 * Repairs of the bigrams of CJK runs that the vault lacks, by term id, under the broken bigram.
 * Inside a run a wrong character `Y` breaks two bigrams, `XY` and `YZ`: the repairs are `XY'` and
 * `Y'Z` for every character `Y'` that makes both words of the vault. At a run's end (or start) it
 * breaks one, `XY` after a known `WX` (or `YZ` before a known `ZV`): the repairs are the vault's
 * bigrams `XY'` (or `Y'Z`). The candidates for `Y'` are read off the bucket keys (a key is a term's
 * first two characters, and a CJK term is two characters long), never off the terms.
 */
function cjkRepairs(tokens: readonly string[], dict: Dictionary): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const has = (t: string): number => {
    const id = dict.table.find(t);
    return id >= 0 && (dict.df[id] ?? 0) > 0 ? id : -1;
  };
  const add = (broken: string, id: number): void => void (out.get(broken) ?? out.set(broken, []).get(broken))?.push(id);
  /** Is `b` the bigram after `a` in the same run? */
  const chained = (a: string | undefined, b: string | undefined): boolean => a !== undefined && b !== undefined && isCjkBigram(a) && isCjkBigram(b) && a.charAt(1) === b.charAt(0);
  for (let k = 0; k < tokens.length; k++) {
    const a = tokens[k] as string;
    if (!isCjkBigram(a) || has(a) >= 0) continue;
    const before = tokens[k - 1];
    const after = tokens[k + 1];
    if (chained(a, after) && has(after as string) < 0) {
      // A wrong character inside the run: it must mend both bigrams.
      const b = after as string;
      const z = b.charAt(1);
      for (const key of dict.buckets.keysStartingWith(a.charAt(0))) {
        if (!isCjkBigram(key)) continue;
        const left = has(key);
        const right = left >= 0 ? has(key.charAt(1) + z) : -1;
        if (right < 0) continue;
        add(a, left);
        add(b, right);
      }
      k++;
    } else if (chained(before, a) && !chained(a, after)) {
      // A wrong last character.
      for (const key of dict.buckets.keysStartingWith(a.charAt(0))) if (isCjkBigram(key) && has(key) >= 0) add(a, has(key));
    } else if (chained(a, after) && !chained(before, a)) {
      // A wrong first character.
      for (const key of dict.buckets.keysWithSecond(a.charAt(1))) if (isCjkBigram(key) && has(key) >= 0) add(a, has(key));
    }
  }
  return out;
}

function expand(text: string, dict: Dictionary, options: SearchOptions, words: number, repairs: readonly number[] = []): Expansion[] {
  const df = (id: number): number => dict.df[id] ?? 0;
  const chosen = new Map<number, number>();
  const exact = dict.table.find(text);
  const known = exact >= 0 && df(exact) > 0;
  if (known) chosen.set(exact, 1);

  const candidates: { id: number; weight: number; df: number; rank: number }[] = [];
  if (options.prefix !== false && text.length >= MIN_PREFIX_LENGTH) {
    const completions = dict.buckets
      .withPrefix(text)
      .filter((id) => id !== exact && df(id) > 0)
      .map((id) => ({ id, df: df(id), length: dict.table.term(id).length }))
      .sort((a, b) => b.df - a.df)
      .slice(0, text.length === MIN_PREFIX_LENGTH ? SHORT_PREFIX_EXPANSIONS : PREFIX_EXPANSIONS);
    for (const c of completions) {
      candidates.push({ id: c.id, weight: PREFIX_WEIGHT * (0.5 + (0.5 * text.length) / c.length), df: c.df, rank: 0 });
    }
  }
  // Numbers are not misspelt words: "4711" must not find "4712". A word with letters and digits
  // ("route53", a user name) may have a typo in its letters, never in its number: "rote53" finds
  // "route53", and "route54" is another word.
  const digits = text.replace(/\D/g, '');
  const minFuzzy = known && words < 2 ? MIN_FUZZY_LENGTH : MIN_FUZZY_LENGTH_UNKNOWN;
  if (options.fuzzy !== false && text.length >= minFuzzy && /\p{L}/u.test(text)) {
    const maxDistance = text.length >= 8 ? 2 : 1;
    const near = fuzzyTerms(text, maxDistance, dict.table, dict.buckets, !known)
      .filter((m) => m.distance > 0 && df(m.id) > 0 && (digits === '' || dict.table.term(m.id).replace(/\D/g, '') === digits))
      .sort((a, b) => a.distance - b.distance || df(b.id) - df(a.id))
      .slice(0, FUZZY_EXPANSIONS);
    for (const m of near) candidates.push({ id: m.id, weight: FUZZY_WEIGHT / m.distance, df: df(m.id), rank: m.distance });
  }
  const mended = [...new Set(repairs)].sort((x, y) => df(y) - df(x));
  for (const id of mended) candidates.push({ id, weight: FUZZY_WEIGHT, df: df(id), rank: 1 });

  // Cheapest useful first: completions (rank 0) by frequency, then near misses by distance.
  candidates.sort((a, b) => a.rank - b.rank || b.df - a.df);
  let spent = 0;
  for (const c of candidates) {
    const had = chosen.get(c.id);
    if (had !== undefined) {
      if (c.weight > had) chosen.set(c.id, c.weight);
      continue;
    }
    if (chosen.size > 0 && spent + c.df > EXPANSION_POSTING_BUDGET) continue;
    spent += c.df;
    chosen.set(c.id, c.weight);
  }
  return [...chosen].map(([id, weight]) => ({ id, weight }));
}
