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

/** Splices that turn `a` into `b`, in order of offset. */
export function textSplices(a: string, b: string): Splice[] {
  const la = lineStarts(a);
  const lb = lineStarts(b);
  if (la.length !== lb.length) {
    const one = spliceOf(a, 0, a.length, b, 0, b.length);
    return one ? [one] : [];
  }
  const out: Splice[] = [];
  for (let k = 0; k + 1 < la.length; k++) {
    const [aFrom, aTo, bFrom, bTo] = [la[k] as number, la[k + 1] as number, lb[k] as number, lb[k + 1] as number];
    // Sliced strings compare natively: most lines are equal, and a character loop over every
    // line of every text would cost more than the rest of the encoding.
    if (aTo - aFrom === bTo - bFrom && a.slice(aFrom, aTo) === b.slice(bFrom, bTo)) continue;
    const s = spliceOf(a, aFrom, aTo, b, bFrom, bTo);
    if (s) out.push(s);
  }
  return out;
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
