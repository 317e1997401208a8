// The binary format of one saved shard. Each shard is its own file, a few hundred KB at 100k
// notes, so the index never becomes one huge string (the "Invalid string length" failure of
// indexes exported as one JSON document) and a damaged file costs only its own shard.
//
//   u32 magic "SKX2" | u32 format version | u32 settings hash | varint shard index, shard count
//   varint docs | NUL-joined UTF-8 paths | per doc: f64 mtime, f64 size, varint content length
//   varint terms | NUL-joined UTF-8 terms | per term: varint postings
//   u8 width | local doc number per posting, `width`-byte little-endian | tf bytes | field bytes
//   u32 checksum of all before
//
// Built for loading speed: paths and terms are one blob each (one decode call, not one per
// string), and the postings are fixed-width arrays copied in bulk, not varints decoded one by one.
// NUL can occur in neither paths (file systems refuse it) nor terms (the tokenizer emits none).

import { ByteReader, ByteWriter, CorruptDataError, checksum32, packUints, unpackUints } from './bytes';

export const SHARD_MAGIC = 0x3258_4b53; // "SKX2" little-endian
export const SHARD_FORMAT_VERSION = 2;

export interface ShardDoc {
  path: string;
  mtime: number;
  size: number;
  contentLength: number;
}

/** A shard as stored: documents by local number, postings by term, term after term. */
export interface ShardData {
  shardIndex: number;
  shardCount: number;
  docs: ShardDoc[];
  terms: string[];
  /** Postings of terms[i] are offsets[i] .. offsets[i + 1]. */
  offsets: Uint32Array;
  /** Local document numbers (indexes into `docs`). */
  docIndexes: Uint32Array;
  tf: Uint8Array;
  fields: Uint8Array;
}

function widthFor(docCount: number): 1 | 2 | 4 {
  return docCount <= 0x100 ? 1 : docCount <= 0x10000 ? 2 : 4;
}

export function encodeShard(data: ShardData, settingsHash: number): Uint8Array {
  const w = new ByteWriter();
  w.u32(SHARD_MAGIC);
  w.u32(SHARD_FORMAT_VERSION);
  w.u32(settingsHash);
  w.varint(data.shardIndex);
  w.varint(data.shardCount);
  w.varint(data.docs.length);
  w.string(data.docs.map((d) => d.path).join('\0'));
  for (const d of data.docs) {
    w.f64(d.mtime);
    w.f64(d.size);
    w.varint(d.contentLength);
  }
  w.varint(data.terms.length);
  w.string(data.terms.join('\0'));
  for (let i = 0; i < data.terms.length; i++) w.varint((data.offsets[i + 1] as number) - (data.offsets[i] as number));
  const width = widthFor(data.docs.length);
  w.bytes(new Uint8Array([width]));
  w.bytes(packUints(data.docIndexes, width));
  w.bytes(data.tf);
  w.bytes(data.fields);
  const body = w.result();
  const out = new Uint8Array(body.length + 4);
  out.set(body);
  new DataView(out.buffer).setUint32(body.length, checksum32(body), true);
  return out;
}

/** Decodes and validates a shard file; throws CorruptDataError on any inconsistency. */
export function decodeShard(bytes: Uint8Array, settingsHash: number): ShardData {
  if (bytes.length < 16) throw new CorruptDataError(`shard file too short (${bytes.length} bytes)`);
  const bodyEnd = bytes.length - 4;
  const stored = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(bodyEnd, true);
  if (checksum32(bytes, 0, bodyEnd) !== stored) throw new CorruptDataError('checksum mismatch');
  const r = new ByteReader(bytes, bodyEnd);
  if (r.u32() !== SHARD_MAGIC) throw new CorruptDataError('not a keyword index shard of this format');
  const version = r.u32();
  if (version !== SHARD_FORMAT_VERSION) throw new CorruptDataError(`format version ${version}, expected ${SHARD_FORMAT_VERSION}`);
  if (r.u32() !== settingsHash) throw new CorruptDataError('written with other index settings');
  const shardIndex = r.varint();
  const shardCount = r.varint();
  if (shardIndex >= shardCount) throw new CorruptDataError(`shard ${shardIndex} of ${shardCount}`);

  const docCount = r.varint();
  const docs: ShardDoc[] = [];
  for (const path of splitBlob(r.string(), docCount, 'paths')) {
    if (path === '') throw new CorruptDataError('empty document path');
    docs.push({ path, mtime: r.f64(), size: r.f64(), contentLength: r.varint() });
  }

  const termCount = r.varint();
  const terms = splitBlob(r.string(), termCount, 'terms');
  const offsets = new Uint32Array(termCount + 1);
  for (let i = 0; i < termCount; i++) {
    const n = r.varint();
    if (n === 0) throw new CorruptDataError(`term "${terms[i] ?? ''}" has no postings`);
    offsets[i + 1] = (offsets[i] as number) + n;
  }
  const total = offsets[termCount] as number;
  const width = r.bytes(1)[0];
  if (width !== widthFor(docCount)) throw new CorruptDataError(`posting width ${width} for ${docCount} documents`);
  if (total * (width + 2) !== bodyEnd - r.pos) throw new CorruptDataError(`${total} postings do not fill the ${bodyEnd - r.pos} bytes left`);
  const docIndexes = unpackUints(r.bytes(total * width), width);
  let max = 0;
  for (let k = 0; k < total; k++) if ((docIndexes[k] as number) > max) max = docIndexes[k] as number;
  if (total > 0 && max >= docCount) throw new CorruptDataError(`a posting names document ${max} of ${docCount}`);
  const tf = r.bytes(total).slice();
  const fields = r.bytes(total).slice();
  return { shardIndex, shardCount, docs, terms, offsets, docIndexes, tf, fields };
}

function splitBlob(blob: string, count: number, what: string): string[] {
  if (count === 0) {
    if (blob !== '') throw new CorruptDataError(`${what}: none expected`);
    return [];
  }
  const parts = blob.split('\0');
  if (parts.length !== count) throw new CorruptDataError(`${what}: ${parts.length} found, ${count} expected`);
  return parts;
}
