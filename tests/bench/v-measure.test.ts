// V-measure against examples worked out by hand from the definitions (Rosenberg & Hirschberg
// 2007: h = 1 - H(C|K)/H(C), c = 1 - H(K|C)/H(K), V = 2hc/(h+c)), and its properties over any
// labelling: bounds, indifference to label names, the swap of truth and clustering.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vMeasure } from '../../bench/quality/v-measure';

const labels = (s: string): Map<string, string> => new Map([...s].map((l, i) => [`f${i}`, l]));
const { log } = Math;

describe('V-measure, by hand', () => {
  it('is 1 for the true folders under other names', () => {
    expect(vMeasure(labels('aabbc'), labels('xxyyz'))).toEqual({ homogeneity: 1, completeness: 1, v: 1 });
  });

  it('is 0 when everything stays in one folder: complete, not homogeneous', () => {
    expect(vMeasure(labels('aabb'), labels('xxxx'))).toEqual({ homogeneity: 0, completeness: 1, v: 0 });
  });

  it('one folder per file: homogeneous, half complete for two classes of two', () => {
    // H(K) = ln 4, H(K|C) = ln 2: c = 1 - ln2/ln4 = 0.5; V = 2 * 1 * 0.5 / 1.5.
    const m = vMeasure(labels('aabb'), labels('wxyz'));
    expect(m.homogeneity).toBeCloseTo(1, 12);
    expect(m.completeness).toBeCloseTo(0.5, 12);
    expect(m.v).toBeCloseTo(2 / 3, 12);
  });

  it('a mixed example: classes aaab, clusters xxyy', () => {
    // H(C) = -(3/4 ln 3/4 + 1/4 ln 1/4); H(C|K) = 1/2 ln 2 (cluster y holds one a and one b).
    const hC = -(0.75 * log(0.75) + 0.25 * log(0.25));
    const h = 1 - (0.5 * log(2)) / hC;
    // H(K) = ln 2; H(K|C) = -(2/4 ln 2/3 + 1/4 ln 1/3) (class a is split 2:1; b sits whole in y).
    const c = 1 - -(0.5 * log(2 / 3) + 0.25 * log(1 / 3)) / log(2);
    const m = vMeasure(labels('aaab'), labels('xxyy'));
    expect(m.homogeneity).toBeCloseTo(h, 12);
    expect(m.completeness).toBeCloseTo(c, 12);
    expect(m.v).toBeCloseTo((2 * h * c) / (h + c), 12);
    expect(h).toBeCloseTo(0.383689, 5);
    expect(c).toBeCloseTo(0.311278, 5);
  });

  it('refuses labellings of different files, naming one', () => {
    expect(() => vMeasure(labels('ab'), labels('abc'))).toThrow(/1 without a class \(e\.g\. f2\)/u);
    expect(() => vMeasure(new Map([['x', 'a']]), new Map([['y', 'a']]))).toThrow(/1 without a cluster \(e\.g\. x\)/u);
  });
});

describe('V-measure, properties', () => {
  const labelling = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 40 });
  const pair = labelling.chain((truth) => fc.tuple(fc.constant(truth), fc.array(fc.constantFrom('w', 'x', 'y', 'z'), { minLength: truth.length, maxLength: truth.length })));
  const asMap = (xs: string[]): Map<string, string> => new Map(xs.map((l, i) => [`f${i}`, l]));

  it('stays in [0, 1], and swapping truth and clustering swaps homogeneity and completeness', () => {
    fc.assert(
      fc.property(pair, ([truth, clusters]) => {
        const m = vMeasure(asMap(truth), asMap(clusters));
        const swapped = vMeasure(asMap(clusters), asMap(truth));
        for (const x of [m.homogeneity, m.completeness, m.v]) expect(x >= 0 && x <= 1).toBe(true);
        expect(swapped.homogeneity).toBeCloseTo(m.completeness, 9);
        expect(swapped.completeness).toBeCloseTo(m.homogeneity, 9);
        expect(swapped.v).toBeCloseTo(m.v, 9);
      }),
    );
  });

  it('does not depend on the names of the folders', () => {
    const rename: Record<string, string> = { w: 'Daily/2026', x: 'Inbox', y: 'People', z: 'w' };
    fc.assert(
      fc.property(pair, ([truth, clusters]) => {
        const renamed = clusters.map((l) => rename[l] ?? l);
        expect(vMeasure(asMap(truth), asMap(renamed)).v).toBeCloseTo(vMeasure(asMap(truth), asMap(clusters)).v, 12);
      }),
    );
  });

  it('is 1 exactly when the clustering is the truth up to names', () => {
    fc.assert(
      fc.property(pair, ([truth, clusters]) => {
        const sameParts = truth.every((a, i) => truth.every((b, j) => (a === b) === (clusters[i] === clusters[j])));
        expect(vMeasure(asMap(truth), asMap(clusters)).v > 1 - 1e-12).toBe(sameParts);
      }),
    );
  });
});
