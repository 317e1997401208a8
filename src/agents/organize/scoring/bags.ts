// Bags of words (word -> weight) and the few operations the FileVyasa scores need: adding bags
// into a group's sum, cosine similarity, and cosine against a group with one member left out (so a
// file is never compared with itself when a folder's cohesion is measured).

export type Bag = ReadonlyMap<string, number>;

/** Adds `bag` into `sum`, times `sign` (-1 takes it out again). */
export function addInto(sum: Map<string, number>, bag: Bag, sign = 1): void {
  for (const [w, n] of bag) {
    const next = (sum.get(w) ?? 0) + sign * n;
    if (Math.abs(next) < 1e-12) sum.delete(w);
    else sum.set(w, next);
  }
}

export function norm2(bag: Bag): number {
  let s = 0;
  for (const n of bag.values()) s += n * n;
  return s;
}

export function dot(a: Bag, b: Bag): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [w, n] of small) s += n * (large.get(w) ?? 0);
  return s;
}

/** Cosine similarity of two non-negative bags, in [0, 1]; 0 when either is empty. */
export function cosine(a: Bag, b: Bag): number {
  return cosineNormed(a, norm2(a), b, norm2(b));
}

/** `cosine` with both norms already known (norm2 of a large folder's bag is worth computing once). */
export function cosineNormed(a: Bag, na2: number, b: Bag, nb2: number): number {
  if (na2 === 0 || nb2 === 0) return 0;
  return clamp01(dot(a, b) / Math.sqrt(na2 * nb2));
}

/**
 * Cosine of `member` with `sum - member`, where `sum` includes `member` and `sumNorm2` is
 * norm2(sum): O(|member|) instead of rebuilding the group without it.
 */
export function cosineLeaveOneOut(member: Bag, sum: Bag, sumNorm2: number): number {
  const nm = norm2(member);
  if (nm === 0) return 0;
  const ms = dot(member, sum);
  const rest2 = sumNorm2 - 2 * ms + nm;
  if (rest2 <= 1e-12) return 0;
  return clamp01((ms - nm) / Math.sqrt(nm * rest2));
}

export function clamp01(x: number): number {
  if (Number.isNaN(x)) return 0;
  return Math.min(1, Math.max(0, x));
}

/** A bag from words, each counted once per occurrence. */
export function bagOf(words: Iterable<string>): Map<string, number> {
  const bag = new Map<string, number>();
  for (const w of words) bag.set(w, (bag.get(w) ?? 0) + 1);
  return bag;
}
