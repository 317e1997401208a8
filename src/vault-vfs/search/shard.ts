// One shard of the inverted index: the postings of the documents whose path hashes to it.
//
// Postings live in two places. The base is a compact, immutable segment: term ids sorted for
// binary search, each with a range into flat typed arrays of local document numbers packed with
// field bits, and capped term frequencies (3 bytes a posting in shards of up to 2,048 documents,
// no object per term). It is also what a shard file holds,
// so a loaded shard's arrays are views of the file's bytes, not a loop over postings. New documents
// go to a small delta (a Map of plain arrays) that `merge` folds into a new base, purging the
// postings of removed documents on the way. Removing is a tombstone (the document's `alive`
// flag), as in Lucene: queries skip dead documents until a merge drops them.

import { mergeSegment } from './segment-merge';

/** Field bits of a posting. Content is not a bit: a posting with tf > 0 matched the content. */
export const FIELD_TITLE = 1;
export const FIELD_ALIAS = 2;
export const FIELD_HEADING = 4;
export const FIELD_TAG = 8;
export const FIELD_FOLDER = 16;

/** Term frequencies are capped: the 300th "project" in a note says nothing the 255th did not. */
export const MAX_TF = 255;

/**
 * Per posting, its local document number times 32 plus its field bits: 2 bytes a posting in
 * shards of up to 2,048 documents (64 shards hold 131k notes so), else 4.
 */
export type PackedPostings = Uint16Array | Uint32Array;
export const FIELD_BITS = 5;
export const FIELD_MASK = (1 << FIELD_BITS) - 1;
/** Local document numbers below this pack into a Uint16Array. */
export const NARROW_DOCS = 1 << (16 - FIELD_BITS);

export interface Segment {
  /** Term ids, ascending. */
  terms: Int32Array;
  /** Postings of terms[i] are offsets[i] .. offsets[i + 1] in the arrays below. */
  offsets: Uint32Array;
  /** Local document number (an index into `localDocs`) << FIELD_BITS | field bits. */
  postings: PackedPostings;
  tf: Uint8Array;
  /** Local document number -> document id. */
  localDocs: Uint32Array;
}

export function emptySegment(): Segment {
  const none = new Uint32Array(0);
  return { terms: new Int32Array(0), offsets: new Uint32Array(1), postings: new Uint16Array(0), tf: new Uint8Array(0), localDocs: none };
}

export class Shard {
  base: Segment = emptySegment();
  /** term id -> [doc id, tf | fields << 8, doc id, tf | fields << 8, ...] */
  delta = new Map<number, number[]>();
  deltaPostings = 0;
  /** Live documents of this shard. */
  readonly docIds = new Set<number>();
  /** Removed documents whose postings are still in `base` or `delta`. */
  removed: number[] = [];
  /** Changed since it was last saved. */
  dirty = false;

  get postingCount(): number {
    return this.base.postings.length + this.deltaPostings;
  }

  /** Row of `termId` in the base, or -1. */
  baseRow(termId: number): number {
    const terms = this.base.terms;
    let lo = 0;
    let hi = terms.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const t = terms[mid] as number;
      if (t === termId) return mid;
      if (t < termId) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  addPosting(termId: number, doc: number, tf: number, fields: number): void {
    let list = this.delta.get(termId);
    if (list === undefined) {
      list = [];
      this.delta.set(termId, list);
    }
    list.push(doc, Math.min(tf, MAX_TF) | (fields << 8));
    this.deltaPostings++;
  }

  /** Worth merging now: the delta is large, or many postings belong to removed documents. */
  needsMerge(deltaLimit: number): boolean {
    return this.deltaPostings > deltaLimit || this.removed.length > Math.max(32, this.docIds.size / 4);
  }

  /**
   * Folds the delta into a new base without the postings of removed documents, lowering `df`
   * for each one dropped. Returns the ids of removed documents, now named by no posting.
   */
  merge(alive: Uint8Array, df: Int32Array): number[] {
    if (this.deltaPostings === 0 && this.removed.length === 0) return [];
    this.base = mergeSegment(this.base, this.delta, this.deltaPostings, this.docIds.size, alive, df);
    this.delta = new Map();
    this.deltaPostings = 0;
    const released = this.removed;
    this.removed = [];
    return released;
  }
}
