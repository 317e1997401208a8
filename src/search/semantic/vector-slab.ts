// The semantic index's vectors, in pages of slots. Each vector is normalized to unit length and
// quantized to int8 with its own scale (a quarter of float32's memory: 100k chunks of 512
// dimensions are 51 MB, not 205), plus its sign bits for a fast first pass (see slab-search.ts).
//
// Pages, not one growing array: the store grows by one page of PAGE_SLOTS slots at a time, so no
// add ever copies what is stored (doubling a 50 MB array blocked a build for longer than a frame
// at 100k chunks), and the work of any one add is bounded whatever the store's size. The float
// vectors are not kept: re-ranking with them would cost 4x the memory for a difference smaller
// than the quantization of the query the models themselves return.

import { dot, searchSlab } from './slab-search';
import type { ScoredSlot } from './top-k';

export type { ScoredSlot } from './top-k';
export { MIN_CANDIDATES } from './slab-search';

const PAGE_BITS = 10;
/** Slots a page: the most a single add allocates is one page (512 KB at 512 dimensions). */
export const PAGE_SLOTS = 1 << PAGE_BITS;
const IN_PAGE = PAGE_SLOTS - 1;

/** One page of slots: quantized vectors, their scales, their sign bits, and which slots are live. */
export interface SlabPage {
  q: Int8Array;
  scale: Float32Array;
  bits: Uint32Array;
  live: Uint8Array;
}

export class VectorSlab {
  readonly words: number;
  private readonly pages: SlabPage[] = [];
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
    (this.pages[slot >>> PAGE_BITS] as SlabPage).live[slot & IN_PAGE] = 1;
    this.liveCount++;
    return slot;
  }

  private page(slot: number): SlabPage {
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

  private setBits(page: SlabPage, at: number): void {
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

  /** Calls `visit` with each page: its arrays, the first slot's number, and how many of its slots are used. */
  eachPage(visit: (page: SlabPage, base: number, count: number) => void): void {
    for (let p = 0; p < this.pages.length; p++) {
      const base = p * PAGE_SLOTS;
      const count = Math.min(PAGE_SLOTS, this.used - base);
      if (count > 0) visit(this.pages[p] as SlabPage, base, count);
    }
  }

  /** The best `candidates` live slots by descending cosine (see slab-search.ts). */
  search(query: Float32Array, candidates: number): ScoredSlot[] {
    return searchSlab(this, query, candidates);
  }
}
