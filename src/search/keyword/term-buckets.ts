// Sorted views of the term dictionary for prefix and fuzzy expansion. Terms are grouped by their
// first two characters, and each group is sorted only when a query needs it: a new term costs a
// push, never a re-sort of the whole dictionary (which at a few hundred thousand terms would be
// a UI freeze of its own), and a two-letter prefix is exactly one group.

import type { TermTable } from './term-table';

interface Bucket {
  ids: number[];
  sorted: boolean;
}

/** A number naming `term`'s bucket, computed without slicing a string per term. */
function bucketCode(term: string): number {
  return term.length < 2 ? term.charCodeAt(0) : term.charCodeAt(0) * 0x10000 + term.charCodeAt(1) + 0x10000_0000;
}

export function bucketKey(term: string): string {
  return term.slice(0, 2);
}

export class TermBuckets {
  private readonly buckets = new Map<string, Bucket>();
  /** The same buckets by bucketCode. */
  private readonly byCode = new Map<number, Bucket>();
  /** First character -> keys of the buckets whose terms start with it. */
  private readonly byFirst = new Map<string, string[]>();
  /** Second character -> keys of the two-character buckets whose terms have it second. */
  private readonly bySecond = new Map<string, string[]>();
  /** Term ids below this are in a bucket. */
  private known = 0;

  constructor(private readonly table: TermTable) {}

  /** Forgets every bucket: for after the table renumbered its terms. */
  reset(): void {
    this.buckets.clear();
    this.byCode.clear();
    this.byFirst.clear();
    this.bySecond.clear();
    this.known = 0;
  }

  /** Puts every term the table gained since the last call into its bucket. */
  sync(): void {
    for (let id = this.known; id < this.table.size; id++) {
      const term = this.table.term(id);
      const code = bucketCode(term);
      let b = this.byCode.get(code);
      if (b === undefined) {
        const key = bucketKey(term);
        b = { ids: [], sorted: true };
        this.buckets.set(key, b);
        this.byCode.set(code, b);
        addKey(this.byFirst, key.charAt(0), key);
        if (key.length === 2) addKey(this.bySecond, key.charAt(1), key);
      }
      const last = b.ids[b.ids.length - 1];
      b.ids.push(id);
      if (b.sorted && last !== undefined && this.table.term(last) > term) b.sorted = false;
    }
    this.known = this.table.size;
  }

  /** Term ids of `key`'s bucket, sorted by term. */
  sortedBucket(key: string): readonly number[] {
    this.sync();
    const b = this.buckets.get(key);
    if (b === undefined) return [];
    if (!b.sorted) this.sortBucket(b);
    return b.ids;
  }

  /** Sorts up to `budget` unsorted buckets; returns true when none is left. For idle time. */
  sortSome(budgetMs: number): boolean {
    this.sync();
    const t0 = performance.now();
    for (const b of this.buckets.values()) {
      if (b.sorted) continue;
      this.sortBucket(b);
      if (performance.now() - t0 > budgetMs) return false;
    }
    return true;
  }

  /** Keys of the buckets whose terms start with `first` (one character). */
  keysStartingWith(first: string): readonly string[] {
    this.sync();
    return this.byFirst.get(first) ?? [];
  }

  /** Keys of the two-character buckets whose terms have `second` (one character) second. */
  keysWithSecond(second: string): readonly string[] {
    this.sync();
    return this.bySecond.get(second) ?? [];
  }

  /** Term ids starting with `prefix` (at least two characters), sorted by term. */
  withPrefix(prefix: string): number[] {
    const ids = this.sortedBucket(bucketKey(prefix));
    const lo = lowerBound(ids, prefix, this.table);
    const out: number[] = [];
    for (let i = lo; i < ids.length; i++) {
      const id = ids[i] as number;
      if (!this.table.term(id).startsWith(prefix)) break;
      out.push(id);
    }
    return out;
  }

  private sortBucket(b: Bucket): void {
    const table = this.table;
    b.ids.sort((x, y) => {
      const a = table.term(x);
      const c = table.term(y);
      return a < c ? -1 : a > c ? 1 : 0;
    });
    b.sorted = true;
  }
}

function addKey(map: Map<string, string[]>, char: string, key: string): void {
  const keys = map.get(char);
  if (keys === undefined) map.set(char, [key]);
  else keys.push(key);
}

/** First index in `ids` (sorted by term) whose term is >= `term`. */
export function lowerBound(ids: readonly number[], term: string, table: TermTable, from = 0): number {
  let lo = from;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (table.term(ids[mid] as number) < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
