// The title and alias postings of a segment, apart: per term row that has any, the packed
// postings (local document << FIELD_BITS | field bits) whose fields include the title or an alias.
//
// The top-k search's first pass (searcher.ts, `markTitleHits`) looks only for those. In a row they
// are a few among many (`reading` at 100k notes: ~1.5k of ~97k postings), so reading the whole row
// to find them was a third of a two-letter query's time. Derived from the segment, not saved: made
// when a shard is loaded (shard-transfer.ts) or on the first search after a merge made a new
// segment (one pass over its postings: 52 ms of CPU for all 64 shards of 100k notes, 1.65 MiB
// kept), and dropped with the segment, which a merge replaces (a new Segment object), so it never
// goes stale.

import { FIELD_ALIAS, FIELD_TITLE, type PackedPostings, type Segment } from './segment';
import { indexInSorted } from './sorted-index';

const TITLE_LIKE = FIELD_TITLE | FIELD_ALIAS;

export interface TitlePostings {
  /** Rows of the segment with a title or alias posting, ascending. */
  rows: Int32Array;
  /** The postings of rows[i] are postings[offsets[i] .. offsets[i + 1]]. */
  offsets: Uint32Array;
  postings: PackedPostings;
}

const made = new WeakMap<Segment, TitlePostings>();

/** The segment's title postings, made on first use. */
export function titlePostings(segment: Segment): TitlePostings {
  let t = made.get(segment);
  if (t === undefined) {
    t = collect(segment);
    made.set(segment, t);
  }
  return t;
}

/** Index into `t.rows` of `row`, or -1 when the row has no title posting. */
export function titleRow(t: TitlePostings, row: number): number {
  return indexInSorted(t.rows, row);
}

function collect(segment: Segment): TitlePostings {
  const { offsets, postings } = segment;
  const rowCount = offsets.length - 1;
  let n = 0;
  let withTitle = 0;
  for (let row = 0; row < rowCount; row++) {
    let here = 0;
    for (let r = offsets[row] as number, end = offsets[row + 1] as number; r < end; r++) if (((postings[r] as number) & TITLE_LIKE) !== 0) here++;
    n += here;
    if (here > 0) withTitle++;
  }
  const rows = new Int32Array(withTitle);
  const out = new Uint32Array(withTitle + 1);
  const kept: PackedPostings = postings instanceof Uint16Array ? new Uint16Array(n) : new Uint32Array(n);
  let k = 0;
  let i = 0;
  for (let row = 0; row < rowCount; row++) {
    const start = k;
    for (let r = offsets[row] as number, end = offsets[row + 1] as number; r < end; r++) {
      const packed = postings[r] as number;
      if ((packed & TITLE_LIKE) !== 0) kept[k++] = packed;
    }
    if (k > start) {
      rows[i] = row;
      out[i++] = start;
    }
  }
  out[i] = k;
  return { rows, offsets: out, postings: kept };
}
