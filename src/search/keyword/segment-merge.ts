// Folding a shard's delta into a new base segment (see shard.ts), purging removed documents.
//
// The new segment's arrays are views of one ArrayBuffer, sized from upper bounds before the
// merge, and the scratch arrays come from a buffer shared by all merges. That is for the garbage
// collector, not for memory: V8 answers each new backing store, once external memory is high
// (a large vault's file reads keep it high), with a slice of incremental marking charged to the
// allocating code. A merge that made a dozen typed arrays blocked the event loop for 100-500 ms
// at the end of a 100k-note build; one allocation costs at most one such slice.

import { FIELD_BITS, FIELD_MASK, NARROW_DOCS, type Segment } from './segment';

let scratch = new Int32Array(1024);

/** A shared scratch view of `n` ints; valid until the next call. */
function scratchInts(n: number): Int32Array {
  if (scratch.length < n) scratch = new Int32Array(Math.max(n, scratch.length * 2));
  return scratch.subarray(0, n);
}

/**
 * The merged segment of `base` and `delta` (term id -> [doc id, tf | fields << 8, ...]) without
 * postings of documents not `alive`; lowers `df` for each posting dropped. `liveDocs` bounds the
 * number of live documents (it picks the width of local document numbers).
 */
export function mergeSegment(base: Segment, delta: Map<number, number[]>, deltaPostings: number, liveDocs: number, alive: Uint8Array, df: Int32Array): Segment {
  const maxTerms = base.terms.length + delta.size;
  const maxDocs = Math.max(liveDocs, 1);
  const maxPostings = base.postings.length + deltaPostings;
  const width = maxDocs <= NARROW_DOCS ? 2 : 4;
  // One buffer: terms | offsets | localDocs | postings | tf.
  const intBytes = (maxTerms + maxTerms + 1 + maxDocs) * 4;
  const buffer = new ArrayBuffer(intBytes + maxPostings * (width + 1));
  const terms = new Int32Array(buffer, 0, maxTerms);
  const offsets = new Uint32Array(buffer, maxTerms * 4, maxTerms + 1);
  const localDocs = new Uint32Array(buffer, (2 * maxTerms + 1) * 4, maxDocs);
  const postings = width === 2 ? new Uint16Array(buffer, intBytes, maxPostings) : new Uint32Array(buffer, intBytes, maxPostings);
  const tf = new Uint8Array(buffer, intBytes + maxPostings * width, maxPostings);

  // New local numbers: live base documents first, in order, then live delta documents.
  const scratchAll = scratchInts(base.localDocs.length + delta.size);
  const baseLocal = scratchAll.subarray(0, base.localDocs.length);
  let nDocs = 0;
  for (let i = 0; i < base.localDocs.length; i++) {
    const id = base.localDocs[i] as number;
    if (alive[id] === 1) {
      if (nDocs >= maxDocs) throw new Error('more live documents than the shard holds');
      localDocs[nDocs] = id;
      baseLocal[i] = nDocs++;
    } else baseLocal[i] = -1;
  }
  const deltaTerms = scratchAll.subarray(base.localDocs.length);
  let nd = 0;
  for (const t of delta.keys()) deltaTerms[nd++] = t;
  deltaTerms.sort();
  const deltaLocal = new Map<number, number>();
  for (let i = 0; i < deltaTerms.length; i++) {
    const list = delta.get(deltaTerms[i] as number) as number[];
    for (let r = 0; r < list.length; r += 2) {
      const id = list[r] as number;
      if (alive[id] === 1 && !deltaLocal.has(id)) {
        if (nDocs >= maxDocs) throw new Error('more live documents than the shard holds');
        localDocs[nDocs] = id;
        deltaLocal.set(id, nDocs++);
      }
    }
  }

  let k = 0;
  let nTerms = 0;
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
        const packed = base.postings[r] as number;
        const local = baseLocal[packed >>> FIELD_BITS] as number;
        if (local < 0) {
          dropped++;
          continue;
        }
        postings[k] = local * (FIELD_MASK + 1) + (packed & FIELD_MASK);
        tf[k++] = base.tf[r] as number;
      }
      bi++;
    }
    if (dt === term) {
      const list = delta.get(term) as number[];
      for (let r = 0; r < list.length; r += 2) {
        const local = deltaLocal.get(list[r] as number);
        if (local === undefined) {
          dropped++;
          continue;
        }
        const packed = list[r + 1] as number;
        postings[k] = local * (FIELD_MASK + 1) + (packed >>> 8);
        tf[k++] = packed & 0xff;
      }
      di++;
    }
    df[term] = (df[term] as number) - dropped;
    if (k > start) {
      terms[nTerms] = term;
      offsets[nTerms++] = start;
    }
  }
  offsets[nTerms] = k;
  return {
    terms: terms.subarray(0, nTerms),
    offsets: offsets.subarray(0, nTerms + 1),
    postings: postings.subarray(0, k),
    tf: tf.subarray(0, k),
    localDocs: localDocs.subarray(0, nDocs),
  };
}
