// How alike two short texts are (Dice coefficient over character bigrams), for "did you mean"
// answers: the lines nearest an anchor that did not match, the paths nearest one that does not exist.

export function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

/** Dice coefficient of `a` (as bigrams, `aSize` of them) and lower-cased, whitespace-collapsed `line`. */
export function bigramSimilarity(a: Map<string, number>, aSize: number, line: string): number {
  const b = line.toLowerCase().replace(/\s+/g, ' ').trim();
  if (b.length < 2 || aSize === 0) return 0;
  let shared = 0;
  const seen = new Map<string, number>();
  for (let i = 0; i < b.length - 1; i++) {
    const g = b.slice(i, i + 2);
    const used = seen.get(g) ?? 0;
    if (used < (a.get(g) ?? 0)) shared++;
    seen.set(g, used + 1);
  }
  return (2 * shared) / (aSize + b.length - 1);
}

/** The `n` candidates most like `target` (at least 0.3 alike), best first. */
export function closestStrings(target: string, candidates: Iterable<string>, n = 3): string[] {
  const probe = target.toLowerCase().replace(/\s+/g, ' ').trim();
  if (probe.length < 2) return [];
  const grams = bigrams(probe);
  const scored: { s: string; score: number }[] = [];
  for (const c of candidates) {
    const score = bigramSimilarity(grams, probe.length - 1, c);
    if (score >= 0.3) scored.push({ s: c, score });
  }
  return scored
    .sort((x, y) => y.score - x.score || (x.s < y.s ? -1 : 1))
    .slice(0, n)
    .map((x) => x.s);
}
