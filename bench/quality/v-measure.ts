// V-measure (Rosenberg & Hirschberg, 2007): how well a clustering matches true classes, from
// conditional entropies. Homogeneity is 1 when every cluster holds files of one class only;
// completeness is 1 when every class sits in one cluster; V is their harmonic mean. Cluster and
// class names never matter, only which items go together, so "Daily/2024" and "Journal" compare
// as labels, not as strings.

export interface VMeasure {
  homogeneity: number;
  completeness: number;
  v: number;
}

/** H(X|Y) and H(X) over a contingency table given as (x, y) -> count, in nats. */
function entropies(pairs: ReadonlyMap<string, ReadonlyMap<string, number>>, n: number): { conditional: number; marginal: number } {
  // pairs: x -> (y -> count)
  const xTotals = new Map<string, number>();
  const yTotals = new Map<string, number>();
  for (const [x, ys] of pairs) {
    for (const [y, count] of ys) {
      xTotals.set(x, (xTotals.get(x) ?? 0) + count);
      yTotals.set(y, (yTotals.get(y) ?? 0) + count);
    }
  }
  let marginal = 0;
  for (const count of xTotals.values()) marginal -= (count / n) * Math.log(count / n);
  let conditional = 0;
  for (const ys of pairs.values()) {
    for (const [y, count] of ys) conditional -= (count / n) * Math.log(count / (yTotals.get(y) ?? count));
  }
  return { conditional, marginal };
}

/**
 * V-measure of `predicted` against `truth`, both item -> label over the same items. Throws when
 * the two do not label the same items: a score over different sets would mean nothing.
 */
export function vMeasure(truth: ReadonlyMap<string, string>, predicted: ReadonlyMap<string, string>): VMeasure {
  const missing = [...truth.keys()].filter((k) => !predicted.has(k));
  const extra = [...predicted.keys()].filter((k) => !truth.has(k));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(`V-measure needs the same items on both sides: ${missing.length} without a cluster (e.g. ${missing[0] ?? '-'}), ${extra.length} without a class (e.g. ${extra[0] ?? '-'})`);
  }
  const n = truth.size;
  if (n === 0) return { homogeneity: 1, completeness: 1, v: 1 };
  // classByCluster: class -> (cluster -> count); clusterByClass: cluster -> (class -> count).
  const classByCluster = new Map<string, Map<string, number>>();
  const clusterByClass = new Map<string, Map<string, number>>();
  for (const [item, cls] of truth) {
    const cluster = predicted.get(item) ?? '';
    bump(classByCluster, cls, cluster);
    bump(clusterByClass, cluster, cls);
  }
  const c = entropies(classByCluster, n); // H(C|K), H(C)
  const k = entropies(clusterByClass, n); // H(K|C), H(K)
  const homogeneity = c.marginal === 0 ? 1 : 1 - c.conditional / c.marginal;
  const completeness = k.marginal === 0 ? 1 : 1 - k.conditional / k.marginal;
  const v = homogeneity + completeness === 0 ? 0 : (2 * homogeneity * completeness) / (homogeneity + completeness);
  return { homogeneity: clamp(homogeneity), completeness: clamp(completeness), v: clamp(v) };
}

function bump(map: Map<string, Map<string, number>>, outer: string, inner: string): void {
  const row = map.get(outer) ?? new Map<string, number>();
  row.set(inner, (row.get(inner) ?? 0) + 1);
  map.set(outer, row);
}

/** Rounding noise aside, the scores are in [0, 1]. */
function clamp(x: number): number {
  return Math.min(1, Math.max(0, x));
}
