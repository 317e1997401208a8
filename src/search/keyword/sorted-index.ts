// Binary search in a sorted column of the keyword index (a segment's term ids, the rows that
// hold title postings): both are Int32Arrays in ascending order, searched on every query term.

/** Index of `value` in the ascending `sorted`, or -1 when it is not there. */
export function indexInSorted(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid] as number;
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
