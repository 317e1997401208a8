// The vault-wide term dictionary: term string <-> dense term id. An open-addressing hash table
// keyed on FNV-1a of the term's char codes, so that the indexer can look up a word straight from
// the note's text (start, end, hash) without slicing a new string for every occurrence: at 100k
// notes the indexer meets ~150 million words, and allocating and hashing a string per word was
// the single largest cost of a build.

import { FNV_OFFSET, FNV_PRIME, FOLD } from './char-fold';

const EMPTY = -1;
// Module-local copies: read in the hottest loop of the indexer.
const OFFSET = FNV_OFFSET;
const PRIME = FNV_PRIME;
const FOLD_TABLE = FOLD;

export const CHAIN_SEED = 0x6a09e667;

/** The chain hash after one more term whose hashTerm is `termHash`. */
export function chainStep(chain: number, termHash: number): number {
  const h = Math.imul(chain ^ termHash, 0x9e3779b1);
  return (h ^ (h >>> 15)) >>> 0;
}

/** FNV-1a over UTF-16 code units; the scanner computes the same hash incrementally. */
export function hashTerm(term: string): number {
  let h = OFFSET;
  for (let i = 0; i < term.length; i++) h = Math.imul(h ^ term.charCodeAt(i), PRIME);
  return h >>> 0;
}

export class TermTable {
  private readonly terms: string[] = [];
  /** 1 for stopwords, by term id. */
  private stop = new Uint8Array(1024);
  private hashes = new Uint32Array(1024);
  private slots = new Int32Array(2048).fill(EMPTY);
  private mask = 2047;
  private chain = CHAIN_SEED;

  constructor(private readonly stopwords: ReadonlySet<string> = new Set()) {}

  isStopword(id: number): boolean {
    return this.stop[id] === 1;
  }

  get size(): number {
    return this.terms.length;
  }

  /**
   * A hash of every term in id order, updated as terms are added. A saved shard names terms by
   * id, so it records the chain of the dictionary it was written against: it fits a dictionary
   * whose first ids have the same chain (see term-dictionary-codec.ts).
   */
  get chainHash(): number {
    return this.chain;
  }

  term(id: number): string {
    const t = this.terms[id];
    if (t === undefined) throw new RangeError(`no term with id ${id}`);
    return t;
  }

  /** Makes room for `n` terms in all, so that loading a saved dictionary grows nothing. */
  reserve(n: number): void {
    if (n > this.hashes.length) {
      let cap = this.hashes.length;
      while (cap < n) cap *= 2;
      const hashes = new Uint32Array(cap);
      hashes.set(this.hashes);
      this.hashes = hashes;
      const stop = new Uint8Array(cap);
      stop.set(this.stop);
      this.stop = stop;
    }
    if (n * 2 > this.slots.length) {
      let size = this.slots.length;
      while (n * 2 > size) size *= 2;
      this.rehashTo(size);
    }
  }

  /** The id of `term`, or -1. */
  find(term: string): number {
    const h = hashTerm(term);
    for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
      const id = this.slots[s] as number;
      if (id === EMPTY) return EMPTY;
      if (this.hashes[id] === h && this.terms[id] === term) return id;
    }
  }

  /** The id of `term`, added if new. */
  intern(term: string): number {
    const h = hashTerm(term);
    for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
      const id = this.slots[s] as number;
      if (id === EMPTY) return this.insert(term, h, s);
      if (this.hashes[id] === h && this.terms[id] === term) return id;
    }
  }

  /**
   * The id of the word at `text[start, end)` whose hash is `h`, added if new. When `folded`, each
   * char of the span stands for FOLD[char] (see char-fold.ts); otherwise the span is the term.
   */
  internSpan(text: string, start: number, end: number, h: number, folded: boolean): number {
    h >>>= 0;
    const len = end - start;
    for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
      const id = this.slots[s] as number;
      if (id === EMPTY) {
        return this.insert(copySpan(text, start, end, folded), h, s);
      }
      if (this.hashes[id] !== h) continue;
      const t = this.terms[id] as string;
      if (t.length !== len) continue;
      let same = true;
      for (let k = 0; k < len; k++) {
        let c = text.charCodeAt(start + k);
        if (folded) c = FOLD_TABLE[c] as number;
        if (c !== t.charCodeAt(k)) {
          same = false;
          break;
        }
      }
      if (same) return id;
    }
  }

  /**
   * Keeps only the terms `keep` accepts, renumbered densely in their old order (so sorted id
   * lists stay sorted). Returns old id -> new id, -1 for a dropped term.
   */
  compact(keep: (id: number) => boolean): Int32Array {
    const map = new Int32Array(this.terms.length).fill(EMPTY);
    const kept: string[] = [];
    for (let id = 0; id < this.terms.length; id++) if (keep(id)) map[id] = kept.push(this.terms[id] as string) - 1;
    this.terms.length = 0;
    this.stop.fill(0);
    this.slots.fill(EMPTY);
    this.chain = CHAIN_SEED;
    for (const term of kept) this.intern(term);
    return map;
  }

  private insert(term: string, h: number, slot: number): number {
    const id = this.terms.length;
    this.terms.push(term);
    if (id >= this.hashes.length) {
      const hashes = new Uint32Array(this.hashes.length * 2);
      hashes.set(this.hashes);
      this.hashes = hashes;
      const stop = new Uint8Array(this.hashes.length);
      stop.set(this.stop);
      this.stop = stop;
    }
    this.hashes[id] = h;
    this.chain = chainStep(this.chain, h);
    if (this.stopwords.has(term)) this.stop[id] = 1;
    this.slots[slot] = id;
    if (this.terms.length * 2 > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    this.rehashTo(this.slots.length * 2);
  }

  private rehashTo(size: number): void {
    this.slots = new Int32Array(size).fill(EMPTY);
    this.mask = size - 1;
    for (let id = 0; id < this.terms.length; id++) {
      let s = (this.hashes[id] as number) & this.mask;
      while (this.slots[s] !== EMPTY) s = (s + 1) & this.mask;
      this.slots[s] = id;
    }
  }
}

let span = new Uint16Array(64);

/**
 * The term at `text[start, end)` (each char mapped through FOLD when `folded`) as a string of its
 * own. Not `text.slice`: in V8 a slice of 13 or more characters is a view that keeps the whole
 * text alive, so the dictionary would hold the entire note of every long word it met (on a phone,
 * whose vault is on disk, that is text the index never needs again: tests/search/keyword/
 * term-retention.test.ts). Nor `+=` per char, which builds a tree of one-char pieces.
 */
function copySpan(text: string, start: number, end: number, folded: boolean): string {
  const len = end - start;
  if (len < 13 && !folded) return text.slice(start, end); // V8 copies slices this short
  if (len > span.length) span = new Uint16Array(len); // terms are short (tokenizer.ts, MAX_TERM_LENGTH)
  for (let k = 0; k < len; k++) {
    const c = text.charCodeAt(start + k);
    span[k] = folded ? (FOLD_TABLE[c] as number) : c;
  }
  return String.fromCharCode.apply(null, span.subarray(0, len) as unknown as number[]);
}
