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

import { emptySegment, MAX_TF, type Segment } from './segment';
import { mergeSegment } from './segment-merge';
import { indexInSorted } from './sorted-index';

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
    return indexInSorted(this.base.terms, termId);
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
