// The semantic store's file: binary, checked, and refused whole rather than half-read.
//
//   "REEVSEM\0"  u32 format version  u32 body length  u32 block count  u32 checksum per 1 MiB block
//   body: provider, model, dimensions, chunker version, token cap; notes (path, mtime, size,
//         chunks: hash, heading, first and last line); then every chunk's scale (float32) and
//         int8 vector, in note order.
//
// A file of another format, another model or chunking, a truncated or damaged one is refused with
// a reason (StoreRefusedError) and the caller starts empty; nothing of it is used. Both directions
// are generators that yield after at most STEP_BYTES of work (store-steps.ts): the checksums, the
// copies and the parsing all run in steps, so a 50 MB store never blocks for long.

import { ByteReader, ByteWriter, CorruptDataError } from '../../binary/bytes';
import { keyString, type EmbedderKey } from './types';
import { SemanticStore, type StoredNote } from './semantic-store';
import { checksumSteps, copySteps, STEP_BYTES, type Steps } from './store-steps';

export const STORE_FORMAT_VERSION = 1;
const MAGIC = new TextEncoder().encode('REEVSEM\0');
const BLOCK = 1 << 20;

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

export function* encodeStoreSteps(store: SemanticStore, id: StoreIdentity): Steps<Uint8Array> {
  // The metadata is written in segments of about a quarter step (written, then copied), so no single copy of it is long.
  const segments: Uint8Array[] = [];
  let w = new ByteWriter();
  w.string(id.key.provider);
  w.string(id.key.model);
  w.varint(id.key.dimensions);
  w.varint(id.chunker);
  w.varint(id.maxTokens);
  w.varint(store.notes.size);
  const slots: number[] = [];
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
    if (w.length >= STEP_BYTES / 4) {
      segments.push(w.result());
      yield 2 * w.length;
      w = new ByteWriter();
    }
  }
  segments.push(w.result());
  yield 2 * w.length;
  const dims = id.key.dimensions;
  const metaLength = segments.reduce((sum, m) => sum + m.length, 0);
  // One allocation for the file: header, then metadata, scales and vectors copied in place.
  const length = metaLength + slots.length * (4 + dims);
  const blocks = Math.ceil(length / BLOCK);
  const start = MAGIC.length + 12 + 4 * blocks;
  const out = new Uint8Array(start + length);
  let at = start;
  for (const m of segments) {
    yield* copySteps(out, m, at);
    at += m.length;
  }
  const scalesAt = start + metaLength;
  const scaleView = new DataView(out.buffer, scalesAt, slots.length * 4);
  const vectorsAt = scalesAt + slots.length * 4;
  const perStep = Math.max(1, Math.floor(STEP_BYTES / (dims + 4)));
  for (let k0 = 0; k0 < slots.length; k0 += perStep) {
    const k1 = Math.min(slots.length, k0 + perStep);
    for (let k = k0; k < k1; k++) {
      const slot = slots[k] as number;
      scaleView.setFloat32(k * 4, store.slab.scaleOf(slot), true);
      out.set(store.slab.vector(slot), vectorsAt + k * dims);
    }
    yield (k1 - k0) * (dims + 4);
  }
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(MAGIC.length, STORE_FORMAT_VERSION, true);
  view.setUint32(MAGIC.length + 4, length, true);
  view.setUint32(MAGIC.length + 8, blocks, true);
  for (let b = 0; b < blocks; b++) {
    view.setUint32(MAGIC.length + 12 + 4 * b, yield* checksumSteps(out, start + b * BLOCK, start + Math.min(length, (b + 1) * BLOCK)), true);
  }
  return out;
}

/** Whether `bytes` starts as a store file: magic, then room for version, length and block count. */
function hasStoreHead(bytes: Uint8Array): boolean {
  return bytes.length >= MAGIC.length + 12 && MAGIC.every((b, i) => bytes[i] === b);
}

/** The embedder key that opens the checksummed part of a store file. */
function readKey(r: ByteReader): EmbedderKey {
  return { provider: r.string(), model: r.string(), dimensions: r.varint() };
}

/**
 * The model a store file was written for, read from its head without checking the rest (a caller
 * choosing which embedder to load it with; the load itself checks everything). Null if the file
 * is not a store of this format.
 */
export function readStoreKey(bytes: Uint8Array): EmbedderKey | null {
  if (!hasStoreHead(bytes)) return null;
  try {
    const r = new ByteReader(bytes);
    r.bytes(MAGIC.length);
    if (r.u32() !== STORE_FORMAT_VERSION) return null;
    r.u32();
    r.bytes(4 * r.u32());
    return readKey(r);
  } catch (e) {
    if (e instanceof CorruptDataError) return null;
    throw e;
  }
}

function refuse(reason: string): never {
  throw new StoreRefusedError(reason);
}

export function* decodeStoreSteps(bytes: Uint8Array, id: StoreIdentity): Steps<SemanticStore> {
  if (!hasStoreHead(bytes)) refuse('not a semantic index file');
  const head = new ByteReader(bytes);
  head.bytes(MAGIC.length);
  const version = head.u32();
  if (version !== STORE_FORMAT_VERSION) refuse(`format version ${version}, this Reeve reads ${STORE_FORMAT_VERSION}`);
  const length = head.u32();
  const blocks = head.u32();
  if (blocks !== Math.ceil(length / BLOCK)) refuse('damaged header');
  try {
    const sums = Array.from({ length: blocks }, () => head.u32());
    const start = head.pos;
    if (bytes.length !== start + length) refuse(`truncated or extended: ${bytes.length} bytes, expected ${start + length}`);
    for (let b = 0; b < blocks; b++) {
      const sum = yield* checksumSteps(bytes, start + b * BLOCK, start + Math.min(length, (b + 1) * BLOCK));
      if (sum !== sums[b]) refuse(`damaged: checksum mismatch in block ${b + 1} of ${blocks}`);
    }
    const r = new ByteReader(bytes.subarray(start));
    const key = readKey(r);
    if (keyString(key) !== keyString(id.key)) refuse(`written for ${keyString(key)}, not ${keyString(id.key)}`);
    const chunker = r.varint();
    const maxTokens = r.varint();
    if (chunker !== id.chunker || maxTokens !== id.maxTokens) refuse(`chunked differently (version ${chunker}, ${maxTokens} tokens; now version ${id.chunker}, ${id.maxTokens} tokens)`);
    const noteCount = r.varint();
    const store = new SemanticStore(id.key);
    const pending: { path: string; note: StoredNote; chunks: { hash: number; heading: string; from: number; to: number }[] }[] = [];
    let total = 0;
    let mark = r.pos;
    for (let n = 0; n < noteCount; n++) {
      const path = r.string();
      const note: StoredNote = { mtime: r.f64(), size: r.f64(), chunks: [] };
      const count = r.varint();
      const chunks = Array.from({ length: count }, () => ({ hash: r.f64(), heading: r.string(), from: r.varint(), to: r.varint() }));
      total += count;
      pending.push({ path, note, chunks });
      if (r.pos - mark >= STEP_BYTES / 2) {
        yield r.pos - mark;
        mark = r.pos;
      }
    }
    yield r.pos - mark;
    const dims = key.dimensions;
    // Views into the file, not copies: each vector is copied once, into the slab.
    const scalesRaw = r.bytes(total * 4);
    const scales = new DataView(scalesRaw.buffer, scalesRaw.byteOffset, scalesRaw.byteLength);
    const vectors = r.bytes(total * dims);
    if (r.pos !== length) refuse(`damaged: ${length - r.pos} unexpected bytes at the end`);
    const perStep = Math.max(1, Math.floor(STEP_BYTES / (dims + 4)));
    let k = 0;
    let inStep = 0;
    for (const { path, note, chunks } of pending) {
      for (const c of chunks) {
        store.loadChunk(note, path, c, new Int8Array(vectors.buffer, vectors.byteOffset + k * dims, dims), scales.getFloat32(k * 4, true));
        k++;
        if (++inStep >= perStep) {
          yield inStep * (dims + 4);
          inStep = 0;
        }
      }
      store.notes.set(path, note);
    }
    yield inStep * (dims + 4);
    return store;
  } catch (e) {
    if (e instanceof CorruptDataError) refuse(`damaged: ${e.message}`);
    throw e;
  }
}
