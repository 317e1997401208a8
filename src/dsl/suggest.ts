// "Did you mean ...?" for misspelt fields, methods and rule keys.

/** Levenshtein distance with adjacent transpositions (so `mdoified` is one edit from `modified`). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const prev = rows[i - 1] ?? [];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? Math.max(a.length, b.length);
}

/** Lower case without `_` or `-`: how names are compared, so camelCase and snake_case agree. */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[_-]/gu, '');
}

/**
 * The candidate closest to `input`, if it is close enough to be a likely typo. A candidate also
 * counts as close when `input` is a slightly misspelt start of it (`modifed` for `modifiedAt`).
 */
export function closest(input: string, candidates: readonly string[]): string | null {
  const key = nameKey(input);
  let best: string | null = null;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const c = nameKey(candidate);
    const whole = editDistance(key, c);
    const prefix =
      c.length > key.length
        ? Math.min(editDistance(key, c.slice(0, key.length)), editDistance(key, c.slice(0, key.length + 1))) + 0.5
        : Infinity;
    const score = Math.min(whole, prefix);
    if (score < bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  const limit = Math.max(1, Math.min(3, Math.floor(key.length / 3)));
  return bestScore <= limit ? best : null;
}

/** `; did you mean X?` or nothing. */
export function didYouMean(input: string, candidates: readonly string[], show: (c: string) => string = (c) => c): string {
  const best = closest(input, candidates);
  return best === null ? '' : `; did you mean ${show(best)}?`;
}
