// The binary format of one saved shard. Each shard is its own file, a few hundred KB to a few MB
// at 100k notes, so the index never becomes one huge string (the "Invalid string length" failure
// of indexes exported as one JSON document) and a damaged file costs only its own shard.
//
//   u32 magic "SKX1" | u32 format version | u32 settings hash | varint shard index, shard count
//   varint docs | NUL-joined UTF-8 paths | per doc: f64 mtime, f64 size, varint content length
//   varint terms | NUL-joined UTF-8 terms | per term: varint postings
//   per posting: varint local doc index | tf bytes | field bytes | u32 CRC-32 of all before
//
// Paths and terms are one blob each, decoded in one call: per-string decoding was most of the
// load time. NUL can occur in neither (file systems refuse it; the tokenizer emits no NUL).

import { ByteReader, ByteWriter, CorruptDataError, crc32 } from './bytes';

export const SHARD_MAGIC = 0x3158_4b53; // "SKX1" little-endian
export const SHARD_FORMAT_VERSION = 1;

export interface ShardDoc {
  path: string;
  mtime: number;
  size: number;
  contentLength: number;
}

/** A shard as stored: documents by local index, postings by term in CSR layout. */
export interface ShardData {
  shardIndex: number;
  shardCount: number;
  docs: ShardDoc[];
  terms: string[];
  /** Postings of terms[i] are offsets[i] .. offsets[i + 1]. */
  offsets: Uint32Array;
  /** Local document indexes. */
  docIndexes: Uint32Array;
  tf: Uint8Array;
  fields: Uint8Array;
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
  for (let k = 0; k < data.docIndexes.length; k++) w.varint(data.docIndexes[k] as number);
  w.bytes(data.tf);
  w.bytes(data.fields);
  const body = w.result();
  const out = new Uint8Array(body.length + 4);
  out.set(body);
  new DataView(out.buffer).setUint32(body.length, crc32(body), true);
  return out;
}

/** The settings hash a shard file was written with, or null if it is not a shard file at all. */
export function peekSettingsHash(bytes: Uint8Array): number | null {
  if (bytes.length < 12) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== SHARD_MAGIC || view.getUint32(4, true) !== SHARD_FORMAT_VERSION) return null;
  return view.getUint32(8, true);
}

/** Decodes and validates a shard file; throws CorruptDataError on any inconsistency. */
export function decodeShard(bytes: Uint8Array, settingsHash: number): ShardData {
  if (bytes.length < 16) throw new CorruptDataError(`shard file too short (${bytes.length} bytes)`);
  const bodyEnd = bytes.length - 4;
  const stored = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(bodyEnd, true);
  if (crc32(bytes, 0, bodyEnd) !== stored) throw new CorruptDataError('checksum mismatch');
  const r = new ByteReader(bytes, bodyEnd);
  if (r.u32() !== SHARD_MAGIC) throw new CorruptDataError('not a keyword index shard');
  const version = r.u32();
  if (version !== SHARD_FORMAT_VERSION) throw new CorruptDataError(`format version ${version}, expected ${SHARD_FORMAT_VERSION}`);
  const hash = r.u32();
  if (hash !== settingsHash) throw new CorruptDataError('written with other index settings');
  const shardIndex = r.varint();
  const shardCount = r.varint();
  if (shardIndex >= shardCount) throw new CorruptDataError(`shard ${shardIndex} of ${shardCount}`);

  const docCount = r.varint();
  const paths = splitBlob(r.string(), docCount, 'paths');
  const docs: ShardDoc[] = [];
  for (const path of paths) {
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
  if (total > bodyEnd) throw new CorruptDataError(`${total} postings cannot fit in ${bodyEnd} bytes`);
  const docIndexes = new Uint32Array(total);
  for (let k = 0; k < total; k++) {
    const d = r.varint();
    if (d >= docCount) throw new CorruptDataError(`posting names document ${d} of ${docCount}`);
    docIndexes[k] = d;
  }
  const tf = r.bytes(total).slice();
  const fields = r.bytes(total).slice();
  if (r.pos !== bodyEnd) throw new CorruptDataError(`${bodyEnd - r.pos} unexpected bytes at the end`);
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
