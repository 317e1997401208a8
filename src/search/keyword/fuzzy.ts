// Terms within an edit distance of a query term (Levenshtein with adjacent transpositions counted
// as one edit, the "optimal string alignment" distance: `cnavas` is one typo from `canvas`, as a
// user sees it, not two), found by walking each sorted bucket as an
// implicit trie: consecutive terms share the DP rows of their common prefix, and as soon as every
// cell of a row exceeds the allowed distance, all terms with that prefix are skipped with one
// binary search. This is the trie walk MiniSearch does over its radix tree, without keeping a
// tree of objects in memory for a few hundred thousand terms.
//
// Like Lucene's fuzzy query with prefixLength 1, a match starts with the query's first character:
// it limits the walk to a few buckets instead of the whole dictionary (with two edits allowed, no
// bucket could otherwise be ruled out by its key). For a word the vault does not have, the caller
// may ask for typos in the first letter too (`firstLetter`): the walk then also visits the
// buckets such a typo leads to, which its other letters name: a wrong first letter
// (`xello` -> `hello`: buckets with the query's second letter second), a missing one (`ello`:
// buckets with the query's first letter second), and an extra one (`hhello`, or the first two
// swapped: buckets that start with the query's second letter). That is a few dozen buckets, most
// ruled out by their key, never the whole dictionary.

import { MAX_TERM_LENGTH } from './tokenizer';
import { lowerBound, type TermBuckets } from './term-buckets';
import type { TermTable } from './term-table';

export interface FuzzyMatch {
  id: number;
  distance: number;
}

/** The buckets a walk visits: those of the first letter, and those a first-letter typo leads to. */
function bucketsToWalk(query: string, buckets: TermBuckets, firstLetter: boolean): readonly string[] {
  const first = query.charAt(0);
  const own = buckets.keysStartingWith(first);
  if (!firstLetter || query.length < 2) return own;
  const second = query.charAt(1);
  const more = new Set([...buckets.keysWithSecond(second), ...buckets.keysWithSecond(first), ...buckets.keysStartingWith(second)]);
  for (const key of own) more.delete(key);
  return [...own, ...more];
}

/**
 * Every term within `maxDistance` edits of `query` that starts with the same character, or with
 * `firstLetter` also those whose difference includes the first letter (see above); the query
 * itself included, at distance 0.
 */
export function fuzzyTerms(query: string, maxDistance: number, table: TermTable, buckets: TermBuckets, firstLetter = false): FuzzyMatch[] {
  const m = query.length;
  const width = m + 1;
  const rows = new Int32Array((MAX_TERM_LENGTH + 2) * width);
  for (let j = 0; j <= m; j++) rows[j] = j;

  /**
   * Fills row `d` for the `d`-th character of `word` (a term, or a bucket key: its prefix) from
   * rows d - 1 and d - 2; returns the row's minimum. Pruning on that minimum stays exact with
   * transpositions: a swap reaching row d + 1 costs at least the substitution cell of row d.
   */
  const fillRow = (d: number, word: string): number => {
    const c = word.charCodeAt(d - 1);
    const before = d > 1 ? word.charCodeAt(d - 2) : -1;
    const row = d * width;
    const up = row - width;
    rows[row] = d;
    let min = d;
    for (let j = 1; j <= m; j++) {
      const q = query.charCodeAt(j - 1);
      let v = Math.min((rows[up + j - 1] as number) + (q === c ? 0 : 1), (rows[up + j] as number) + 1, (rows[row + j - 1] as number) + 1);
      if (d > 1 && j > 1 && q === before && query.charCodeAt(j - 2) === c && q !== c) v = Math.min(v, (rows[up - width + j - 2] as number) + 1);
      rows[row + j] = v;
      if (v < min) min = v;
    }
    return min;
  };

  const out: FuzzyMatch[] = [];
  for (const key of bucketsToWalk(query, buckets, firstLetter)) {
    // Every term of a bucket starts with its key: most buckets are ruled out by the key alone,
    // without being sorted or read.
    let keyMin = 0;
    for (let d = 1; d <= key.length; d++) keyMin = fillRow(d, key);
    if (keyMin > maxDistance) continue;
    const ids = buckets.sortedBucket(key);
    let prev = key;
    let computed = key.length; // rows[0 .. computed] are valid for prev's prefix
    let i = 0;
    while (i < ids.length) {
      const id = ids[i] as number;
      const term = table.term(id);
      let depth = key.length;
      const limit = Math.min(computed, term.length, prev.length);
      while (depth < limit && term.charCodeAt(depth) === prev.charCodeAt(depth)) depth++;
      let pruned = -1;
      for (let d = depth + 1; d <= term.length; d++) {
        if (fillRow(d, term) > maxDistance) {
          pruned = d;
          break;
        }
      }
      prev = term;
      if (pruned >= 0) {
        computed = pruned;
        // Every later term with this prefix fails the same way.
        i = lowerBound(ids, term.slice(0, pruned) + '\uffff', table, i + 1);
        continue;
      }
      computed = term.length;
      const distance = rows[term.length * width + m] as number;
      if (distance <= maxDistance) out.push({ id, distance });
      i++;
    }
  }
  return out;
}
