// The semantic index's vectors, in one growable slab of slots. Each vector is normalized to unit
// length and quantized to int8 with its own scale (a quarter of float32's memory: 100k chunks of
// 512 dimensions are 51 MB, not 205), plus its sign bits for a fast first pass.
//
// Search: with few vectors, every one is scored exactly against the float query (int8 * scale,
// so only the store's rounding remains: at most scale / 2 a coordinate, under 0.5% of a cosine).
// With many, a first pass ranks all by the Hamming distance of their sign bits (16 machine words
// for 512 dimensions instead of 512 multiplications), and only the best candidates are scored
// exactly. The float vectors are not kept: re-ranking with them would cost 4x the memory for a
// difference smaller than the quantization of the query the models themselves return.

export const MIN_CANDIDATES = 2_000;
/** Below this many multiply-adds a query scores every vector exactly. */
const FULL_SCAN_WORK = 8_000_000;

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

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

  private grow(): void {
    const cap = this.capacity * 2;
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
    const o = slot * this.dims;
    let s = 0;
    for (let i = 0; i < this.dims; i++) s += (query[i] as number) * (q[o + i] as number);
    return s * (this.scale[slot] as number);
  }

  /** Live slots by descending cosine: exact for all, or for the Hamming pass's best `candidates`. */
  search(query: Float32Array, candidates: number): ScoredSlot[] {
    const slots = this.liveCount * this.dims <= FULL_SCAN_WORK || candidates >= this.liveCount ? this.allLive() : this.nearestByBits(query, candidates);
    const out = new Array<ScoredSlot>(slots.length);
    for (let k = 0; k < slots.length; k++) out[k] = { slot: slots[k] as number, score: this.exact(query, slots[k] as number) };
    return out.sort((a, b) => b.score - a.score);
  }

  private allLive(): number[] {
    const out: number[] = [];
    for (let s = 0; s < this.used; s++) if (this.live[s] === 1) out.push(s);
    return out;
  }

  /** The `count` live slots whose sign bits differ least from the query's (ties all kept). */
  private nearestByBits(query: Float32Array, count: number): number[] {
    const W = this.words;
    const qb = new Uint32Array(W);
    for (let i = 0; i < this.dims; i++) if ((query[i] as number) > 0) qb[i >>> 5] = (qb[i >>> 5] as number) | (1 << (i & 31));
    const dist = new Uint16Array(this.used);
    const histogram = new Uint32Array(this.dims + 2);
    const bits = this.bits;
    for (let s = 0; s < this.used; s++) {
      if (this.live[s] !== 1) continue;
      let d = 0;
      for (let w = 0, o = s * W; w < W; w++) d += popcount(((bits[o + w] as number) ^ (qb[w] as number)) >>> 0);
      dist[s] = d;
      histogram[d] = (histogram[d] as number) + 1;
    }
    let threshold = 0;
    for (let seen = 0; threshold <= this.dims; threshold++) {
      seen += histogram[threshold] as number;
      if (seen >= count) break;
    }
    const out: number[] = [];
    for (let s = 0; s < this.used; s++) if (this.live[s] === 1 && (dist[s] as number) <= threshold) out.push(s);
    return out;
  }
}
