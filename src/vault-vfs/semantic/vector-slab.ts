// The semantic index's vectors, in pages of slots. Each vector is normalized to unit length and
// quantized to int8 with its own scale (a quarter of float32's memory: 100k chunks of 512
// dimensions are 51 MB, not 205), plus its sign bits for a fast first pass.
//
// Pages, not one growing array: the store grows by one page of PAGE_SLOTS slots at a time, so no
// add ever copies what is stored (doubling a 50 MB array blocked a build for longer than a frame
// at 100k chunks), and the work of any one add is bounded whatever the store's size.
//
// Search: with few vectors, every one is scored exactly against the float query (int8 * scale,
// so only the store's rounding remains: at most scale / 2 a coordinate, under 0.5% of a cosine).
// With many, a first pass scores all by their sign bits against the float query (table lookups,
// a byte of bits at a time: 64 additions for 512 dimensions instead of 512 multiplications), and
// only the best candidates are scored exactly. The float vectors are not kept: re-ranking with them would cost 4x the memory for a
// difference smaller than the quantization of the query the models themselves return.

import { LITTLE_ENDIAN } from '../search/byte-arrays';
import { type ScoredSlot, TopK } from './top-k';

export type { ScoredSlot } from './top-k';

export const MIN_CANDIDATES = 2_000;
/** Below this many multiply-adds a query scores every vector exactly. */
const FULL_SCAN_WORK = 8_000_000;
const PAGE_BITS = 10;
/** Slots a page: the most a single add allocates is one page (512 KB at 512 dimensions). */
export const PAGE_SLOTS = 1 << PAGE_BITS;
const IN_PAGE = PAGE_SLOTS - 1;

interface Page {
  q: Int8Array;
  scale: Float32Array;
  bits: Uint32Array;
  live: Uint8Array;
}

export class VectorSlab {
  readonly words: number;
  private readonly pages: Page[] = [];
  private readonly free: number[] = [];
  /** Slots handed out so far (the high-water mark). */
  used = 0;
  liveCount = 0;

  constructor(readonly dims: number) {
    if (!Number.isInteger(dims) || dims < 1 || dims > 65_536) throw new RangeError(`dimensions must be 1..65536, got ${dims}`);
    this.words = Math.ceil(dims / 32);
  }

  get capacity(): number {
    return this.pages.length * PAGE_SLOTS;
  }

  /** Bytes one page takes: the bound on what any single add allocates. */
  get pageBytes(): number {
    return PAGE_SLOTS * (this.dims + 4 + this.words * 4 + 1);
  }

  private take(): number {
    const slot = this.free.pop() ?? this.used++;
    if (slot >= this.capacity) {
      this.pages.push({
        q: new Int8Array(PAGE_SLOTS * this.dims),
        scale: new Float32Array(PAGE_SLOTS),
        bits: new Uint32Array(PAGE_SLOTS * this.words),
        live: new Uint8Array(PAGE_SLOTS),
      });
    }
    (this.pages[slot >>> PAGE_BITS] as Page).live[slot & IN_PAGE] = 1;
    this.liveCount++;
    return slot;
  }

  private page(slot: number): Page {
    const page = this.pages[slot >>> PAGE_BITS];
    if (page === undefined) throw new RangeError(`no slot ${slot}`);
    return page;
  }

  /** The quantized vector in `slot` (a view into the store: copy it to keep it). */
  vector(slot: number): Int8Array {
    const o = (slot & IN_PAGE) * this.dims;
    return this.page(slot).q.subarray(o, o + this.dims);
  }

  scaleOf(slot: number): number {
    return this.page(slot).scale[slot & IN_PAGE] as number;
  }

  /** Stores a float vector (any length > 0; normalized here). */
  add(vector: ArrayLike<number>): number {
    if (vector.length !== this.dims) throw new RangeError(`expected ${this.dims} dimensions, got ${vector.length}`);
    let norm = 0;
    for (let i = 0; i < this.dims; i++) norm += (vector[i] as number) ** 2;
    norm = Math.sqrt(norm) || 1;
    let max = 0;
    for (let i = 0; i < this.dims; i++) max = Math.max(max, Math.abs((vector[i] as number) / norm));
    const s = max === 0 ? 1 : max / 127;
    const slot = this.take();
    const page = this.page(slot);
    const o = (slot & IN_PAGE) * this.dims;
    for (let i = 0; i < this.dims; i++) page.q[o + i] = Math.round((vector[i] as number) / norm / s);
    page.scale[slot & IN_PAGE] = s;
    this.setBits(page, slot & IN_PAGE);
    return slot;
  }

  /** Stores an already quantized vector (from a saved store, or another slot). */
  addQuantized(q: Int8Array, scale: number): number {
    const slot = this.take();
    const page = this.page(slot);
    page.q.set(q, (slot & IN_PAGE) * this.dims);
    page.scale[slot & IN_PAGE] = scale;
    this.setBits(page, slot & IN_PAGE);
    return slot;
  }

  private setBits(page: Page, at: number): void {
    const o = at * this.dims;
    const w = at * this.words;
    page.bits.fill(0, w, w + this.words);
    for (let i = 0; i < this.dims; i++) if ((page.q[o + i] as number) > 0) page.bits[w + (i >>> 5)] = (page.bits[w + (i >>> 5)] as number) | (1 << (i & 31));
  }

  remove(slot: number): void {
    const page = this.pages[slot >>> PAGE_BITS];
    if (page?.live[slot & IN_PAGE] !== 1) return;
    page.live[slot & IN_PAGE] = 0;
    this.liveCount--;
    this.free.push(slot);
  }

  /** Unit-length float query. */
  static normalize(vector: ArrayLike<number>): Float32Array {
    const out = Float32Array.from(vector);
    let norm = 0;
    for (const x of out) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) / norm;
    return out;
  }

  /** Cosine of the query with the vector in `slot`. */
  exact(query: Float32Array, slot: number): number {
    const page = this.page(slot);
    return dot(query, page.q, (slot & IN_PAGE) * this.dims, this.dims) * (page.scale[slot & IN_PAGE] as number);
  }

  /** Calls `visit` with each page's live slots: its arrays, the first slot's number, and how many of its slots are used. */
  private eachPage(visit: (page: Page, base: number, count: number) => void): void {
    for (let p = 0; p < this.pages.length; p++) {
      const base = p * PAGE_SLOTS;
      const count = Math.min(PAGE_SLOTS, this.used - base);
      if (count > 0) visit(this.pages[p] as Page, base, count);
    }
  }

  /**
   * The best `candidates` live slots by descending cosine: exact for all when that is cheap or the
   * query is sparse, else through the sign-bit first pass and exact rescoring of its best.
   */
  search(query: Float32Array, candidates: number): ScoredSlot[] {
    const count = Math.min(candidates, this.liveCount);
    if (count <= 0) return [];
    // The first pass reads sign bits a byte at a time, in little-endian order (every platform Obsidian runs on).
    const full = this.liveCount * this.dims <= FULL_SCAN_WORK || count >= this.liveCount || !LITTLE_ENDIAN;
    const nonZero: number[] = [];
    for (let i = 0; i < this.dims; i++) if (query[i] !== 0) nonZero.push(i);
    // A sparse query (a few words under a bag-of-words embedder) is scored exactly on its own dimensions.
    const sparse = !full && nonZero.length * this.liveCount <= FULL_SCAN_WORK;
    if (full) return this.nearestExact(query, count).entries();
    if (sparse) return this.nearestSparse(query, nonZero, count).entries();
    const slots = this.nearestByBits(query, count).slots();
    const out = new Array<ScoredSlot>(slots.length);
    for (let k = 0; k < slots.length; k++) out[k] = { slot: slots[k] as number, score: this.exact(query, slots[k] as number) };
    return out.sort((a, b) => b.score - a.score);
  }

  private nearestExact(query: Float32Array, count: number): TopK {
    const top = new TopK(count);
    const d = this.dims;
    this.eachPage((page, base, n) => {
      for (let s = 0; s < n; s++) if (page.live[s] === 1) top.push(dot(query, page.q, s * d, d) * (page.scale[s] as number), base + s);
    });
    return top;
  }

  /** The `count` live slots with the highest exact cosine, computed on the query's non-zero dimensions only. */
  private nearestSparse(query: Float32Array, nonZero: readonly number[], count: number): TopK {
    const top = new TopK(count);
    const d = this.dims;
    this.eachPage((page, base, n) => {
      const q = page.q;
      for (let s = 0; s < n; s++) {
        if (page.live[s] !== 1) continue;
        const o = s * d;
        let sum = 0;
        for (const i of nonZero) sum += (query[i] as number) * (q[o + i] as number);
        top.push(sum * (page.scale[s] as number), base + s);
      }
    });
    return top;
  }

  /**
   * The `count` live slots that score best against the float query through their sign bits:
   * score = sum of q_i * (bit_i ? 1 : -1), computed a byte of bits at a time from 256-entry
   * tables made for this query (64 lookups for 512 dimensions). Unlike a Hamming distance between
   * sign codes, it weighs each dimension by the query, so a sparse query is not lost in its zeros.
   */
  private nearestByBits(query: Float32Array, count: number): TopK {
    const bytesPer = this.words * 4;
    const tables = new Float32Array(bytesPer * 256);
    for (let b = 0; b < bytesPer; b++) {
      const o = b * 256;
      let base = 0;
      for (let k = 0; k < 8; k++) base -= query[b * 8 + k] ?? 0;
      tables[o] = base;
      for (let v = 1; v < 256; v++) {
        const low = 31 - Math.clz32(v & -v);
        tables[o + v] = (tables[o + (v & (v - 1))] as number) + 2 * (query[b * 8 + low] ?? 0);
      }
    }
    const top = new TopK(count);
    this.eachPage((page, base, n) => {
      const bytes = new Uint8Array(page.bits.buffer, page.bits.byteOffset, n * bytesPer);
      for (let s = 0; s < n; s++) {
        if (page.live[s] !== 1) continue;
        let score = 0;
        for (let b = 0, o = s * bytesPer; b < bytesPer; b++) score += tables[(b << 8) | (bytes[o + b] as number)] as number;
        top.push(score, base + s);
      }
    });
    return top;
  }
}

/** The dot product of the query with `d` int8s of `q` from `o`. */
function dot(query: Float32Array, q: Int8Array, o: number, d: number): number {
  // Four independent sums: the loop is bound by the dependency chain of one accumulator.
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < d; i += 4) {
    s0 += (query[i] as number) * (q[o + i] as number);
    s1 += (query[i + 1] as number) * (q[o + i + 1] as number);
    s2 += (query[i + 2] as number) * (q[o + i + 2] as number);
    s3 += (query[i + 3] as number) * (q[o + i + 3] as number);
  }
  for (; i < d; i++) s0 += (query[i] as number) * (q[o + i] as number);
  return s0 + s1 + s2 + s3;
}
