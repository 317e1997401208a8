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

  it('scores a sparse query exactly on its own dimensions, in passes of four, around removed slots', () => {
    // Past the full-scan threshold (8M multiply-adds), so a query of a few dimensions takes the sparse path.
    const dims = 128;
    const next = rng(11);
    const slab = new VectorSlab(dims);
    for (let k = 0; k < 70_000; k++) slab.add(Float32Array.from({ length: dims }, () => (next() > 0.6 ? next() : 0)));
    for (let k = 0; k < 70_000; k += 97) slab.remove(k);
    expect(slab.liveCount * dims).toBeGreaterThan(8_000_000);
    for (const width of [1, 3, 4, 5, 9]) {
      const query = new Float32Array(dims);
      for (let k = 0; k < width; k++) query[(k * 37 + width) % dims] = next();
      const unit = VectorSlab.normalize(query);
      const used = [...unit.keys()].filter((i) => unit[i] !== 0);
      // The cosine as the store defines it: the dimensions in order, times the slot's scale.
      const want = (slot: number): number => {
        const v = slab.vector(slot);
        let sum = 0;
        for (const i of used) sum += (unit[i] as number) * (v[i] as number);
        return Math.fround(sum * slab.scaleOf(slot));
      };
      const found = slab.search(unit, 300);
      expect(found.length).toBe(300);
      for (const { slot, score } of found) {
        expect(slot % 97 === 0 && slot < 70_000).toBe(false);
        expect(score).toBe(want(slot));
      }
      // Nothing left out scores above the last one kept.
      const cut = (found[found.length - 1] as { score: number }).score;
      const kept = new Set(found.map((f) => f.slot));
      let above = 0;
      for (let slot = 0; slot < 70_000; slot++) if (slot % 97 !== 0 && !kept.has(slot) && want(slot) > cut) above++;
      expect(above).toBe(0);
    }
  });
});
