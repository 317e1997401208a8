// One shard of the inverted index: the postings of the documents whose path hashes to it.
//
// Postings live in two places. The base is a compact, immutable segment: term ids sorted for
// binary search, each with a range into flat typed arrays of local document numbers, capped term
// frequencies and field bits (6 bytes a posting, no object per term). It is also what a shard
// file holds, so loading a shard is a few bulk copies, not a loop over postings. New documents
// go to a small delta (a Map of plain arrays) that `merge` folds into a new base, purging the
// postings of removed documents on the way. Removing is a tombstone (the document's `alive`
// flag), as in Lucene: queries skip dead documents until a merge drops them.

/** Field bits of a posting. Content is not a bit: a posting with tf > 0 matched the content. */
export const FIELD_TITLE = 1;
export const FIELD_ALIAS = 2;
export const FIELD_HEADING = 4;
export const FIELD_TAG = 8;
export const FIELD_FOLDER = 16;

/** Term frequencies are capped: the 300th "project" in a note says nothing the 255th did not. */
export const MAX_TF = 255;

export interface Segment {
  /** Term ids, ascending. */
  terms: Int32Array;
  /** Postings of terms[i] are starts[i] .. ends[i] in the arrays below. */
  starts: Uint32Array;
  ends: Uint32Array;
  /** Local document numbers: indexes into `localDocs`. */
  docs: Uint32Array;
  tf: Uint8Array;
  fields: Uint8Array;
  /** Local document number -> document id. */
  localDocs: Uint32Array;
}

export function emptySegment(): Segment {
  const none = new Uint32Array(0);
  return { terms: new Int32Array(0), starts: none, ends: none, docs: none, tf: new Uint8Array(0), fields: new Uint8Array(0), localDocs: none };
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
   * Folds the delta into a new base without the postings of removed documents, lowering `df`
   * for each one dropped. Returns the ids of removed documents, now named by no posting.
   */
  merge(alive: Uint8Array, df: Int32Array): number[] {
    const base = this.base;
    // New local numbers: live base documents first, in order, then live delta documents.
    const localDocs: number[] = [];
    const baseLocal = new Int32Array(base.localDocs.length).fill(-1);
    base.localDocs.forEach((id, i) => {
      if (alive[id] === 1) baseLocal[i] = localDocs.push(id) - 1;
    });
    const deltaLocal = new Map<number, number>();
    const deltaTerms = [...this.delta.keys()].sort((a, b) => a - b);
    for (const t of deltaTerms) {
      const list = this.delta.get(t) as number[];
      for (let r = 0; r < list.length; r += 2) {
        const id = list[r] as number;
        if (alive[id] === 1 && !deltaLocal.has(id)) deltaLocal.set(id, localDocs.push(id) - 1);
      }
    }
    const total = base.docs.length + this.deltaPostings;
    const docs = new Uint32Array(total);
    const tf = new Uint8Array(total);
    const fields = new Uint8Array(total);
    const terms: number[] = [];
    const starts: number[] = [];
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
        for (let r = base.starts[bi] as number, end = base.ends[bi] as number; r < end; r++) {
          const local = baseLocal[base.docs[r] as number] as number;
          if (local < 0) {
            dropped++;
            continue;
          }
          docs[k] = local;
          tf[k] = base.tf[r] as number;
          fields[k++] = base.fields[r] as number;
        }
        bi++;
      }
      if (dt === term) {
        const list = this.delta.get(term) as number[];
        for (let r = 0; r < list.length; r += 2) {
          const local = deltaLocal.get(list[r] as number);
          if (local === undefined) {
            dropped++;
            continue;
          }
          const packed = list[r + 1] as number;
          docs[k] = local;
          tf[k] = packed & 0xff;
          fields[k++] = packed >>> 8;
        }
        di++;
      }
      df[term] = (df[term] as number) - dropped;
      if (k > start) {
        terms.push(term);
        starts.push(start);
      }
    }
    const startArray = Uint32Array.from(starts);
    const ends = new Uint32Array(startArray.length);
    for (let i = 0; i < ends.length; i++) ends[i] = i + 1 < ends.length ? (startArray[i + 1] as number) : k;
    this.base = {
      terms: Int32Array.from(terms),
      starts: startArray,
      ends,
      docs: k === total ? docs : docs.slice(0, k),
      tf: k === total ? tf : tf.slice(0, k),
      fields: k === total ? fields : fields.slice(0, k),
      localDocs: Uint32Array.from(localDocs),
    };
    this.delta = new Map();
    this.deltaPostings = 0;
    const released = this.removed;
    this.removed = [];
    return released;
  }
}
