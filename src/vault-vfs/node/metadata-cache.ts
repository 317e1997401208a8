// The Node adapter's persistent metadata cache, `metadata-cache.bin` in the plugin folder: each
// note's parsed metadata keyed by its path, size, modification time and change time, so that a
// warm open reads and parses only the notes that changed (as Obsidian's metadata cache does from
// IndexedDB). It is only ever a cache: a missing, damaged, truncated or foreign-version file is
// dropped whole and rebuilt, and a vault whose plugin folder cannot be written opens all the same.
//
// When is a note "unchanged"? Obsidian trusts a cached note whose mtime and size match. We also
// compare the change time (ctime), which every write moves and which no program can set back: a
// note rewritten with the same size and its mtime restored (`touch -r`, some sync tools) is caught.
// What no stat can catch is a write in the same clock tick as the stat the open took, so entries
// whose times fall within a few milliseconds of the open (two seconds on file systems that keep
// whole seconds) are not saved: the next open reads them again (git's "racily clean" entries).
//
// Layout: magic, version, checksum of the rest (u32 each); record count; then per note its path,
// size, mtime and ctime (f64), its link paths (a string table) and its metadata record, each
// behind a u32 byte length. The checksum covers every byte, so damage anywhere drops the file.
import { DeferredMetadata } from '../deferred-metadata';
import type { NoteMetadata } from '../metadata-types';
import type { StateStore } from '../vault-port';
import { checksum32 } from '../search/byte-arrays';
import { ByteReader, ByteWriter, CorruptDataError, UnencodableError, type Utf8Decode } from '../search/bytes';
import { decodeMetadata, encodeMetadata, linkpathsOf } from './metadata-codec';

export const METADATA_CACHE_FILE = 'metadata-cache.bin';
const MAGIC = 0x434d5453; // "STMC"
export const METADATA_CACHE_VERSION = 1;
const HEADER = 12;

/** Node's own decoder: the file is a Buffer, and `toString` on it beats TextDecoder on many small tables. */
const bufferUtf8: Utf8Decode = (buf, start, end) => (buf as Buffer).toString('utf8', start, end);

function readerOver(buf: Buffer): ByteReader {
  return new ByteReader(buf, buf.length, bufferUtf8);
}

/** What identifies a version of a note's file. */
export interface NoteStamp {
  size: number;
  mtime: number;
  /** ctime: when the file's inode last changed. */
  changed: number;
}

interface Entry extends NoteStamp {
  /** The whole record, path to metadata, for copying into the next file unchanged. */
  recordStart: number;
  recordEnd: number;
  linkpathsStart: number;
  metaStart: number;
  metaEnd: number;
}

export interface MetadataCacheReport {
  /** How the file was found: `ok`, `missing`, or why it was dropped. */
  loaded: string;
  reused: number;
  parsed: number;
  /** `yes` (a new file was written), `unchanged`, or why it was not written. */
  saved: string;
}

/** A write landing within this many ms of the open's stat could share its clock tick. */
function racyWindow(stamp: NoteStamp): number {
  return stamp.mtime % 1000 === 0 ? 2000 : 20;
}

export class MetadataCache {
  /** Records of notes parsed by this open; reused records are copied from `buf` when saved. */
  private readonly fresh = new ByteWriter();
  private freshRecords = 0;
  private readonly reused: Entry[] = [];
  private parsed = 0;
  /** One reader for every record (each read sets its range first; all reads are synchronous). */
  private readonly reader: ByteReader;

  private constructor(
    private readonly buf: Buffer,
    private readonly entries: Map<string, Entry>,
    readonly loaded: string,
    /** Wall-clock time just before the open's walk: the reference for racy entries. */
    private readonly openedAt: number,
  ) {
    this.reader = readerOver(buf);
  }

  /** Reads the cache file; never throws (a bad file is an empty cache, with the reason kept). */
  static async load(state: StateStore, openedAt: number): Promise<MetadataCache> {
    let bytes: Uint8Array | null;
    try {
      bytes = await state.readBinary(METADATA_CACHE_FILE);
    } catch (e) {
      return MetadataCache.empty(`unreadable (${(e as Error).message})`, openedAt);
    }
    if (!bytes) return MetadataCache.empty('missing', openedAt);
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    try {
      return new MetadataCache(buf, readEntries(buf), 'ok', openedAt);
    } catch (e) {
      if (!(e instanceof CorruptDataError)) throw e;
      return MetadataCache.empty(`dropped: ${e.message}`, openedAt);
    }
  }

  static empty(reason: string, openedAt: number): MetadataCache {
    return new MetadataCache(Buffer.alloc(0), new Map(), reason, openedAt);
  }

  /**
   * The cached metadata of the note at `path` if its file is the one cached (decoded lazily;
   * `fallback` parses the note should the record not decode), else null: read and parse it.
   */
  reuse(path: string, stamp: NoteStamp, fallback: () => NoteMetadata): DeferredMetadata | null {
    const e = this.entries.get(path);
    if (!e || e.size !== stamp.size || e.mtime !== stamp.mtime || e.changed !== stamp.changed) return null;
    const reader = this.reader;
    const linkpaths = reader.at(e.linkpathsStart, e.metaStart - 4).strings();
    this.reused.push(e);
    return new DeferredMetadata(linkpaths, () => {
      try {
        return decodeMetadata(reader.at(e.metaStart, e.metaEnd));
      } catch {
        // The file's checksum held, so this would be a bug, not damage: the note itself answers.
        return fallback();
      }
    });
  }

  /** Records a note the open has just parsed. */
  add(path: string, stamp: NoteStamp, meta: NoteMetadata): void {
    this.parsed++;
    if (Math.max(stamp.mtime, stamp.changed) >= this.openedAt - racyWindow(stamp)) return;
    const w = this.fresh;
    const start = w.length;
    try {
      w.strings([path]);
      w.f64(stamp.size);
      w.f64(stamp.mtime);
      w.f64(stamp.changed);
      const linkpathsAt = w.length;
      w.u32(0);
      w.strings(linkpathsOf(meta));
      w.patchU32(linkpathsAt, w.length - linkpathsAt - 4);
      const metaAt = w.length;
      w.u32(0);
      encodeMetadata(w, meta);
      w.patchU32(metaAt, w.length - metaAt - 4);
      this.freshRecords++;
    } catch (e) {
      if (!(e instanceof UnencodableError)) throw e;
      w.length = start; // this note is parsed at every open
    }
  }

  /**
   * Writes the file if it would differ from the one loaded; never throws (a read-only vault).
   * Only into a plugin folder that exists: Steward is installed there, or has kept state there
   * before. A folder of notes that never had Steward state gets no `.obsidian` for a cache.
   */
  async save(state: StateStore, pluginFolderExists: boolean): Promise<MetadataCacheReport> {
    const report = { loaded: this.loaded, reused: this.reused.length, parsed: this.parsed };
    if (this.loaded === 'ok' && this.parsed === 0 && this.reused.length === this.entries.size) return { ...report, saved: 'unchanged' };
    if (!pluginFolderExists) return { ...report, saved: 'not written: no plugin folder' };
    const w = new ByteWriter();
    w.u32(MAGIC);
    w.u32(METADATA_CACHE_VERSION);
    w.u32(0); // checksum, below
    w.u32(this.reused.length + this.freshRecords);
    // Reused records in file order, runs of neighbours copied at once.
    const runs = this.reused.sort((a, b) => a.recordStart - b.recordStart);
    for (let i = 0; i < runs.length; ) {
      let j = i + 1;
      while (j < runs.length && runs[j]?.recordStart === runs[j - 1]?.recordEnd) j++;
      w.bytes(this.buf.subarray(runs[i]?.recordStart ?? 0, runs[j - 1]?.recordEnd ?? 0));
      i = j;
    }
    w.bytes(this.fresh.viewBytes());
    w.patchU32(8, checksum32(w.viewBytes(), HEADER));
    const bytes = w.viewBytes();
    try {
      await state.write(METADATA_CACHE_FILE, bytes);
      return { ...report, saved: 'yes' };
    } catch (e) {
      return { ...report, saved: `not written: ${(e as Error).message}` };
    }
  }
}

/** Every record's stamp and where its parts are; throws CorruptDataError on any inconsistency. */
function readEntries(buf: Buffer): Map<string, Entry> {
  if (buf.length < HEADER + 4) throw new CorruptDataError(`${buf.length} bytes is too short for a metadata cache`);
  if (buf.readUInt32LE(0) !== MAGIC) throw new CorruptDataError('not a metadata cache file');
  const version = buf.readUInt32LE(4);
  if (version !== METADATA_CACHE_VERSION) throw new CorruptDataError(`format version ${version}, this Steward reads ${METADATA_CACHE_VERSION}`);
  if (checksum32(buf, HEADER) !== buf.readUInt32LE(8)) throw new CorruptDataError('checksum mismatch (damaged or truncated)');
  const r = readerOver(buf).at(HEADER, buf.length);
  const count = r.u32();
  const entries = new Map<string, Entry>();
  for (let i = 0; i < count; i++) {
    const recordStart = r.pos;
    const path = r.strings()[0];
    if (path === undefined) throw new CorruptDataError(`record ${i} has no path`);
    const size = r.f64();
    const mtime = r.f64();
    const changed = r.f64();
    const linkpathsStart = r.skip(r.u32());
    const metaLength = r.u32();
    const metaStart = r.skip(metaLength);
    entries.set(path, { size, mtime, changed, recordStart, recordEnd: r.pos, linkpathsStart, metaStart, metaEnd: metaStart + metaLength });
  }
  if (r.pos !== buf.length) throw new CorruptDataError(`${buf.length - r.pos} bytes after the last record`);
  return entries;
}
