// Searching the vector slab (vector-slab.ts). With few vectors, every one is scored exactly
// against the float query (int8 * scale, so only the store's rounding remains: at most scale / 2
// a coordinate, under 0.5% of a cosine). With many, a first pass scores all by their sign bits
// against the float query (table lookups, a byte of bits at a time: 64 additions for 512
// dimensions instead of 512 multiplications), and only the best candidates are scored exactly.
import { type ScoredSlot, TopK } from './top-k';
import type { VectorSlab } from './vector-slab';

export const MIN_CANDIDATES = 2_000;
/** Below this many multiply-adds a query scores every vector exactly. */
const FULL_SCAN_WORK = 8_000_000;

/**
 * The best `candidates` live slots by descending cosine: exact for all when that is cheap or the
 * query is sparse, else through the sign-bit first pass and exact rescoring of its best.
 */
export function searchSlab(slab: VectorSlab, query: Float32Array, candidates: number): ScoredSlot[] {
  const count = Math.min(candidates, slab.liveCount);
  if (count <= 0) return [];
  const full = slab.liveCount * slab.dims <= FULL_SCAN_WORK || count >= slab.liveCount;
  const nonZero: number[] = [];
  for (let i = 0; i < slab.dims; i++) if (query[i] !== 0) nonZero.push(i);
  // A sparse query (a few words under a bag-of-words embedder) is scored exactly on its own dimensions.
  const sparse = !full && nonZero.length * slab.liveCount <= FULL_SCAN_WORK;
  if (full) return nearestExact(slab, query, count).entries();
  if (sparse) return nearestSparse(slab, query, nonZero, count).entries();
  const slots = nearestByBits(slab, query, count).slots();
  const out = new Array<ScoredSlot>(slots.length);
  for (let k = 0; k < slots.length; k++) out[k] = { slot: slots[k] as number, score: slab.exact(query, slots[k] as number) };
  return out.sort((a, b) => b.score - a.score);
}

function nearestExact(slab: VectorSlab, query: Float32Array, count: number): TopK {
  const top = new TopK(count);
  const d = slab.dims;
  slab.eachPage((page, base, n) => {
    for (let s = 0; s < n; s++) if (page.live[s] === 1) top.push(dot(query, page.q, s * d, d) * (page.scale[s] as number), base + s);
  });
  return top;
}

/**
 * The `count` live slots with the highest exact cosine, computed on the query's non-zero dimensions
 * only, four dimensions a pass over the page. Each of the four reads of a pass is its own load
 * with a fixed stride (one vector, 512 bytes at 512 dimensions), which the processor's stride
 * prefetcher follows; one load walking all the query's dimensions in turn (the loop this replaced)
 * defeats it, and the scan waited on memory: CPU p50 17 ms a query at 108k chunks for 3 bytes of
 * each vector. Sums are added in the same order as before, so the scores are the same.
 */
function nearestSparse(slab: VectorSlab, query: Float32Array, nonZero: readonly number[], count: number): TopK {
  const top = new TopK(count);
  const d = slab.dims;
  // Padded to whole passes with the first dimension at weight 0 (its byte is read anyway).
  const dims = [...nonZero];
  const weights = nonZero.map((i) => query[i] as number);
  while (dims.length % 4 !== 0) {
    dims.push(dims[0] as number);
    weights.push(0);
  }
  const passes = dims.length / 4;
  const sums = new Float64Array(passes > 1 ? slab.capacity : 0);
  slab.eachPage((page, base, n) => {
    const q = page.q;
    const live = page.live;
    for (let p = 0; p < passes; p++) {
      const i0 = dims[4 * p] as number;
      const i1 = dims[4 * p + 1] as number;
      const i2 = dims[4 * p + 2] as number;
      const i3 = dims[4 * p + 3] as number;
      const w0 = weights[4 * p] as number;
      const w1 = weights[4 * p + 1] as number;
      const w2 = weights[4 * p + 2] as number;
      const w3 = weights[4 * p + 3] as number;
      const last = p === passes - 1;
      for (let s = 0, o = 0; s < n; s++, o += d) {
        if (live[s] !== 1) continue;
        let sum = p === 0 ? 0 : (sums[base + s] as number);
        sum += w0 * (q[o + i0] as number);
        sum += w1 * (q[o + i1] as number);
        sum += w2 * (q[o + i2] as number);
        sum += w3 * (q[o + i3] as number);
        if (last) top.push(sum * (page.scale[s] as number), base + s);
        else sums[base + s] = sum;
      }
    }
  });
  return top;
}

/**
 * The `count` live slots that score best against the float query through their sign bits:
 * score = sum of q_i * (bit_i ? 1 : -1), computed a byte of bits at a time from 256-entry
 * tables made for this query (64 lookups for 512 dimensions). Unlike a Hamming distance between
 * sign codes, it weighs each dimension by the query, so a sparse query is not lost in its zeros.
 *
 * Each 32-bit word of bits is read once and its four bytes summed into four accumulators: with
 * one accumulator the chain of dependent additions (64 a vector, each waiting for the last)
 * bounded the loop. A slot that cannot enter the heap is not pushed.
 */
function nearestByBits(slab: VectorSlab, query: Float32Array, count: number): TopK {
  const words = slab.words;
  const bytesPer = words * 4;
  const tables = new Float64Array(bytesPer * 256);
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
  slab.eachPage((page, base, n) => {
    const bits = page.bits;
    const live = page.live;
    for (let s = 0; s < n; s++) {
      if (live[s] !== 1) continue;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      // Byte k of word w holds dimensions 32w + 8k .. 32w + 8k + 7 (vector-slab.ts sets bit i of
      // word i >>> 5 by shifts, so this holds on any byte order): the table of byte 4w + k.
      for (let w = 0, o = s * words, t = 0; w < words; w++, t += 1024) {
        const x = bits[o + w] as number;
        s0 += tables[t + (x & 0xff)] as number;
        s1 += tables[t + 256 + ((x >>> 8) & 0xff)] as number;
        s2 += tables[t + 512 + ((x >>> 16) & 0xff)] as number;
        s3 += tables[t + 768 + (x >>> 24)] as number;
      }
      const score = s0 + s1 + s2 + s3;
      if (top.full && score <= top.worst) continue;
      top.push(score, base + s);
    }
  });
  return top;
}

/** The dot product of the query with `d` int8s of `q` from `o`. */
export function dot(query: Float32Array, q: Int8Array, o: number, d: number): number {
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
