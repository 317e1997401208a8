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
  return words.map((text) => ({ text, expansions: expand(text, dict, options) }));
}

function expand(text: string, dict: Dictionary, options: SearchOptions): Expansion[] {
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
  if (options.fuzzy !== false && text.length >= (known ? MIN_FUZZY_LENGTH : MIN_FUZZY_LENGTH_UNKNOWN) && /\p{L}/u.test(text)) {
    const maxDistance = text.length >= 8 ? 2 : 1;
    const near = fuzzyTerms(text, maxDistance, dict.table, dict.buckets, !known)
      .filter((m) => m.distance > 0 && df(m.id) > 0 && (digits === '' || dict.table.term(m.id).replace(/\D/g, '') === digits))
      .sort((a, b) => a.distance - b.distance || df(b.id) - df(a.id))
      .slice(0, FUZZY_EXPANSIONS);
    for (const m of near) candidates.push({ id: m.id, weight: FUZZY_WEIGHT / m.distance, df: df(m.id), rank: m.distance });
  }

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
