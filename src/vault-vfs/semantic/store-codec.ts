// The semantic store's file: binary, checked, and refused whole rather than half-read.
//
//   "STEWSEM\0"  u32 format version  u32 body length  u32 block count  u32 checksum per 1 MiB block
//   body: provider, model, dimensions, chunker version, token cap; notes (path, mtime, size,
//         chunks: hash, heading, first and last line); then every chunk's scale (float32) and
//         int8 vector, in note order.
//
// A file of another format, another model or chunking, a truncated or damaged one is refused with
// a reason (StoreRefusedError) and the caller starts empty; nothing of it is used. Both directions
// are generators that pause every few thousand notes, so a 50 MB store never blocks for long.

import { ByteReader, ByteWriter, CorruptDataError, checksum32 } from '../search/bytes';
import { keyString, type EmbedderKey } from './types';
import { SemanticStore, type StoredNote } from './semantic-store';

export const STORE_FORMAT_VERSION = 1;
const MAGIC = new TextEncoder().encode('STEWSEM\0');
const BLOCK = 1 << 20;
/** Chunks handled between two pauses (a pause costs a turn of the event loop). */
const CHUNKS_PER_STEP = 1_024;

/** What a store must have been written with to be used: the model key and the chunking. */
export interface StoreIdentity {
  key: EmbedderKey;
  chunker: number;
  maxTokens: number;
}

export class StoreRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`the semantic index file was not used: ${reason}`);
    this.name = 'StoreRefusedError';
  }
}

export function* encodeStoreSteps(store: SemanticStore, id: StoreIdentity): Generator<void, Uint8Array> {
  const w = new ByteWriter();
  w.string(id.key.provider);
  w.string(id.key.model);
  w.varint(id.key.dimensions);
  w.varint(id.chunker);
  w.varint(id.maxTokens);
  w.varint(store.notes.size);
  const slots: number[] = [];
  let sinceYield = 0;
  for (const [path, note] of store.notes) {
    w.string(path);
    w.f64(note.mtime);
    w.f64(note.size);
    w.varint(note.chunks.length);
    for (const c of note.chunks) {
      w.f64(c.hash);
      w.string(c.heading);
      w.varint(c.from);
      w.varint(c.to);
      slots.push(c.slot);
    }
    sinceYield += note.chunks.length + 1;
    if (sinceYield >= CHUNKS_PER_STEP) {
      sinceYield = 0;
      yield;
    }
  }
  const dims = id.key.dimensions;
  const scales = new Float32Array(slots.length);
  const vectors = new Int8Array(slots.length * dims);
  for (let k = 0; k < slots.length; k++) {
    const slot = slots[k] as number;
    scales[k] = store.slab.scale[slot] as number;
    vectors.set(store.slab.q.subarray(slot * dims, (slot + 1) * dims), k * dims);
    if (k % (CHUNKS_PER_STEP * 8) === CHUNKS_PER_STEP * 8 - 1) yield;
  }
  // One allocation for the file: header, then metadata, scales and vectors copied in place.
  const meta = w.result();
  const length = meta.length + scales.byteLength + vectors.byteLength;
  const blocks = Math.ceil(length / BLOCK);
  const start = MAGIC.length + 12 + 4 * blocks;
  const out = new Uint8Array(start + length);
  out.set(meta, start);
  out.set(new Uint8Array(scales.buffer), start + meta.length);
  yield;
  out.set(new Uint8Array(vectors.buffer), start + meta.length + scales.byteLength);
  yield;
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(MAGIC.length, STORE_FORMAT_VERSION, true);
  view.setUint32(MAGIC.length + 4, length, true);
  view.setUint32(MAGIC.length + 8, blocks, true);
  for (let b = 0; b < blocks; b++) {
    view.setUint32(MAGIC.length + 12 + 4 * b, checksum32(out, start + b * BLOCK, start + Math.min(length, (b + 1) * BLOCK)), true);
    if (b % 4 === 3) yield;
  }
  return out;
}

function refuse(reason: string): never {
  throw new StoreRefusedError(reason);
}

export function* decodeStoreSteps(bytes: Uint8Array, id: StoreIdentity): Generator<void, SemanticStore> {
  if (bytes.length < MAGIC.length + 12 || MAGIC.some((b, i) => bytes[i] !== b)) refuse('not a semantic index file');
  const head = new ByteReader(bytes);
  head.bytes(MAGIC.length);
  const version = head.u32();
  if (version !== STORE_FORMAT_VERSION) refuse(`format version ${version}, this Steward reads ${STORE_FORMAT_VERSION}`);
  const length = head.u32();
  const blocks = head.u32();
  if (blocks !== Math.ceil(length / BLOCK)) refuse('damaged header');
  try {
    const sums = Array.from({ length: blocks }, () => head.u32());
    const start = head.pos;
    if (bytes.length !== start + length) refuse(`truncated or extended: ${bytes.length} bytes, expected ${start + length}`);
    for (let b = 0; b < blocks; b++) {
      if (checksum32(bytes, start + b * BLOCK, start + Math.min(length, (b + 1) * BLOCK)) !== sums[b]) refuse(`damaged: checksum mismatch in block ${b + 1} of ${blocks}`);
      if (b % 4 === 3) yield;
    }
    const r = new ByteReader(bytes.subarray(start));
    const key: EmbedderKey = { provider: r.string(), model: r.string(), dimensions: r.varint() };
    if (keyString(key) !== keyString(id.key)) refuse(`written for ${keyString(key)}, the index now uses ${keyString(id.key)}`);
    const chunker = r.varint();
    const maxTokens = r.varint();
    if (chunker !== id.chunker || maxTokens !== id.maxTokens) refuse(`chunked differently (version ${chunker}, ${maxTokens} tokens; now version ${id.chunker}, ${id.maxTokens} tokens)`);
    const noteCount = r.varint();
    const store = new SemanticStore(id.key);
    const pending: { path: string; note: StoredNote; chunks: { hash: number; heading: string; from: number; to: number }[] }[] = [];
    let total = 0;
    for (let n = 0; n < noteCount; n++) {
      const path = r.string();
      const note: StoredNote = { mtime: r.f64(), size: r.f64(), chunks: [] };
      const count = r.varint();
      const chunks = Array.from({ length: count }, () => ({ hash: r.f64(), heading: r.string(), from: r.varint(), to: r.varint() }));
      total += count;
      pending.push({ path, note, chunks });
      if (n % CHUNKS_PER_STEP === CHUNKS_PER_STEP - 1) yield;
    }
    const dims = key.dimensions;
    const scales = new Float32Array(r.bytes(total * 4).slice().buffer);
    const vectors = new Int8Array(r.bytes(total * dims).slice().buffer);
    if (r.pos !== length) refuse(`damaged: ${length - r.pos} unexpected bytes at the end`);
    let k = 0;
    let sinceYield = 0;
    for (const { path, note, chunks } of pending) {
      for (const c of chunks) {
        store.loadChunk(note, path, c, vectors.subarray(k * dims, (k + 1) * dims), scales[k] as number);
        k++;
      }
      store.notes.set(path, note);
      sinceYield += chunks.length + 1;
      if (sinceYield >= CHUNKS_PER_STEP) {
        sinceYield = 0;
        yield;
      }
    }
    return store;
  } catch (e) {
    if (e instanceof CorruptDataError) refuse(`damaged: ${e.message}`);
    throw e;
  }
}
