// One shard of the inverted index: the postings of the documents whose path hashes to it.
//
// Postings live in two places. The base is a compact, immutable CSR layout (term ids sorted, an
// offset per term, then doc ids, capped term frequencies and field bits in flat typed arrays: 6
// bytes a posting, no object per term), which is also what a shard file decodes into. New
// documents go to a small delta (a Map of plain arrays) and are folded into the base by `merge`,
// which also purges the postings of removed documents. Removing is a tombstone (the document's
// `alive` flag), as in Lucene: queries skip dead documents until the merge drops them.

/** Field bits of a posting. Content is not a bit: a posting with tf > 0 matched the content. */
export const FIELD_TITLE = 1;
export const FIELD_ALIAS = 2;
export const FIELD_HEADING = 4;
export const FIELD_TAG = 8;
export const FIELD_FOLDER = 16;

/** Term frequencies are capped: the 300th "project" in a note says nothing the 255th did not. */
export const MAX_TF = 255;

/** Flat postings: `docs[k]`, `tf[k]`, `fields[k]` for k in `offsets[row] .. offsets[row + 1]`. */
export interface Segment {
  terms: Int32Array;
  offsets: Uint32Array;
  docs: Uint32Array;
  tf: Uint8Array;
  fields: Uint8Array;
}

export function emptySegment(): Segment {
  return { terms: new Int32Array(0), offsets: new Uint32Array(1), docs: new Uint32Array(0), tf: new Uint8Array(0), fields: new Uint8Array(0) };
}

export class Shard {
  base: Segment = emptySegment();
  /** term id -> [doc, tf | fields << 8, doc, tf | fields << 8, ...] */
  delta = new Map<number, number[]>();
  deltaPostings = 0;
  /** Live documents of this shard. */
  readonly docIds = new Set<number>();
  /** Removed documents whose postings are still in `base` or `delta`. */
  removed: number[] = [];
  /** Changed since it was last saved. */
  dirty = false;

  get postingCount(): number {
    return this.base.docs.length + this.deltaPostings;
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
   * Folds the delta into the base and drops the postings of removed documents, lowering `df` for
   * each dropped posting. Returns the ids of removed documents, now named by no posting.
   */
  merge(alive: Uint8Array, df: Int32Array): number[] {
    const deltaTerms = [...this.delta.keys()].sort((a, b) => a - b);
    const base = this.base;
    let total = 0;
    for (const t of deltaTerms) total += (this.delta.get(t) as number[]).length / 2;
    total += base.docs.length;
    const docs = new Uint32Array(total);
    const tf = new Uint8Array(total);
    const fields = new Uint8Array(total);
    const terms: number[] = [];
    const offsets: number[] = [0];
    let k = 0;
    let bi = 0;
    let di = 0;
    while (bi < base.terms.length || di < deltaTerms.length) {
      const bt = bi < base.terms.length ? (base.terms[bi] as number) : Infinity;
      const dt = di < deltaTerms.length ? (deltaTerms[di] as number) : Infinity;
      const term = Math.min(bt, dt);
      const start = k;
      let dropped = 0;
      if (bt === term) {
        for (let r = base.offsets[bi] as number, end = base.offsets[bi + 1] as number; r < end; r++) {
          const d = base.docs[r] as number;
          if (alive[d] !== 1) {
            dropped++;
            continue;
          }
          docs[k] = d;
          tf[k] = base.tf[r] as number;
          fields[k++] = base.fields[r] as number;
        }
        bi++;
      }
      if (dt === term) {
        const list = this.delta.get(term) as number[];
        for (let r = 0; r < list.length; r += 2) {
          const d = list[r] as number;
          if (alive[d] !== 1) {
            dropped++;
            continue;
          }
          const packed = list[r + 1] as number;
          docs[k] = d;
          tf[k] = packed & 0xff;
          fields[k++] = packed >>> 8;
        }
        di++;
      }
      df[term] = (df[term] as number) - dropped;
      if (k > start) {
        terms.push(term);
        offsets.push(k);
      }
    }
    this.base = {
      terms: Int32Array.from(terms),
      offsets: Uint32Array.from(offsets),
      docs: k === total ? docs : docs.slice(0, k),
      tf: k === total ? tf : tf.slice(0, k),
      fields: k === total ? fields : fields.slice(0, k),
    };
    this.delta = new Map();
    this.deltaPostings = 0;
    const released = this.removed;
    this.removed = [];
    return released;
  }
}
