// Searching the vector slab (vector-slab.ts). With few vectors, every one is scored exactly
// against the float query (int8 * scale, so only the store's rounding remains: at most scale / 2
// a coordinate, under 0.5% of a cosine). With many, a first pass scores all by their sign bits
// against the float query (table lookups, a byte of bits at a time: 64 additions for 512
// dimensions instead of 512 multiplications), and only the best candidates are scored exactly.
import { LITTLE_ENDIAN } from '../../binary/byte-arrays';
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
  // The first pass reads sign bits a byte at a time, in little-endian order (every platform Obsidian runs on).
  const full = slab.liveCount * slab.dims <= FULL_SCAN_WORK || count >= slab.liveCount || !LITTLE_ENDIAN;
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

/** The `count` live slots with the highest exact cosine, computed on the query's non-zero dimensions only. */
function nearestSparse(slab: VectorSlab, query: Float32Array, nonZero: readonly number[], count: number): TopK {
  const top = new TopK(count);
  const d = slab.dims;
  slab.eachPage((page, base, n) => {
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
function nearestByBits(slab: VectorSlab, query: Float32Array, count: number): TopK {
  const bytesPer = slab.words * 4;
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
  slab.eachPage((page, base, n) => {
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
