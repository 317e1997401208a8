// The layout of `metadata-cache.bin` (see metadata-cache.ts for what it is for), version 4:
//
//   magic, version, CRC-32 of the index part (every byte after these three up to the records: u32 each)
//   u32 flags (bit 0: the file table names every file of the vault as it is; else some name was
//       not well-formed UTF-16 and is written with U+FFFD in its place)
//   u32 byte length, then the file table: every file of the vault when it was saved (a string table)
//   u32 slot count (the number of files in the table), zeros up to a multiple of 8 bytes
//   per slot: size, mtime and ctime of its file (f64 each)
//   per slot: where its record ends (u32, from the start of the records)
//   per slot: the CRC-32 of its record (u32; 0 for an empty one)
//   the records, one per slot in the order of the table; a file with no record (not a note, or a
//   note not cached) has an empty one. A record is three parts each behind a u32 byte length: its
//   link paths (a string table), its metadata record, its links' targets (a varint count, then per
//   link path 0 for "resolves to nothing" or 1 + the target's number in the file table).
//
// A note's record is found by its file's number in the table, not by its path: where the vault
// has the files it had when the cache was saved (the open compares the tables' bytes), the open's
// n-th file is the n-th slot, and a warm open decodes no path and makes no object per entry.
// Version 2 kept a path and stamp per record, read into a Map of one object per note.
//
// Checksums: damage to the index part (table, stamps, record ends) drops the whole file, as the
// open would trust a stamp or find a record by it. A record is checked where it is first read
// (metadata-cache.ts), not at open: a warm open of 100k notes reads none, and version 3's CRC of
// the whole 210 MB file cost it 60 ms of CPU. A record that fails its check is never decoded: its
// note is read and parsed again, and no saved file carries that record on.
//
// An open reads the index part only (`readIndexPart`: 8 MB of a 210 MB file at 100k notes); the
// records are read, whole, when the first of them is asked for (`readRecords`), and only if the
// file's index part is still the one the open read (another process may have saved a new file).
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { LITTLE_ENDIAN } from '../../binary/byte-arrays';
import { ByteReader, type ByteWriter, CorruptDataError, type Utf8Decode } from '../../binary/bytes';
import type { LinkTargets } from '../note-links';

export const METADATA_CACHE_FILE = 'metadata-cache.bin';
const MAGIC = 0x434d5652; // "RVMC"
export const METADATA_CACHE_VERSION = 4;
export const HEADER = 12;
/** Flag: the file table names every file as it is. */
export const COMPLETE_TABLE = 1;
/** Bytes of a slot's stamp (size, mtime, ctime) and of its record's end. */
export const STAMP_BYTES = 24;

/** The file's parts, found by `readCacheFile`. */
export interface CacheFile {
  /** Whether the file table names every file as it is (else no cached target is trusted). */
  complete: boolean;
  tableStart: number;
  tableEnd: number;
  /** Files in the table, and slots. */
  slots: number;
  /** Slots with a record. */
  records: number;
  stampsAt: number;
  endsAt: number;
  recordsAt: number;
  /** Per slot: size, mtime, ctime (a view of the file where it is aligned, else a copy). */
  stamps: Float64Array;
  /** Per slot: where its record ends, from `recordsAt`. */
  ends: Uint32Array;
  /** Per slot: the CRC-32 of its record. */
  sums: Uint32Array;
}

/** Node's own decoder: the file is a Buffer, and `toString` on it beats TextDecoder on many small tables. */
const bufferUtf8: Utf8Decode = (buf, start, end) => (buf as Buffer).toString('utf8', start, end);

export function readerOver(buf: Buffer): ByteReader {
  return new ByteReader(buf, buf.length, bufferUtf8);
}

export function writeHeader(w: ByteWriter, complete: boolean): void {
  w.u32(MAGIC);
  w.u32(METADATA_CACHE_VERSION);
  w.u32(0); // the checksum, set by sealFile
  w.u32(complete ? COMPLETE_TABLE : 0);
}

/** CRC-32 of the index part, up to the records (zlib's, native: 5x the JavaScript checksum32). */
function indexChecksum(bytes: Uint8Array, recordsAt: number): number {
  return crc32(bytes.subarray(HEADER, recordsAt));
}

/** Writes the index part's checksum (the records' own are in their column already). */
export function sealFile(w: ByteWriter, recordsAt: number): Uint8Array {
  w.patchU32(8, indexChecksum(w.viewBytes(), recordsAt));
  return w.viewBytes();
}

/** The CRC-32 of the bytes of a record. */
export function recordChecksum(bytes: Uint8Array, start: number, end: number): number {
  return start === end ? 0 : crc32(bytes.subarray(start, end));
}

/**
 * The file's index part (header, file table and the slots' columns: what an open needs), read
 * without its records, and the file's size; null if there is no file. A file too short or too
 * damaged to say where its index part ends is read whole (readCacheFile then says what is wrong).
 */
export function readIndexPart(abs: string): { bytes: Buffer; size: number } | null {
  let fd: number;
  try {
    fd = openSync(abs, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const size = fstatSync(fd).size;
    const readAt = (at: number, length: number): Buffer => {
      // Memory of its own, so that the columns are views of it (aligned) and it holds nothing else.
      const out = Buffer.allocUnsafeSlow(length);
      if (readSync(fd, out, 0, length, at) !== length) throw new CorruptDataError(`the file changed while it was read (${length} bytes at ${at})`);
      return out;
    };
    if (size < HEADER + 8) return { bytes: readAt(0, size), size };
    const head = readAt(0, HEADER + 8);
    const tableEnd = HEADER + 8 + head.readUInt32LE(HEADER + 4);
    if (tableEnd + 4 > size) return { bytes: readAt(0, size), size };
    const slots = readAt(tableEnd, 4).readUInt32LE(0);
    const recordsAt = align8(tableEnd + 4) + slots * (STAMP_BYTES + 8);
    return { bytes: readAt(0, Math.min(recordsAt, size)), size };
  } finally {
    closeSync(fd);
  }
}

/**
 * The whole file, if its index part is still `indexPart` (the part the open read and checked):
 * then every record is where, and of the checksum, the open found. Null if the file is gone,
 * unreadable, or another file now (saved since by another process): its records are not used.
 */
export function readRecords(abs: string, indexPart: Buffer, size: number): Buffer | null {
  let whole: Buffer;
  try {
    whole = readFileSync(abs);
  } catch {
    return null;
  }
  return whole.length === size && whole.subarray(0, indexPart.length).equals(indexPart) ? whole : null;
}

/**
 * Where each part of the file is; throws CorruptDataError on any inconsistency. `buf` holds the
 * file's first bytes, at least its index part (then `size` is the whole file's).
 */
export function readCacheFile(buf: Buffer, size = buf.length): CacheFile {
  if (size < HEADER + 12 || buf.length < HEADER + 12) throw new CorruptDataError(`${size} bytes is too short for a metadata cache`);
  if (buf.readUInt32LE(0) !== MAGIC) throw new CorruptDataError('not a metadata cache file');
  const version = buf.readUInt32LE(4);
  if (version !== METADATA_CACHE_VERSION) throw new CorruptDataError(`format version ${version}, this Reeve reads ${METADATA_CACHE_VERSION}`);
  // Where the parts are, each within the file, before the index part's checksum says they hold.
  const tableLength = buf.readUInt32LE(HEADER + 4);
  const tableStart = HEADER + 8;
  const tableEnd = tableStart + tableLength;
  if (tableEnd + 4 > buf.length) throw new CorruptDataError(`a file table of ${tableLength} bytes does not fit in ${size} bytes (damaged or truncated)`);
  const slots = buf.readUInt32LE(tableEnd);
  const stampsAt = align8(tableEnd + 4);
  const endsAt = stampsAt + slots * STAMP_BYTES;
  const sumsAt = endsAt + slots * 4;
  const recordsAt = sumsAt + slots * 4;
  if (recordsAt > buf.length) throw new CorruptDataError(`${slots} slots do not fit in ${size} bytes (damaged or truncated)`);
  if (indexChecksum(buf, recordsAt) !== buf.readUInt32LE(8)) throw new CorruptDataError('checksum mismatch in the file table, stamps or record ends (damaged or truncated)');
  const flags = buf.readUInt32LE(HEADER);
  const files = tableLength === 0 ? 0 : readerOver(buf).at(tableStart, tableEnd).varint();
  if (slots !== files) throw new CorruptDataError(`${slots} slots for ${files} files`);
  const stamps = columnOf(buf, stampsAt, slots * 3, Float64Array, (at) => buf.readDoubleLE(at));
  const ends = columnOf(buf, endsAt, slots, Uint32Array, (at) => buf.readUInt32LE(at));
  const sums = columnOf(buf, sumsAt, slots, Uint32Array, (at) => buf.readUInt32LE(at));
  // Every record ends after the one before (its parts are checked where it is read: recordParts,
  // as touching each of 100k records here would cost a cache miss or more apiece).
  let records = 0;
  let start = recordsAt;
  for (let i = 0; i < slots; i++) {
    const end = recordsAt + (ends[i] as number);
    if (end < start || end > size) throw new CorruptDataError(`record ${i} ends at byte ${end}, outside ${start}-${size}`);
    if (end > start) records++;
    start = end;
  }
  // A file cut short, or grown, is not the file whose index part was checked.
  if (start !== size) throw new CorruptDataError(`${size - start} bytes after the last record`);
  return { complete: (flags & COMPLETE_TABLE) !== 0, tableStart, tableEnd, slots, records, stampsAt, endsAt, recordsAt, stamps, ends, sums };
}

/**
 * `count` little-endian numbers at `at`: a view of the file's own memory where they are aligned
 * (a large file read whole always is), else read one by one into a copy.
 */
function columnOf<A extends Float64Array | Uint32Array>(buf: Buffer, at: number, count: number, Type: { new (b: ArrayBufferLike, offset: number, length: number): A; new (length: number): A; BYTES_PER_ELEMENT: number }, read: (at: number) => number): A {
  const size = Type.BYTES_PER_ELEMENT;
  if (LITTLE_ENDIAN && (buf.byteOffset + at) % size === 0) return new Type(buf.buffer, buf.byteOffset + at, count);
  const out = new Type(count);
  for (let i = 0; i < count; i++) out[i] = read(at + i * size);
  return out;
}

/** The next multiple of 8 (the stamps are f64s). */
export function align8(n: number): number {
  return (n + 7) & ~7;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** `s` with each lone surrogate (which UTF-8 cannot carry) replaced by U+FFFD; `s` itself if it has none. */
export function wellFormed(s: string): string {
  if (!SURROGATE.test(s)) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) out += s.slice(i, ++i + 1);
    else out += c >= 0xd800 && c <= 0xdfff ? '\ufffd' : s[i];
  }
  return out;
}

/** A slot's record's parts: where its link paths, metadata and targets are (each without its length); null if it has none. */
export interface RecordParts {
  start: number;
  linkpathsStart: number;
  linkpathsEnd: number;
  metaStart: number;
  metaEnd: number;
  targetsStart: number;
  end: number;
}

export function recordStart(file: CacheFile, slot: number): number {
  return slot === 0 ? file.recordsAt : file.recordsAt + (file.ends[slot - 1] as number);
}

export function recordEnd(file: CacheFile, slot: number): number {
  return file.recordsAt + (file.ends[slot] as number);
}

/** Whether slot `slot`'s record is the one that was saved (its checksum holds). */
export function recordHolds(buf: Buffer, file: CacheFile, slot: number): boolean {
  return recordChecksum(buf, recordStart(file, slot), recordEnd(file, slot)) === file.sums[slot];
}

/** The parts of slot `slot`'s record; CorruptDataError if they do not fill it exactly (a bug where its checksum held). */
export function recordParts(buf: Buffer, file: CacheFile, slot: number): RecordParts {
  const start = recordStart(file, slot);
  const end = recordEnd(file, slot);
  const partEnd = (at: number): number => (at + 4 <= end ? at + 4 + buf.readUInt32LE(at) : Infinity);
  const linkpathsEnd = partEnd(start);
  const metaEnd = partEnd(linkpathsEnd);
  if (partEnd(metaEnd) !== end) throw new CorruptDataError(`record ${slot} at byte ${start} does not match its parts`);
  return { start, linkpathsStart: start + 4, linkpathsEnd, metaStart: linkpathsEnd + 4, metaEnd, targetsStart: metaEnd + 4, end };
}

/** Whether slot `slot` holds a record for a file of exactly this stamp. */
export function stampMatches(file: CacheFile, slot: number, size: number, mtime: number, changed: number): boolean {
  if (recordEnd(file, slot) === recordStart(file, slot)) return false;
  const { stamps } = file;
  return stamps[slot * 3] === size && stamps[slot * 3 + 1] === mtime && stamps[slot * 3 + 2] === changed;
}

/** A record's targets part: count, then 0 or 1 + the target's number in the file table. */
export function writeTargets(w: ByteWriter, targets: LinkTargets, numberOf: ReadonlyMap<string, number>): void {
  const at = w.length;
  w.u32(0);
  w.varint(targets.length);
  for (const t of targets) {
    const n = t === null ? undefined : numberOf.get(t);
    // A target not in the table cannot be: it would be a bug, and the next open resolves again.
    if (t !== null && n === undefined) {
      w.length = at + 4;
      break;
    }
    w.varint(n === undefined ? 0 : n + 1);
  }
  w.patchU32(at, w.length - at - 4);
}

/** The targets in `[start, end)` (`files`: the file table they were written with), or null if there are none that fit. */
export function readTargets(r: ByteReader, start: number, end: number, linkpathCount: number, files: readonly string[]): LinkTargets | null {
  try {
    r.at(start, end);
    if (r.end === r.pos || r.varint() !== linkpathCount) return null;
    const out = new Array<string | null>(linkpathCount);
    for (let i = 0; i < linkpathCount; i++) {
      const n = r.varint();
      const target = n === 0 ? null : files[n - 1];
      if (target === undefined) return null;
      out[i] = target;
    }
    return r.pos === r.end ? out : null;
  } catch (e) {
    if (e instanceof CorruptDataError) return null;
    throw e;
  }
}
