// Folding a shard's delta into a new base segment (see shard.ts), purging removed documents.
//
// The new segment's arrays are views of one ArrayBuffer, sized from upper bounds before the
// merge, and the scratch arrays come from a buffer shared by all merges. That is for the garbage
// collector, not for memory: V8 answers each new backing store, once external memory is high
// (a large vault's file reads keep it high), with a slice of incremental marking charged to the
// allocating code. A merge that made a dozen typed arrays blocked the event loop for 100-500 ms
// at the end of a 100k-note build; one allocation costs at most one such slice.
//
// A build seals every batch of notes into the bases (vault-indexer.ts), so most merges only add
// documents to a shard. Those are done in place: a buffer this module allocated leaves room to
// grow (half as much again), and appending moves the base's postings up within it, from the last
// term down, instead of copying the whole shard into a new buffer on every batch. Without that a
// build would drop about its own size in old buffers as garbage every batch. Only merges that
// purge removed documents, or that outgrow the room, allocate. The result is the same segment
// either way (same terms, postings in the same order, same local document numbers).
import { FIELD_BITS, FIELD_MASK, NARROW_DOCS, type PackedPostings, type Segment } from './segment';

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
  const appended = appendInPlace(base, delta, deltaPostings, alive);
  if (appended !== null) return appended;
  const maxTerms = base.terms.length + delta.size;
  const maxDocs = Math.max(liveDocs, 1);
  const maxPostings = base.postings.length + deltaPostings;
  const width = maxDocs <= NARROW_DOCS ? 2 : 4;
  const room = allocate(grown(maxTerms, delta.size), width === 2 ? Math.min(NARROW_DOCS, grown(maxDocs, delta.size)) : grown(maxDocs, delta.size), grown(maxPostings, delta.size), width);
  const { terms, offsets, localDocs, postings, tf } = room;

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
  return view(room, nTerms, nDocs, k);
}

/** Full-capacity views of the buffer a segment lives in; only for buffers this module made. */
interface Room {
  terms: Int32Array;
  offsets: Uint32Array;
  localDocs: Uint32Array;
  postings: PackedPostings;
  tf: Uint8Array;
}

/** The room of each segment this module made (a loaded segment's arrays are the file's bytes). */
const rooms = new WeakMap<Segment, Room>();

/** Capacity for `n`, with room to grow when documents are being added. */
function grown(n: number, added: number): number {
  return added > 0 ? Math.ceil(n * 1.5) : n;
}

function allocate(termCap: number, docCap: number, postingCap: number, width: 2 | 4): Room {
  // One buffer: terms | offsets | localDocs | postings | tf.
  const intBytes = (termCap + termCap + 1 + docCap) * 4;
  const buffer = new ArrayBuffer(intBytes + postingCap * (width + 1));
  return {
    terms: new Int32Array(buffer, 0, termCap),
    offsets: new Uint32Array(buffer, termCap * 4, termCap + 1),
    localDocs: new Uint32Array(buffer, (2 * termCap + 1) * 4, docCap),
    postings: width === 2 ? new Uint16Array(buffer, intBytes, postingCap) : new Uint32Array(buffer, intBytes, postingCap),
    tf: new Uint8Array(buffer, intBytes + postingCap * width, postingCap),
  };
}

function view(room: Room, nTerms: number, nDocs: number, nPostings: number): Segment {
  const segment: Segment = {
    terms: room.terms.subarray(0, nTerms),
    offsets: room.offsets.subarray(0, nTerms + 1),
    postings: room.postings.subarray(0, nPostings),
    tf: room.tf.subarray(0, nPostings),
    localDocs: room.localDocs.subarray(0, nDocs),
  };
  rooms.set(segment, room);
  return segment;
}

/**
 * `base` with `delta` appended, in base's own buffer, when every document of both is alive and
 * the buffer has room; else null. Base documents keep their local numbers and the delta's follow
 * in the order a fresh merge gives them, so the segment equals what `mergeSegment` would build.
 * Writes from the last term down: every posting moves up (by the delta postings of the terms
 * before it), so nothing is overwritten before it is read.
 */
function appendInPlace(base: Segment, delta: Map<number, number[]>, deltaPostings: number, alive: Uint8Array): Segment | null {
  const room = rooms.get(base);
  if (room === undefined || delta.size === 0) return null;
  const nBase = base.localDocs.length;
  for (let i = 0; i < nBase; i++) if (alive[base.localDocs[i] as number] !== 1) return null;
  const deltaTerms = scratchInts(delta.size);
  let nd = 0;
  for (const t of delta.keys()) deltaTerms[nd++] = t;
  deltaTerms.sort();
  // New documents in the order of a fresh merge: by first appearance in term order.
  const deltaLocal = new Map<number, number>();
  let nDocs = nBase;
  for (let i = 0; i < nd; i++) {
    const list = delta.get(deltaTerms[i] as number) as number[];
    for (let r = 0; r < list.length; r += 2) {
      const id = list[r] as number;
      if (alive[id] !== 1) return null;
      if (!deltaLocal.has(id)) deltaLocal.set(id, nDocs++);
    }
  }
  const baseTerms = base.terms.length;
  let nTerms = baseTerms;
  for (let i = 0, b = 0; i < nd; i++) {
    const t = deltaTerms[i] as number;
    while (b < baseTerms && (base.terms[b] as number) < t) b++;
    if (b >= baseTerms || base.terms[b] !== t) nTerms++;
  }
  const nPostings = base.postings.length + deltaPostings;
  if (nTerms > room.terms.length || nDocs > room.localDocs.length || nPostings > room.postings.length) return null;
  if (room.postings instanceof Uint16Array && nDocs > NARROW_DOCS) return null;
  const { terms, offsets, localDocs, postings, tf } = room;
  for (const [id, local] of deltaLocal) localDocs[local] = id;
  let baseEnd = offsets[baseTerms] as number; // read before offsets[nTerms] is written over it
  offsets[nTerms] = nPostings;
  let k = nPostings;
  let w = nTerms;
  for (let bi = baseTerms - 1, di = nd - 1; bi >= 0 || di >= 0; ) {
    const bt = bi >= 0 ? (terms[bi] as number) : -1;
    const dt = di >= 0 ? (deltaTerms[di] as number) : -1;
    const term = Math.max(bt, dt);
    if (dt === term) {
      const list = delta.get(term) as number[];
      for (let r = list.length - 2; r >= 0; r -= 2) {
        const packed = list[r + 1] as number;
        k--;
        postings[k] = (deltaLocal.get(list[r] as number) as number) * (FIELD_MASK + 1) + (packed >>> 8);
        tf[k] = packed & 0xff;
      }
      di--;
    }
    if (bt === term) {
      const start = offsets[bi] as number;
      k -= baseEnd - start;
      postings.copyWithin(k, start, baseEnd);
      tf.copyWithin(k, start, baseEnd);
      baseEnd = start;
      bi--;
    }
    terms[--w] = term;
    offsets[w] = k;
  }
  return view(room, nTerms, nDocs, nPostings);
}
