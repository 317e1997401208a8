// The saved term dictionary: every term of the TermTable in id order, in one file. Shards name
// terms by these ids, so the vocabulary is stored and interned once, not once per shard (at 100k
// notes that was 1.2 million term strings to decode and look up on every warm start, for 184k
// distinct terms).
//
//   u32 magic "RKD3" | u32 format version | u32 settings hash | u32 terms | u32 chain hash
//   chunks of up to CHUNK_TERMS terms: varint byte length | NUL-joined UTF-8 terms
//   u32 checksum of all before
//
// Chunks let both sides work in time slices. The table only ever grows, so a dictionary written
// later starts with the terms of one written earlier, and a shard written against the earlier
// one still fits: `prefixChains` gives the chain hash of every prefix to check that with.

import { checksum32 } from '../../binary/byte-arrays';
import { ByteReader, ByteWriter, CorruptDataError } from '../../binary/bytes';
import type { TermTable } from './term-table';

export const DICTIONARY_MAGIC = 0x3344_4b52; // "RKD3" little-endian
export const DICTIONARY_FORMAT_VERSION = 3;
const CHUNK_TERMS = 8192;

/** Encodes the terms `table` holds now (later additions are left out), yielding between chunks. */
export function* encodeDictionarySteps(table: TermTable, settingsHash: number): Generator<void, Uint8Array> {
  const count = table.size;
  const chain = table.chainHash;
  const w = new ByteWriter();
  w.u32(DICTIONARY_MAGIC);
  w.u32(DICTIONARY_FORMAT_VERSION);
  w.u32(settingsHash);
  w.u32(count);
  w.u32(chain);
  const chunk: string[] = [];
  for (let start = 0; start < count; start += CHUNK_TERMS) {
    chunk.length = 0;
    for (let id = start; id < Math.min(count, start + CHUNK_TERMS); id++) chunk.push(table.term(id));
    w.string(chunk.join('\0'));
    yield;
  }
  const body = w.result();
  const out = new Uint8Array(body.length + 4);
  out.set(body);
  new DataView(out.buffer).setUint32(body.length, checksum32(out, 0, body.length), true);
  return out;
}

export function encodeDictionary(table: TermTable, settingsHash: number): Uint8Array {
  const steps = encodeDictionarySteps(table, settingsHash);
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}

/**
 * Interns a saved dictionary into an empty `table`, yielding between chunks, so that term ids
 * equal the saved ids. Returns the chain hash of every prefix (index k: the first k terms).
 * Throws CorruptDataError on any inconsistency; terms interned before it stay (unused).
 */
export function* decodeDictionarySteps(bytes: Uint8Array, settingsHash: number, table: TermTable): Generator<void, Uint32Array> {
  if (table.size !== 0) throw new Error('the term table must be empty to load a dictionary');
  if (bytes.length < 24) throw new CorruptDataError(`term dictionary too short (${bytes.length} bytes)`);
  const bodyEnd = bytes.length - 4;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (checksum32(bytes, 0, bodyEnd) !== view.getUint32(bodyEnd, true)) throw new CorruptDataError('term dictionary checksum mismatch');
  const r = new ByteReader(bytes, bodyEnd);
  if (r.u32() !== DICTIONARY_MAGIC) throw new CorruptDataError('not a keyword index term dictionary');
  const version = r.u32();
  if (version !== DICTIONARY_FORMAT_VERSION) throw new CorruptDataError(`term dictionary format version ${version}, expected ${DICTIONARY_FORMAT_VERSION}`);
  if (r.u32() !== settingsHash) throw new CorruptDataError('term dictionary written with other index settings');
  const count = r.u32();
  const chain = r.u32();
  if (count > bodyEnd) throw new CorruptDataError(`${count} terms cannot fit ${bodyEnd} bytes`);
  table.reserve(count);
  const prefix = new Uint32Array(count + 1);
  prefix[0] = table.chainHash;
  for (let start = 0; start < count; start += CHUNK_TERMS) {
    const expected = Math.min(CHUNK_TERMS, count - start);
    const parts = r.string().split('\0');
    if (parts.length !== expected) throw new CorruptDataError(`term dictionary chunk holds ${parts.length} terms, ${expected} expected`);
    for (const term of parts) {
      if (term === '') throw new CorruptDataError('empty term in the dictionary');
      const id = table.intern(term);
      if (id !== table.size - 1 || id >= count) throw new CorruptDataError(`term "${term}" stored twice`);
      prefix[id + 1] = table.chainHash;
    }
    yield;
  }
  if (r.pos !== bodyEnd) throw new CorruptDataError('bytes left after the term dictionary');
  if (prefix[count] !== chain) throw new CorruptDataError('term dictionary chain hash mismatch');
  return prefix;
}
