// The layout of `metadata-cache.bin` (see metadata-cache.ts for what it is for):
//
//   magic, version, checksum of everything after these three (u32 each)
//   u32 byte length, then the file table: every file of the vault when it was saved (a string table)
//   u32 record count, then per note: its path, size, mtime and ctime (f64), then three parts each
//   behind a u32 byte length: its link paths (a string table), its metadata record, its links'
//   targets (a varint count, then per link path 0 for "resolves to nothing" or 1 + the target's
//   number in the file table).
//
// The checksum covers every byte, so damage anywhere drops the whole file.
import { checksum32 } from '../../binary/byte-arrays';
import { ByteReader, type ByteWriter, CorruptDataError, type Utf8Decode } from '../../binary/bytes';
import type { LinkTargets } from '../note-links';

export const METADATA_CACHE_FILE = 'metadata-cache.bin';
const MAGIC = 0x434d5652; // "RVMC"
export const METADATA_CACHE_VERSION = 2;
export const HEADER = 12;

/** Where a note's record and its parts are in the file, with the stamp it was cached at. */
export interface CacheEntry {
  size: number;
  mtime: number;
  /** ctime: when the file's inode last changed. */
  changed: number;
  recordStart: number;
  recordEnd: number;
  linkpathsStart: number;
  linkpathsEnd: number;
  metaStart: number;
  metaEnd: number;
  targetsStart: number;
}

export interface CacheFile {
  entries: Map<string, CacheEntry>;
  tableStart: number;
  tableEnd: number;
}

/** Node's own decoder: the file is a Buffer, and `toString` on it beats TextDecoder on many small tables. */
const bufferUtf8: Utf8Decode = (buf, start, end) => (buf as Buffer).toString('utf8', start, end);

export function readerOver(buf: Buffer): ByteReader {
  return new ByteReader(buf, buf.length, bufferUtf8);
}

export function writeHeader(w: ByteWriter): void {
  w.u32(MAGIC);
  w.u32(METADATA_CACHE_VERSION);
  w.u32(0); // the checksum, set by sealFile
}

export function sealFile(w: ByteWriter): Uint8Array {
  w.patchU32(8, checksum32(w.viewBytes(), HEADER));
  return w.viewBytes();
}

/** Every record's stamp and where its parts are; throws CorruptDataError on any inconsistency. */
export function readCacheFile(buf: Buffer): CacheFile {
  if (buf.length < HEADER + 8) throw new CorruptDataError(`${buf.length} bytes is too short for a metadata cache`);
  if (buf.readUInt32LE(0) !== MAGIC) throw new CorruptDataError('not a metadata cache file');
  const version = buf.readUInt32LE(4);
  if (version !== METADATA_CACHE_VERSION) throw new CorruptDataError(`format version ${version}, this Reeve reads ${METADATA_CACHE_VERSION}`);
  if (checksum32(buf, HEADER) !== buf.readUInt32LE(8)) throw new CorruptDataError('checksum mismatch (damaged or truncated)');
  const r = readerOver(buf).at(HEADER, buf.length);
  const tableLength = r.u32();
  const tableStart = r.skip(tableLength);
  const count = r.u32();
  const entries = new Map<string, CacheEntry>();
  for (let i = 0; i < count; i++) {
    const recordStart = r.pos;
    const path = r.onlyString();
    const size = r.f64();
    const mtime = r.f64();
    const changed = r.f64();
    const linkpathsLength = r.u32();
    const linkpathsStart = r.skip(linkpathsLength);
    const metaLength = r.u32();
    const metaStart = r.skip(metaLength);
    const targetsStart = r.skip(r.u32());
    entries.set(path, {
      size,
      mtime,
      changed,
      recordStart,
      recordEnd: r.pos,
      linkpathsStart,
      linkpathsEnd: linkpathsStart + linkpathsLength,
      metaStart,
      metaEnd: metaStart + metaLength,
      targetsStart,
    });
  }
  if (r.pos !== buf.length) throw new CorruptDataError(`${buf.length - r.pos} bytes after the last record`);
  return { entries, tableStart, tableEnd: tableStart + tableLength };
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

/** The targets of a record (`files`: the file table it was written with), or null if it has none that fit. */
export function readTargets(r: ByteReader, entry: CacheEntry, linkpathCount: number, files: readonly string[]): LinkTargets | null {
  try {
    r.at(entry.targetsStart, entry.recordEnd);
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
