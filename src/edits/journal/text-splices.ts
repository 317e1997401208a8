// A note's text as a few splices of an earlier text of the same note: how the journal holds the
// texts a run of moves leaves one after another in a note that links to many of them (each move
// rewrites a link or two of a 60 KB note; held whole, every one of those texts was written again).
// A link rewrite never adds or removes a line break, so the texts are compared line by line, and
// within a changed line only the characters that differ are kept. Any other change (lines added
// or removed) is one splice of the lines between the common head and tail: still exact, only larger.

/** At offset `0` of the earlier text, `1` characters are replaced by `2`. Offsets are in the earlier text. */
export type Splice = [at: number, remove: number, insert: string];

/** Offsets just past each '\n' of `text`, with 0 first and text.length last. */
function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  if (out[out.length - 1] !== text.length) out.push(text.length);
  return out;
}

/** The one splice turning a[from, to) into b[bFrom, bTo), its common head and tail left out. */
function spliceOf(a: string, from: number, to: number, b: string, bFrom: number, bTo: number): Splice | null {
  let p = 0;
  const max = Math.min(to - from, bTo - bFrom);
  while (p < max && a.charCodeAt(from + p) === b.charCodeAt(bFrom + p)) p++;
  let s = 0;
  while (s < max - p && a.charCodeAt(to - 1 - s) === b.charCodeAt(bTo - 1 - s)) s++;
  if (from + p === to - s && bFrom + p === bTo - s) return null;
  return [from + p, to - s - (from + p), b.slice(bFrom + p, bTo - s)];
}

/** Splices turning a[aFrom, aTo) into b[bFrom, bTo), both whole lines, compared line by line. */
function lineSplices(a: string, aFrom: number, aTo: number, b: string, bFrom: number, bTo: number): Splice[] {
  const la = lineStarts(a.slice(aFrom, aTo));
  const lb = lineStarts(b.slice(bFrom, bTo));
  if (la.length !== lb.length) {
    const one = spliceOf(a, aFrom, aTo, b, bFrom, bTo);
    return one ? [one] : [];
  }
  const out: Splice[] = [];
  for (let k = 0; k + 1 < la.length; k++) {
    const [aLo, aHi, bLo, bHi] = [aFrom + (la[k] as number), aFrom + (la[k + 1] as number), bFrom + (lb[k] as number), bFrom + (lb[k + 1] as number)];
    // Sliced strings compare natively: most lines are equal, and a character loop over every
    // line of every text would cost more than the rest of the encoding.
    if (aHi - aLo === bHi - bLo && a.slice(aLo, aHi) === b.slice(bLo, bHi)) continue;
    const s = spliceOf(a, aLo, aHi, b, bLo, bHi);
    if (s) out.push(s);
  }
  return out;
}

/** Characters compared at once when looking for where two texts start or stop differing. */
const STRIDE = 2048;

/** Length of the common head of `a` and `b`. */
function commonHead(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let p = 0;
  while (p + STRIDE <= n && a.slice(p, p + STRIDE) === b.slice(p, p + STRIDE)) p += STRIDE;
  while (p < n && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  return p;
}

/** Length of the common tail of `a` and `b`, at most `max`. */
function commonTail(a: string, b: string, max: number): number {
  let s = 0;
  while (s + STRIDE <= max && a.slice(a.length - s - STRIDE, a.length - s) === b.slice(b.length - s - STRIDE, b.length - s)) s += STRIDE;
  while (s < max && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  return s;
}

/**
 * Splices that turn `a` into `b`, in order of offset. The lines of the common head and tail
 * (found by comparing long slices) are left out before comparing line by line: a link rewrite
 * changes a line or two of a 60 KB note, and splitting both texts into lines was most of the
 * cost. The lines left out are equal and as many in both texts, so the splices are the ones a
 * comparison of every line gives.
 */
export function textSplices(a: string, b: string): Splice[] {
  const head = commonHead(a, b);
  if (head === a.length && head === b.length) return [];
  const tail = commonTail(a, b, Math.min(a.length, b.length) - head);
  // The first line that differs starts at `from` in both texts; the first whole line of the
  // common tail starts at `aTo` in `a` and `aTo + shift` in `b` (its line break is in the tail).
  const from = head === 0 ? 0 : a.lastIndexOf('\n', head - 1) + 1;
  const nl = a.indexOf('\n', a.length - tail);
  const aTo = nl < 0 ? a.length : nl + 1;
  return lineSplices(a, from, aTo, b, from, aTo + b.length - a.length);
}

/** Whether a[aFrom, aFrom + n) and b[bFrom, bFrom + n) are the same characters. */
function sameRange(a: string, aFrom: number, b: string, bFrom: number, n: number): boolean {
  return n === 0 || a.slice(aFrom, aFrom + n) === b.slice(bFrom, bFrom + n);
}

/**
 * Whether the splices make `b` of `a`: applySplices(a, splices) === b, checked piece by piece
 * in place, without building the text (a check of every text record of a job of moves).
 */
export function splicesGive(a: string, splices: readonly Splice[], b: string): boolean {
  let at = 0;
  let pos = 0;
  for (const [from, remove, insert] of splices) {
    if (from < at || from + remove > a.length) return false;
    if (!sameRange(a, at, b, pos, from - at)) return false;
    pos += from - at;
    if (!b.startsWith(insert, pos)) return false;
    pos += insert.length;
    at = from + remove;
  }
  return pos + (a.length - at) === b.length && sameRange(a, at, b, pos, a.length - at);
}

/** The text the splices make of `a`. */
export function applySplices(a: string, splices: readonly Splice[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const [from, remove, insert] of splices) {
    if (from < at || from + remove > a.length) throw new RangeError(`a splice at ${from} does not fit a text of ${a.length} characters`);
    parts.push(a.slice(at, from), insert);
    at = from + remove;
  }
  parts.push(a.slice(at));
  return parts.join('');
}

/** How many characters the splices hold, to tell whether they are worth it. */
export function splicesSize(splices: readonly Splice[]): number {
  let n = 0;
  for (const s of splices) n += s[2].length + 16;
  return n;
}
