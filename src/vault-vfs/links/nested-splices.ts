// Link edits that nest: a markdown link's text may hold an image or an embed
// (`[![alt](a.png)](note.md)`), and a move may rewrite both. The inner edit is applied inside the
// outer link's new text (a rewrite changes a markdown link's destination, never the text before
// it, so the inner link sits at the same place in both); splicing both into the note would
// corrupt it.

export interface Splice {
  start: number;
  end: number;
  text: string;
}

/**
 * Splices, none overlapping another, in ascending order: each splice lying inside another is
 * applied to that one's new text. Throws when the outer one's new text no longer holds the inner
 * one's old text where it was (nothing is written then).
 */
export function mergeNestedSplices(text: string, splices: readonly Splice[]): Splice[] {
  const sorted = [...splices].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Splice[] = [];
  const inner = new Map<Splice, Splice[]>();
  for (const s of sorted) {
    const outer = out[out.length - 1];
    if (outer && s.start < outer.end) {
      if (s.end > outer.end) throw new Error(`link edits overlap at offsets ${outer.start} and ${s.start}`);
      inner.get(outer)?.push(s) ?? inner.set(outer, [s]);
    } else out.push({ ...s });
  }
  for (const outer of out) {
    // Right to left, so that earlier offsets in the outer text stay valid.
    const nested = mergeNestedSplices(text, inner.get(outer) ?? []).reverse();
    for (const s of nested) {
      const rel = s.start - outer.start;
      const old = text.slice(s.start, s.end);
      if (outer.text.slice(rel, rel + old.length) !== old) {
        throw new Error(`the rewrite of the link at offset ${outer.start} moves the link inside it at offset ${s.start}`);
      }
      outer.text = outer.text.slice(0, rel) + s.text + outer.text.slice(rel + old.length);
    }
  }
  return out;
}

/**
 * What the link `original` (the text at `start`) reads after the edits: its own edit's text as
 * merged (`merged`, from mergeNestedSplices), else its text with the edits inside it applied
 * (`splices`, as planned).
 */
export function applyWithin(original: string, start: number, merged: readonly Splice[], splices: readonly Splice[]): string {
  const end = start + original.length;
  const own = merged.find((s) => s.start === start && s.end === end) ?? splices.find((s) => s.start === start && s.end === end);
  if (own) return own.text;
  let out = original;
  for (const s of [...splices].sort((a, b) => b.start - a.start)) {
    if (s.start >= start && s.end <= end) out = out.slice(0, s.start - start) + s.text + out.slice(s.end - start);
  }
  return out;
}
