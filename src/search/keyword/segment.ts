// A segment of a shard's postings: the compact, immutable arrays a shard's base and its file
// hold, and the field bits packed into each posting. Shared by the shard and the merge that builds
// a new segment, so neither imports the other.

/** Field bits of a posting. Content is not a bit: a posting with tf > 0 matched the content. */
export const FIELD_TITLE = 1;
export const FIELD_ALIAS = 2;
export const FIELD_HEADING = 4;
export const FIELD_TAG = 8;
export const FIELD_FOLDER = 16;

/** Term frequencies are capped: the 300th "project" in a note says nothing the 255th did not. */
export const MAX_TF = 255;

/**
 * Per posting, its local document number times 32 plus its field bits: 2 bytes a posting in
 * shards of up to 2,048 documents (64 shards hold 131k notes so), else 4.
 */
export type PackedPostings = Uint16Array | Uint32Array;
export const FIELD_BITS = 5;
export const FIELD_MASK = (1 << FIELD_BITS) - 1;
/** Local document numbers below this pack into a Uint16Array. */
export const NARROW_DOCS = 1 << (16 - FIELD_BITS);

export interface Segment {
  /** Term ids, ascending. */
  terms: Int32Array;
  /** Postings of terms[i] are offsets[i] .. offsets[i + 1] in the arrays below. */
  offsets: Uint32Array;
  /** Local document number (an index into `localDocs`) << FIELD_BITS | field bits. */
  postings: PackedPostings;
  tf: Uint8Array;
  /** Local document number -> document id. */
  localDocs: Uint32Array;
}

export function emptySegment(): Segment {
  const none = new Uint32Array(0);
  return { terms: new Int32Array(0), offsets: new Uint32Array(1), postings: new Uint16Array(0), tf: new Uint8Array(0), localDocs: none };
}
