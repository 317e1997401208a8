// Quantized vectors: scores stay within the int8 rounding of the exact cosine, and the ranking
// through the sign-bit first pass finds what an exact scan finds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VectorSlab } from '../../../src/search/semantic/vector-slab';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
}

const cosine = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let d = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    d += (a[i] as number) * (b[i] as number);
    na += (a[i] as number) ** 2;
    nb += (b[i] as number) ** 2;
  }
  return d / Math.sqrt(na * nb);
};

describe('VectorSlab', () => {
  it('scores within 1% of the exact cosine (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 }), fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 }), (a, b) => {
        fc.pre(a.some((x) => Math.abs(x) > 1e-3) && b.some((x) => Math.abs(x) > 1e-3));
        const slab = new VectorSlab(8);
        const slot = slab.add(a);
        expect(Math.abs(slab.exact(VectorSlab.normalize(b), slot) - cosine(a, b))).toBeLessThan(0.01 + 1e-9);
      }),
    );
  });

  it('finds the exact top 10 through the sign-bit pass at 40k vectors', () => {
    // 4,000 topics of 10 passages each (a centre plus noise), as embeddings of real notes cluster.
    const dims = 256;
    const next = rng(7);
    const slab = new VectorSlab(dims);
    const vectors: Float32Array[] = [];
    const centres = Array.from({ length: 4000 }, () => Float32Array.from({ length: dims }, next));
    for (const c of centres) {
      for (let k = 0; k < 10; k++) {
        const v = c.map((x) => x + next() * 0.7);
        vectors.push(v);
        slab.add(v);
      }
    }
    expect(slab.liveCount * dims).toBeGreaterThan(8_000_000); // the first pass runs
    for (let q = 0; q < 8; q++) {
      const query = VectorSlab.normalize((centres[q * 487] as Float32Array).map((x) => x + next() * 0.7));
      const exact = vectors.map((v, slot) => ({ slot, score: cosine(v, query) })).sort((a, b) => b.score - a.score).slice(0, 10);
      const found = slab.search(query, 2000).slice(0, 10).map((s) => s.slot);
      expect(found.sort((a, b) => a - b)).toEqual(exact.map((e) => e.slot).sort((a, b) => a - b));
    }
    // A sparse query (a few words in a hashed bag of words): only its own dimensions count.
    const sparse = new Float32Array(dims);
    for (const d of [3, 77, 190]) sparse[d] = 1;
    const want = vectors.map((v, slot) => ({ slot, score: cosine(v, sparse) })).sort((a, b) => b.score - a.score).slice(0, 10);
    const got = slab.search(VectorSlab.normalize(sparse), 2000).slice(0, 10).map((s) => s.slot);
    expect(got.filter((s) => want.some((w) => w.slot === s)).length).toBeGreaterThanOrEqual(9);
    slab.remove(0);
    expect(slab.liveCount).toBe(39_999);
    expect(slab.search(VectorSlab.normalize(vectors[0] as Float32Array), 2000).some((s) => s.slot === 0)).toBe(false);
  });
});
