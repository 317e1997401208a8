// The binary format of one saved shard. Each shard is its own file, so the index never becomes
// one huge string (the "Invalid string length" failure of indexes exported as one JSON document)
// and a damaged file costs only its own shard. Terms are ids into the saved term dictionary
// (term-dictionary-codec.ts), not strings.
//
//   header, twelve u32: magic "RKX3" | format version (4) | settings hash | shard index | shard count
//     | docs | terms | postings | dictionary size | dictionary chain hash | width | path bytes
//   then each section 8-byte aligned, little-endian:
//     f64 mtime[docs] | f64 size[docs] | u32 content length[docs] | i32 term id[terms]
//     | u32 offsets[terms + 1] | local doc number << 5 | field bits [postings], `width` (2 or 4)
//     bytes each | u8 tf[postings] | NUL-joined UTF-8 paths
//   u32 checksum of all before
//
// Built for loading without decoding: every array is a typed-array view of the file's bytes,
// installed in the index as it is. Loading a shard allocates no object per term or posting,
// which at 100k notes with a large heap is what kept the garbage collector (and the warm start)
// busy for seconds. Paths are one blob: one decode call, not one per string.

import { LITTLE_ENDIAN, checksum32 } from '../../binary/byte-arrays';
import { CorruptDataError } from '../../binary/bytes';
import { FIELD_BITS, type PackedPostings } from './segment';

export const SHARD_MAGIC = 0x3358_4b52; // "RKX3" little-endian
export const SHARD_FORMAT_VERSION = 4;
const HEADER_WORDS = 12;

/** A shard as stored: documents by local number, postings by term, term after term. */
export interface ShardData {
  shardIndex: number;
  shardCount: number;
  paths: string[];
  mtime: Float64Array;
  size: Float64Array;
  contentLength: Uint32Array;
  /** Term ids of the dictionary the shard was written against, ascending. */
  terms: Int32Array;
  /** Postings of terms[i] are offsets[i] .. offsets[i + 1]. */
  offsets: Uint32Array;
  /** Local document number (an index into `paths`) << FIELD_BITS | field bits. */
  postings: PackedPostings;
  tf: Uint8Array;
  /** Size and chain hash of the term dictionary the term ids refer to. */
  dictionarySize: number;
  dictionaryChain: number;
}

interface Layout {
  mtime: number;
  size: number;
  contentLength: number;
  terms: number;
  offsets: number;
  postings: number;
  tf: number;
  paths: number;
  end: number;
}

const align8 = (n: number): number => (n + 7) & ~7;

function layout(docs: number, terms: number, postings: number, width: number, pathBytes: number): Layout {
  const mtime = HEADER_WORDS * 4;
  const size = mtime + docs * 8;
  const contentLength = size + docs * 8;
  const termsAt = align8(contentLength + docs * 4);
  const offsets = align8(termsAt + terms * 4);
  const postingsAt = align8(offsets + (terms + 1) * 4);
  const tf = postingsAt + postings * width;
  const paths = tf + postings;
  return { mtime, size, contentLength, terms: termsAt, offsets, postings: postingsAt, tf, paths, end: paths + pathBytes };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function encodeShard(data: ShardData, settingsHash: number): Uint8Array {
  if (!LITTLE_ENDIAN) throw new Error('the keyword index format needs a little-endian host');
  const pathBytes = encoder.encode(data.paths.join('\0'));
  const width = data.postings.BYTES_PER_ELEMENT;
  const n = data.paths.length;
  const at = layout(n, data.terms.length, data.postings.length, width, pathBytes.length);
  const out = new Uint8Array(at.end + 4);
  const header = [SHARD_MAGIC, SHARD_FORMAT_VERSION, settingsHash, data.shardIndex, data.shardCount, n, data.terms.length, data.postings.length, data.dictionarySize, data.dictionaryChain, width, pathBytes.length];
  new Uint32Array(out.buffer, 0, HEADER_WORDS).set(header.map((v) => v >>> 0));
  new Float64Array(out.buffer, at.mtime, n).set(data.mtime);
  new Float64Array(out.buffer, at.size, n).set(data.size);
  new Uint32Array(out.buffer, at.contentLength, n).set(data.contentLength);
  new Int32Array(out.buffer, at.terms, data.terms.length).set(data.terms);
  new Uint32Array(out.buffer, at.offsets, data.offsets.length).set(data.offsets);
  out.set(new Uint8Array(data.postings.buffer, data.postings.byteOffset, data.postings.byteLength), at.postings);
  out.set(data.tf, at.tf);
  out.set(pathBytes, at.paths);
  new DataView(out.buffer).setUint32(at.end, checksum32(out, 0, at.end), true);
  return out;
}

/**
 * Validates a shard file and returns views of its bytes (copied once if they are not 8-byte
 * aligned). Throws CorruptDataError on any inconsistency, so a damaged file never reaches a query.
 */
export function decodeShard(input: Uint8Array, settingsHash: number): ShardData {
  if (!LITTLE_ENDIAN) throw new Error('the keyword index format needs a little-endian host');
  if (input.length < HEADER_WORDS * 4 + 4) throw new CorruptDataError(`shard file too short (${input.length} bytes)`);
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  const bodyEnd = bytes.length - 4;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (checksum32(bytes, 0, bodyEnd) !== dv.getUint32(bodyEnd, true)) throw new CorruptDataError('checksum mismatch');
  const word = (i: number): number => dv.getUint32(i * 4, true);
  if (word(0) !== SHARD_MAGIC) throw new CorruptDataError('not a keyword index shard of this format');
  if (word(1) !== SHARD_FORMAT_VERSION) throw new CorruptDataError(`format version ${word(1)}, expected ${SHARD_FORMAT_VERSION}`);
  if (word(2) !== settingsHash) throw new CorruptDataError('written with other index settings');
  const [shardIndex, shardCount, n, termCount, postings, dictionarySize, dictionaryChain, width, pathBytes] = [3, 4, 5, 6, 7, 8, 9, 10, 11].map(word) as [number, number, number, number, number, number, number, number, number];
  if (shardIndex >= shardCount) throw new CorruptDataError(`shard ${shardIndex} of ${shardCount}`);
  if (width !== 2 && width !== 4) throw new CorruptDataError(`posting width ${width}`);
  if (n > bodyEnd || termCount > bodyEnd || postings > bodyEnd || pathBytes > bodyEnd) throw new CorruptDataError('counts larger than the file');
  const at = layout(n, termCount, postings, width, pathBytes);
  if (at.end !== bodyEnd) throw new CorruptDataError(`sections end at byte ${at.end}, the file at ${bodyEnd}`);
  const buf = bytes.buffer;
  const o = bytes.byteOffset;
  const packed = width === 2 ? new Uint16Array(buf, o + at.postings, postings) : new Uint32Array(buf, o + at.postings, postings);
  const data: ShardData = {
    shardIndex,
    shardCount,
    paths: splitPaths(bytes.subarray(at.paths, at.end), n),
    mtime: new Float64Array(buf, o + at.mtime, n),
    size: new Float64Array(buf, o + at.size, n),
    contentLength: new Uint32Array(buf, o + at.contentLength, n),
    terms: new Int32Array(buf, o + at.terms, termCount),
    offsets: new Uint32Array(buf, o + at.offsets, termCount + 1),
    postings: packed,
    tf: new Uint8Array(buf, o + at.tf, postings),
    dictionarySize,
    dictionaryChain,
  };
  checkPostings(data);
  return data;
}

/** Term ids ascending and within the dictionary, every term with postings, every posting in range. */
function checkPostings(d: ShardData): void {
  const { terms, offsets, postings } = d;
  if (offsets[0] !== 0 || offsets[terms.length] !== postings.length) throw new CorruptDataError('posting offsets do not cover the postings');
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i] as number;
    if (t < 0 || t >= d.dictionarySize || (i > 0 && t <= (terms[i - 1] as number))) throw new CorruptDataError(`term id ${t} out of order or range`);
    if ((offsets[i + 1] as number) <= (offsets[i] as number)) throw new CorruptDataError(`term id ${t} has no postings`);
  }
  // Field bits are 5 bits by construction; the document number is what can be out of range.
  let max = 0;
  for (let k = 0; k < postings.length; k++) if ((postings[k] as number) > max) max = postings[k] as number;
  if (postings.length > 0 && max >>> FIELD_BITS >= d.paths.length) throw new CorruptDataError(`a posting names a document beyond the ${d.paths.length} of the shard`);
}

function splitPaths(blob: Uint8Array, count: number): string[] {
  let text: string;
  try {
    text = decoder.decode(blob);
  } catch {
    throw new CorruptDataError('invalid UTF-8 in paths');
  }
  if (count === 0) {
    if (text !== '') throw new CorruptDataError('paths: none expected');
    return [];
  }
  const parts = text.split('\0');
  if (parts.length !== count) throw new CorruptDataError(`paths: ${parts.length} found, ${count} expected`);
  if (parts.includes('')) throw new CorruptDataError('empty document path');
  return parts;
}
