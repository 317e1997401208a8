// The Node adapter's persistent metadata cache, `metadata-cache.bin` in the plugin folder: each
// note's parsed metadata keyed by its path, size, modification time and change time, so that a
// warm open reads and parses only the notes that changed (as Obsidian's metadata cache does from
// IndexedDB), and each note's links as they resolved, so that it does not resolve them again
// either. It is only ever a cache: a missing, damaged, truncated or foreign-version file is
// dropped whole and rebuilt, and a vault whose plugin folder cannot be written opens all the same.
//
// When is a note "unchanged"? Obsidian trusts a cached note whose mtime and size match. We also
// compare the change time (ctime), which every write moves and which no program can set back: a
// note rewritten with the same size and its mtime restored (`touch -r`, some sync tools) is caught.
// What no stat can catch is a write in the same clock tick as the stat the open took, so entries
// whose times fall within a few milliseconds of the open (two seconds on file systems that keep
// whole seconds) are not saved: the next open reads them again (git's "racily clean" entries).
//
// When are its links' targets still right? A link's target depends on the note's path and on the
// files of the names it could mean, so the cache keeps the list of the vault's files: when the
// open finds the same files, every cached target holds; otherwise only the notes with a link to
// a name that came or went resolve again (changed-names.ts). Layout: metadata-cache-file.ts.
import { DeferredMetadata, type IndexedMetadata } from '../deferred-metadata';
import type { NoteMetadata } from '../metadata-types';
import type { LinkTargets } from '../note-links';
import type { StateStore } from '../vault-port';
import { type ByteReader, ByteWriter, CorruptDataError, UnencodableError } from '../../binary/bytes';
import { changedNames, mayResolveDifferently } from './changed-names';
import { fileName } from '../links/vault-paths';
import { type CacheEntry, type CacheFile, METADATA_CACHE_FILE, readCacheFile, readTargets, readerOver } from './metadata-cache-file';
import { encodeCacheFile } from './metadata-cache-encode';
import { decodeMetadata, encodeMetadata, linkpathsOf } from './metadata-codec';

export { METADATA_CACHE_FILE, METADATA_CACHE_VERSION } from './metadata-cache-file';

/** What identifies a version of a note's file. */
export interface NoteStamp {
  size: number;
  mtime: number;
  /** ctime: when the file's inode last changed. */
  changed: number;
}

export interface MetadataCacheReport {
  /** How the file was found: `ok`, `missing`, or why it was dropped. */
  loaded: string;
  reused: number;
  parsed: number;
  /** Reused notes whose links were resolved again because files of names they link to came or went. */
  relinked: number;
  /** `yes` (a new file was written), `unchanged`, or why it was not written. */
  saved: string;
}

/**
 * A reused note's record in the loaded file: its metadata, decoded when asked for, and whether
 * its links' cached targets still hold (`targets` decodes them). One object per note: a warm open
 * of 100k notes made ten (closures, the deferred metadata, its entry) and collected them.
 */
export class CachedNote extends DeferredMetadata {
  constructor(
    readonly path: string,
    readonly entry: CacheEntry,
    private readonly reader: ByteReader,
    linkpaths: readonly string[] | null,
    /** Whether the cached targets hold (else: resolve the links). */
    readonly linksHold: boolean,
    private readonly cachedFiles: readonly string[],
    /** Parses the note should its record not decode (a bug, as the file's checksum held). */
    private readonly reparse: (path: string) => NoteMetadata,
  ) {
    super(linkpaths, null);
  }

  protected override readLinkpaths(): readonly string[] {
    return this.reader.at(this.entry.linkpathsStart, this.entry.linkpathsEnd).strings();
  }

  override load(): NoteMetadata {
    try {
      return decodeMetadata(this.reader.at(this.entry.metaStart, this.entry.metaEnd));
    } catch {
      // The file's checksum held, so this would be a bug, not damage: the note itself answers.
      return this.reparse(this.path);
    }
  }

  /** The cached targets of its link paths; null if they do not hold or do not decode (then: resolve the links). */
  targets(): LinkTargets | null {
    return this.linksHold ? readTargets(this.reader, this.entry, this.linkpaths.length, this.cachedFiles) : null;
  }
}

/** A write landing within this many ms of the open's stat could share its clock tick. */
function racyWindow(stamp: NoteStamp): number {
  return stamp.mtime % 1000 === 0 ? 2000 : 20;
}

/** Where a record of a note parsed by this open is: in the writer, or in the saved file after `rebind`. */
interface FreshRecord {
  path: string;
  start: number;
  end: number;
  metaStart: number;
  metaEnd: number;
}

const EMPTY_FILE: CacheFile = { entries: new Map(), tableStart: 0, tableEnd: 0 };

export class MetadataCache {
  /**
   * Records of notes parsed by this open, up to their targets (known only when saving). The index
   * keeps these notes' metadata as these bytes too (decoded when asked for, as a warm open's):
   * 100k notes' metadata as objects held 1.4 GiB, and promoting them cost seconds of GC. Once
   * the file is saved the records are read from it and the writer is let go (`rebind`).
   */
  private fresh: ByteWriter | null = new ByteWriter();
  private freshBytes: Buffer | null = null;
  private readonly freshRecords: FreshRecord[] = [];
  private readonly reused: CachedNote[] = [];
  private parsed = 0;
  /** One reader for every record (each read sets its range first; all reads are synchronous). */
  private readonly reader: ByteReader;
  /**
   * The vault's files now (`files`; `bytes` their table, null if a name cannot be encoded), the
   * files the cached targets are numbered in, whether both are the same, and the names that differ.
   */
  private table: { files: readonly string[]; bytes: Uint8Array | null; cachedFiles: readonly string[]; same: boolean; changed: ReadonlySet<string> } | null = null;

  private constructor(
    private readonly buf: Buffer,
    private readonly file: CacheFile,
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
      return new MetadataCache(buf, readCacheFile(buf), 'ok', openedAt);
    } catch (e) {
      if (!(e instanceof CorruptDataError)) throw e;
      return MetadataCache.empty(`dropped: ${e.message}`, openedAt);
    }
  }

  static empty(reason: string, openedAt: number): MetadataCache {
    return new MetadataCache(Buffer.alloc(0), EMPTY_FILE, reason, openedAt);
  }

  /** Every file of the vault as the open found it (all of them, notes or not); before `reuse`. */
  setFiles(files: readonly string[]): void {
    const w = new ByteWriter();
    let bytes: Uint8Array | null = null;
    try {
      w.strings(files);
      bytes = w.viewBytes();
    } catch (e) {
      // A file name that is not well-formed UTF-16: no table, so no cached targets hold.
      if (!(e instanceof UnencodableError)) throw e;
    }
    const { tableStart, tableEnd } = this.file;
    const old = this.buf.subarray(tableStart, tableEnd);
    const same = bytes !== null && this.file.entries.size > 0 && Buffer.compare(old, bytes) === 0;
    if (same || this.file.entries.size === 0) {
      this.table = { files, bytes, cachedFiles: files, same, changed: new Set() };
      return;
    }
    const before = this.oldFiles();
    // Without a table then or now, every cached target is suspect: all names count as changed.
    const changed = bytes === null || before === null ? new Set([...(before ?? []), ...files].map((p) => fileName(p).toLowerCase())) : changedNames(before, files);
    this.table = { files, bytes, cachedFiles: before ?? [], same: false, changed };
  }

  /** The file table the cached targets refer to; null if the file was saved without one. */
  private oldFiles(): string[] | null {
    const { tableStart, tableEnd } = this.file;
    if (tableEnd === tableStart) return null;
    try {
      return this.reader.at(tableStart, tableEnd).strings();
    } catch (e) {
      // The checksum held, so this would be a bug, not damage: then no cached target is trusted.
      if (e instanceof CorruptDataError) return null;
      throw e;
    }
  }

  /**
   * The cached note at `path` if its file is the one cached (metadata decoded lazily; `reparse`
   * parses a note should its record not decode), else null: read and parse it.
   */
  reuse(path: string, stamp: NoteStamp, reparse: (path: string) => NoteMetadata): CachedNote | null {
    const e = this.file.entries.get(path);
    if (!e || e.size !== stamp.size || e.mtime !== stamp.mtime || e.changed !== stamp.changed) return null;
    const table = this.table;
    // Link paths are decoded only when asked for (where the vault's files are those of the cache, nothing needs them at open).
    const decoded = table !== null && !table.same ? this.reader.at(e.linkpathsStart, e.linkpathsEnd).strings() : null;
    const linksHold = table !== null && (decoded === null || !mayResolveDifferently(decoded, table.changed));
    const note = new CachedNote(path, e, this.reader, decoded, linksHold, table?.cachedFiles ?? [], reparse);
    this.reused.push(note);
    return note;
  }

  /**
   * Records a note the open has just parsed, and gives what the index should keep of it: the
   * record, decoded when asked for, or the metadata itself where it is not cached (written
   * within the racy window, or unencodable).
   */
  add(path: string, stamp: NoteStamp, meta: NoteMetadata, fallback: () => NoteMetadata): IndexedMetadata {
    this.parsed++;
    const w = this.fresh;
    if (!w || Math.max(stamp.mtime, stamp.changed) >= this.openedAt - racyWindow(stamp)) return meta;
    const start = w.length;
    try {
      w.strings([path]);
      w.f64(stamp.size);
      w.f64(stamp.mtime);
      w.f64(stamp.changed);
      const linkpathsAt = w.length;
      w.u32(0);
      const linkpaths = linkpathsOf(meta);
      w.strings(linkpaths);
      w.patchU32(linkpathsAt, w.length - linkpathsAt - 4);
      const metaAt = w.length;
      w.u32(0);
      encodeMetadata(w, meta);
      w.patchU32(metaAt, w.length - metaAt - 4);
      const record: FreshRecord = { path, start, end: w.length, metaStart: metaAt + 4, metaEnd: w.length };
      this.freshRecords.push(record);
      return new DeferredMetadata(linkpaths, () => this.decodeFresh(record, fallback));
    } catch (e) {
      if (!(e instanceof UnencodableError)) throw e;
      w.length = start; // this note is parsed at every open
      return meta;
    }
  }

  /** A fresh record's metadata, from the saved file once there is one (`fallback` parses the note should it not decode). */
  private decodeFresh(record: FreshRecord, fallback: () => NoteMetadata): NoteMetadata {
    const bytes = this.freshBytes ?? this.fresh?.viewBytes();
    if (!bytes) return fallback();
    try {
      return decodeMetadata(readerOver(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).at(record.metaStart, record.metaEnd));
    } catch {
      // The bytes were written by this process a moment ago: this would be a bug, not damage.
      return fallback();
    }
  }

  /**
   * Lets the writer of the fresh records go, keeping them once: where nothing was reused (a cold
   * open) they are read from the saved file from now on (`freshAt`: where each landed in it),
   * otherwise from a copy cut to their length (the saved file would hold the reused records a
   * second time, beside the loaded file they are read from).
   */
  settleFresh(saved: { bytes: Uint8Array; freshAt: readonly number[] } | null = null): void {
    const w = this.fresh;
    if (!w) return;
    if (saved && this.reused.length === 0) {
      this.freshRecords.forEach((r, i) => {
        const shift = (saved.freshAt[i] ?? r.start) - r.start;
        r.start += shift;
        r.end += shift;
        r.metaStart += shift;
        r.metaEnd += shift;
      });
      this.freshBytes = Buffer.from(saved.bytes.buffer, saved.bytes.byteOffset, saved.bytes.byteLength);
    } else this.freshBytes = Buffer.from(w.result());
    this.fresh = null;
  }

  /**
   * Writes the file if it would differ from the one loaded; never throws (a read-only vault).
   * `targetsOf` gives a note's links' targets as the vault resolves them now (asked only for the
   * notes whose cached targets cannot be copied). Only into a plugin folder that exists: Reeve
   * is installed there, or has kept state there before. A folder of notes that never had
   * Reeve state gets no `.obsidian` for a cache.
   */
  async save(state: StateStore, pluginFolderExists: boolean, targetsOf: (path: string) => LinkTargets | null): Promise<MetadataCacheReport> {
    const relinked = this.reused.filter((r) => !r.linksHold).length;
    const report = { loaded: this.loaded, reused: this.reused.length, parsed: this.parsed, relinked };
    const same = this.table?.same === true;
    if (this.loaded === 'ok' && same && this.parsed === 0 && this.reused.length === this.file.entries.size) return { ...report, saved: 'unchanged' };
    if (!pluginFolderExists) {
      this.settleFresh(null);
      return { ...report, saved: 'not written: no plugin folder' };
    }
    const fresh = this.fresh;
    const { bytes, freshAt } = encodeCacheFile({
      old: this.buf,
      table: this.table,
      reused: this.reused,
      fresh: { bytes: fresh?.viewBytes() ?? new Uint8Array(0), records: this.freshRecords },
      targetsOf,
    });
    try {
      await state.write(METADATA_CACHE_FILE, bytes);
      this.settleFresh({ bytes, freshAt });
      return { ...report, saved: 'yes' };
    } catch (e) {
      this.settleFresh(null);
      return { ...report, saved: `not written: ${(e as Error).message}` };
    }
  }
}
