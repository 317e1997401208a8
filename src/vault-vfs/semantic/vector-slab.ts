// The semantic index's vectors, in one growable slab of slots. Each vector is normalized to unit
// length and quantized to int8 with its own scale (a quarter of float32's memory: 100k chunks of
// 512 dimensions are 51 MB, not 205), plus its sign bits for a fast first pass.
//
// Search: with few vectors, every one is scored exactly against the float query (int8 * scale,
// so only the store's rounding remains: at most scale / 2 a coordinate, under 0.5% of a cosine).
// With many, a first pass scores all by their sign bits against the float query (table lookups,
// a byte of bits at a time: 64 additions for 512 dimensions instead of 512 multiplications), and
// only the best candidates are scored exactly. The float vectors are not kept: re-ranking with them would cost 4x the memory for a
// difference smaller than the quantization of the query the models themselves return.

import { LITTLE_ENDIAN } from '../search/byte-arrays';

export const MIN_CANDIDATES = 2_000;
/** Below this many multiply-adds a query scores every vector exactly. */
const FULL_SCAN_WORK = 8_000_000;

export interface ScoredSlot {
  slot: number;
  score: number;
}

export class VectorSlab {
  readonly words: number;
  q: Int8Array;
  scale: Float32Array;
  bits: Uint32Array;
  live: Uint8Array;
  private readonly free: number[] = [];
  /** Slots handed out so far (the high-water mark). */
  used = 0;
  liveCount = 0;

  constructor(
    readonly dims: number,
    capacity = 1024,
  ) {
    if (!Number.isInteger(dims) || dims < 1 || dims > 65_536) throw new RangeError(`dimensions must be 1..65536, got ${dims}`);
    this.words = Math.ceil(dims / 32);
    this.q = new Int8Array(capacity * dims);
    this.scale = new Float32Array(capacity);
    this.bits = new Uint32Array(capacity * this.words);
    this.live = new Uint8Array(capacity);
  }

  get capacity(): number {
    return this.scale.length;
  }

  /** Makes room for `count` more vectors at once (loading a store), so no add copies the slab. */
  reserve(count: number): void {
    if (this.used + count > this.capacity) this.grow(this.used + count);
  }

  private grow(min = 0): void {
    const cap = Math.max(this.capacity * 2, min);
    const q = new Int8Array(cap * this.dims);
    q.set(this.q);
    const scale = new Float32Array(cap);
    scale.set(this.scale);
    const bits = new Uint32Array(cap * this.words);
    bits.set(this.bits);
    const live = new Uint8Array(cap);
    live.set(this.live);
    Object.assign(this, { q, scale, bits, live });
  }

  private take(): number {
    const slot = this.free.pop() ?? this.used++;
    if (slot >= this.capacity) this.grow();
    this.live[slot] = 1;
    this.liveCount++;
    return slot;
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
    const o = slot * this.dims;
    for (let i = 0; i < this.dims; i++) this.q[o + i] = Math.round((vector[i] as number) / norm / s);
    this.scale[slot] = s;
    this.setBits(slot);
    return slot;
  }

  /** Stores an already quantized vector (from a saved store). */
  addQuantized(q: Int8Array, scale: number): number {
    const slot = this.take();
    this.q.set(q, slot * this.dims);
    this.scale[slot] = scale;
    this.setBits(slot);
    return slot;
  }

  private setBits(slot: number): void {
    const o = slot * this.dims;
    const w = slot * this.words;
    this.bits.fill(0, w, w + this.words);
    for (let i = 0; i < this.dims; i++) if ((this.q[o + i] as number) > 0) this.bits[w + (i >>> 5)] = (this.bits[w + (i >>> 5)] as number) | (1 << (i & 31));
  }

  remove(slot: number): void {
    if (this.live[slot] !== 1) return;
    this.live[slot] = 0;
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
    const q = this.q;
    const d = this.dims;
    const o = slot * d;
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
    return (s0 + s1 + s2 + s3) * (this.scale[slot] as number);
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
    for (let s = 0; s < this.used; s++) if (this.live[s] === 1) top.push(this.exact(query, s), s);
    return top;
  }

  /** The `count` live slots with the highest exact cosine, computed on the query's non-zero dimensions only. */
  private nearestSparse(query: Float32Array, nonZero: readonly number[], count: number): TopK {
    const top = new TopK(count);
    const q = this.q;
    for (let s = 0; s < this.used; s++) {
      if (this.live[s] !== 1) continue;
      const o = s * this.dims;
      let dot = 0;
      for (const i of nonZero) dot += (query[i] as number) * (q[o + i] as number);
      top.push(dot * (this.scale[s] as number), s);
    }
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
      for (let k = 0; k < 8; k++) base -= (query[b * 8 + k]) ?? 0;
      tables[o] = base;
      for (let v = 1; v < 256; v++) {
        const low = 31 - Math.clz32(v & -v);
        tables[o + v] = (tables[o + (v & (v - 1))] as number) + 2 * ((query[b * 8 + low]) ?? 0);
      }
    }
    const bytes = new Uint8Array(this.bits.buffer, this.bits.byteOffset, this.used * bytesPer);
    const top = new TopK(count);
    for (let s = 0; s < this.used; s++) {
      if (this.live[s] !== 1) continue;
      let score = 0;
      for (let b = 0, o = s * bytesPer; b < bytesPer; b++) score += tables[(b << 8) | (bytes[o + b] as number)] as number;
      top.push(score, s);
    }
    return top;
  }
}

/** The `count` highest (score, slot) pairs pushed: a min-heap on flat arrays, worst at the root. */
class TopK {
  private readonly score: Float32Array;
  private readonly slot: Int32Array;
  private size = 0;

  constructor(private readonly count: number) {
    this.score = new Float32Array(count);
    this.slot = new Int32Array(count);
  }

  push(score: number, slot: number): void {
    const h = this.score;
    if (this.size < this.count) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if ((h[parent] as number) <= score) break;
        h[i] = h[parent] as number;
        this.slot[i] = this.slot[parent] as number;
        i = parent;
      }
      h[i] = score;
      this.slot[i] = slot;
      return;
    }
    if (score <= (h[0] as number)) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const r = l + 1;
      const m = r < this.size && (h[r] as number) < (h[l] as number) ? r : l;
      if ((h[m] as number) >= score) break;
      h[i] = h[m] as number;
      this.slot[i] = this.slot[m] as number;
      i = m;
    }
    h[i] = score;
    this.slot[i] = slot;
  }

  slots(): number[] {
    return Array.from(this.slot.subarray(0, this.size));
  }

  /** Best first. */
  entries(): ScoredSlot[] {
    const out: ScoredSlot[] = [];
    for (let i = 0; i < this.size; i++) out.push({ slot: this.slot[i] as number, score: this.score[i] as number });
    return out.sort((a, b) => b.score - a.score);
  }
}
