// The Node adapter's persistent metadata cache, `metadata-cache.bin` in the plugin folder: each
// note's parsed metadata keyed by its path, size, modification time and change time, so that a
// warm open reads and parses only the notes that changed (as Obsidian's metadata cache does from
// IndexedDB), and each note's links as they resolved, so that it does not resolve them again
// either. It is only ever a cache: a missing, truncated or foreign-version file, or one whose file
// table, stamps or record ends are damaged, is dropped whole and rebuilt; a damaged record (each
// has its own checksum, checked where it is first read) is never decoded, and its note is read
// and parsed again instead. A vault whose plugin folder cannot be written opens all the same.
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
// a name that came or went resolve again (changed-names.ts). Layout: metadata-cache-file.ts (a
// note's record is found by its file's number in that list, so a warm open of an unchanged vault
// looks up no path).
import { DeferredMetadata, type IndexedMetadata } from '../deferred-metadata';
import type { NoteMetadata } from '../metadata-types';
import { type LinkTargets, NoteLinks } from '../note-links';
import type { StateStore } from '../vault-port';
import type { NodeStateStore } from './node-state-store';
import { type ByteReader, ByteWriter, CorruptDataError, UnencodableError } from '../../binary/bytes';
import { changedNames, mayResolveDifferently } from './changed-names';
import { fileName } from '../links/vault-paths';
import { type CacheFile, METADATA_CACHE_FILE, type RecordParts, readCacheFile, readIndexPart, readRecords, readTargets, readerOver, recordHolds, recordParts, stampMatches, wellFormed } from './metadata-cache-file';
import { type FileTable, type FreshRecord, encodeCacheFile } from './metadata-cache-encode';
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
 * A reused note's record in the loaded file (its slot): its link paths and metadata, decoded when
 * asked for, and whether its links' cached targets still hold (`targets` decodes them). One small
 * object per note: a warm open of 100k notes made ten (closures, the deferred metadata, its entry).
 */
export class CachedNote extends DeferredMetadata {
  constructor(
    private readonly cache: MetadataCache,
    readonly path: string,
    /** Its record's slot in the loaded file. */
    readonly slot: number,
    linkpaths: readonly string[] | null,
    /** Whether the cached targets hold (else: resolve the links). */
    readonly linksHold: boolean,
  ) {
    super(linkpaths, null);
  }

  protected override readLinkpaths(): readonly string[] {
    try {
      return this.cache.linkpathsAt(this.slot);
    } catch (e) {
      // A damaged record (or a bug, where its checksum held): the note itself answers.
      if (e instanceof CorruptDataError) return linkpathsOf(this.load());
      throw e;
    }
  }

  override load(): NoteMetadata {
    return this.cache.metadataAt(this.slot, this.path);
  }

  /** The cached targets of its link paths; null if they do not hold or do not decode (then: resolve the links). */
  targets(): LinkTargets | null {
    return this.linksHold ? this.cache.targetsAt(this.slot, this.linkpaths.length) : null;
  }

  /** Its links with their cached targets, where those hold; targets that do not decode (a damaged record) are resolved as the vault is then. */
  override resolvedLinks(resolveAll: (linkpaths: readonly string[]) => LinkTargets): NoteLinks | null {
    return this.linksHold ? new NoteLinks(this, () => this.targets() ?? resolveAll(this.linkpaths)) : null;
  }
}

/** A write landing within this many ms of the open's stat could share its clock tick. */
function racyWindow(stamp: NoteStamp): number {
  return stamp.mtime % 1000 === 0 ? 2000 : 20;
}

const EMPTY_FILE: CacheFile = { complete: false, tableStart: 0, tableEnd: 0, slots: 0, records: 0, stampsAt: 0, endsAt: 0, recordsAt: 0, stamps: new Float64Array(0), ends: new Uint32Array(0), sums: new Uint32Array(0) };

/** What is known of a slot's record: not checked yet, passed its check, failed it. */
const UNCHECKED = 0;
const HOLDS = 1;
const DAMAGED = 2;

/** The vault's files now, and how they compare with the loaded file's. */
interface Table extends FileTable {
  /** The files the cached targets are numbered in. */
  cachedFiles: readonly string[];
  /** Names of files that came or went (lower-cased). */
  changed: ReadonlySet<string>;
  /** Where the files differ: a path's slot in the loaded file. */
  oldSlotOf: ReadonlyMap<string, number> | null;
}

export class MetadataCache {
  /**
   * Records of notes parsed by this open, up to their targets (known only when saving). The index
   * keeps these notes' metadata as these bytes too (decoded when asked for, as a warm open's):
   * 100k notes' metadata as objects held 1.4 GiB, and promoting them cost seconds of GC. Once
   * the file is saved the records are read from it and the writer is let go (`settleFresh`).
   */
  private fresh: ByteWriter | null = new ByteWriter();
  private freshBytes: Buffer | null = null;
  /** Per file number: the record parsed by this open, or the slot of the one reused (`reusedSlot`, -1: none). */
  private freshRecords: (FreshRecord | undefined)[] = [];
  private reusedSlot: Int32Array = new Int32Array(0);
  private reusedCount = 0;
  private relinked = 0;
  private parsed = 0;
  private reparse: (path: string) => NoteMetadata = () => {
    throw new Error('metadata cache: no parser');
  };
  /** One reader for every record (each read sets its range first; all reads are synchronous). */
  private reader: ByteReader;
  private table: Table | null = null;
  /** Per slot: UNCHECKED, HOLDS or DAMAGED (a record is checked where it is first read, once). */
  private readonly checked: Uint8Array;
  /**
   * Whether `buf` holds the records too (else only the index part: they are read when the first
   * is asked for), and whether they could be read (false: another file now, or none).
   */
  private recordsRead: boolean;
  private recordsHere = true;

  private constructor(
    /** The file's index part, or all of it once its records are read. */
    private buf: Buffer,
    private readonly file: CacheFile,
    readonly loaded: string,
    /** Wall-clock time just before the open's walk: the reference for racy entries. */
    private readonly openedAt: number,
    /** Where the file is and how long it was, while its records are not read. */
    private readonly source: { abs: string; size: number } | null = null,
  ) {
    this.reader = readerOver(buf);
    this.checked = new Uint8Array(file.slots);
    this.recordsRead = source === null;
  }

  /** The whole file, read when a record is first asked for; false if its records cannot be used. */
  private haveRecords(): boolean {
    if (!this.recordsRead && this.source) {
      this.recordsRead = true;
      const whole = readRecords(this.source.abs, this.buf, this.source.size);
      if (whole) {
        this.buf = whole;
        this.reader = readerOver(whole);
      } else this.recordsHere = false;
    }
    return this.recordsHere;
  }

  /** Whether slot `slot`'s record passes its checksum (checked the first time it is asked). */
  private holds(slot: number): boolean {
    let state = this.checked[slot];
    if (state === UNCHECKED) this.checked[slot] = state = this.haveRecords() && recordHolds(this.buf, this.file, slot) ? HOLDS : DAMAGED;
    return state === HOLDS;
  }

  /** The parts of a record that passes its check; CorruptDataError if it fails it (then its note answers). */
  private partsOf(slot: number): RecordParts {
    if (!this.holds(slot)) throw new CorruptDataError(`record ${slot} fails its checksum`);
    return recordParts(this.buf, this.file, slot);
  }

  /**
   * Reads the cache file's index part (its records when first asked for: a warm open reads none,
   * and holding 210 MB of them at 100k notes was most of what the open vault held); never throws
   * (a bad file is an empty cache, with the reason kept).
   */
  static async load(state: NodeStateStore, openedAt: number): Promise<MetadataCache> {
    const abs = state.pathOf(METADATA_CACHE_FILE);
    try {
      const part = await Promise.resolve(readIndexPart(abs));
      if (!part) return MetadataCache.empty('missing', openedAt);
      const source = part.bytes.length < part.size ? { abs, size: part.size } : null;
      return new MetadataCache(part.bytes, readCacheFile(part.bytes, part.size), 'ok', openedAt, source);
    } catch (e) {
      if (e instanceof CorruptDataError) return MetadataCache.empty(`dropped: ${e.message}`, openedAt);
      return MetadataCache.empty(`unreadable (${(e as Error).message})`, openedAt);
    }
  }

  static empty(reason: string, openedAt: number): MetadataCache {
    return new MetadataCache(Buffer.alloc(0), EMPTY_FILE, reason, openedAt);
  }

  /**
   * Every file of the vault as the open found it (all of them, notes or not), numbered in this
   * order for `reuse` and `add`; before either. `reparse` parses a note whose record does not decode.
   */
  setFiles(files: readonly string[], reparse: (path: string) => NoteMetadata): void {
    this.reparse = reparse;
    this.reusedSlot = new Int32Array(files.length).fill(-1);
    this.freshRecords = new Array<FreshRecord | undefined>(files.length);
    const w = new ByteWriter();
    let complete = true;
    try {
      w.strings(files);
    } catch (e) {
      // A file name that is not well-formed UTF-16 (Windows): written with U+FFFD, and no cached target holds.
      if (!(e instanceof UnencodableError)) throw e;
      complete = false;
      w.length = 0;
      w.strings(files.map(wellFormed));
    }
    const bytes = w.viewBytes();
    const { tableStart, tableEnd } = this.file;
    const cached = this.file.records > 0;
    const same = complete && cached && this.file.complete && Buffer.compare(this.buf.subarray(tableStart, tableEnd), bytes) === 0;
    if (same || !cached) {
      this.table = { files, bytes, complete, same, cachedFiles: files, changed: new Set(), oldSlotOf: null };
      return;
    }
    const before = this.oldFiles();
    const oldSlotOf = new Map((before ?? []).map((p, i) => [p, i] as const));
    // Without a complete table then or now, every cached target is suspect: all names count as changed.
    const trusted = complete && this.file.complete && before !== null;
    const changed = trusted ? changedNames(before, files) : new Set([...(before ?? []), ...files].map((p) => fileName(p).toLowerCase()));
    this.table = { files, bytes, complete, same: false, cachedFiles: before ?? [], changed, oldSlotOf };
  }

  /** The file table the cached targets refer to; null if it does not decode. */
  private oldFiles(): string[] | null {
    const { tableStart, tableEnd } = this.file;
    try {
      return this.reader.at(tableStart, tableEnd).strings();
    } catch (e) {
      // The checksum held, so this would be a bug, not damage: then no cached record is used.
      if (e instanceof CorruptDataError) return null;
      throw e;
    }
  }

  /**
   * The cached note for file number `k` (at `path`, with this stamp) if its file is the one cached (metadata
   * decoded lazily), else null: read and parse it.
   */
  reuse(k: number, path: string, size: number, mtime: number, changed: number): CachedNote | null {
    const table = this.table;
    if (!table) return null;
    const slot = table.oldSlotOf === null ? k : (table.oldSlotOf.get(path) ?? -1);
    if (slot < 0 || slot >= this.file.slots || !stampMatches(this.file, slot, size, mtime, changed)) return null;
    // Link paths are decoded only when asked for (where the vault's files are those of the cache, nothing needs them at open).
    let decoded: string[] | null = null;
    try {
      if (!table.same) decoded = this.linkpathsAt(slot);
    } catch (e) {
      // A damaged record (or a bug, where its checksum held): the note is read again.
      if (e instanceof CorruptDataError) return null;
      throw e;
    }
    const linksHold = decoded === null || !mayResolveDifferently(decoded, table.changed);
    if (!linksHold) this.relinked++;
    this.reusedSlot[k] = slot;
    this.reusedCount++;
    return new CachedNote(this, path, slot, decoded, linksHold);
  }

  linkpathsAt(slot: number): string[] {
    const parts = this.partsOf(slot);
    return this.reader.at(parts.linkpathsStart, parts.linkpathsEnd).strings();
  }

  metadataAt(slot: number, path: string): NoteMetadata {
    try {
      const parts = this.partsOf(slot);
      return decodeMetadata(this.reader.at(parts.metaStart, parts.metaEnd));
    } catch {
      // A damaged record (or a bug, where its checksum held): the note itself answers.
      return this.reparse(path);
    }
  }

  targetsAt(slot: number, linkpathCount: number): LinkTargets | null {
    try {
      const parts = this.partsOf(slot);
      return readTargets(this.reader, parts.targetsStart, parts.end, linkpathCount, this.table?.cachedFiles ?? []);
    } catch (e) {
      if (e instanceof CorruptDataError) return null; // resolved as the vault is now
      throw e;
    }
  }

  /**
   * Records a note (file number `k`) the open has just parsed, and gives what the index should
   * keep of it: the record, decoded when asked for, or the metadata itself where it is not cached
   * (written within the racy window, or unencodable).
   */
  add(k: number, path: string, stamp: NoteStamp, meta: NoteMetadata): IndexedMetadata {
    this.parsed++;
    const w = this.fresh;
    if (!w || Math.max(stamp.mtime, stamp.changed) >= this.openedAt - racyWindow(stamp)) return meta;
    // A path the table cannot name as it is: parsed at every open.
    if (this.table?.complete === false && wellFormed(path) !== path) return meta;
    const start = w.length;
    try {
      const linkpathsAt = w.length;
      w.u32(0);
      const linkpaths = linkpathsOf(meta);
      w.strings(linkpaths);
      w.patchU32(linkpathsAt, w.length - linkpathsAt - 4);
      const metaAt = w.length;
      w.u32(0);
      encodeMetadata(w, meta);
      w.patchU32(metaAt, w.length - metaAt - 4);
      const record: FreshRecord = { start, end: w.length, metaStart: metaAt + 4, metaEnd: w.length, size: stamp.size, mtime: stamp.mtime, changed: stamp.changed };
      this.freshRecords[k] = record;
      return new DeferredMetadata(linkpaths, () => this.decodeFresh(record, path));
    } catch (e) {
      if (!(e instanceof UnencodableError)) throw e;
      w.length = start; // this note is parsed at every open
      return meta;
    }
  }

  /** A fresh record's metadata, from the saved file once there is one (else the note is parsed). */
  private decodeFresh(record: FreshRecord, path: string): NoteMetadata {
    const bytes = this.freshBytes ?? this.fresh?.viewBytes();
    if (!bytes) return this.reparse(path);
    try {
      return decodeMetadata(readerOver(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).at(record.metaStart, record.metaEnd));
    } catch {
      // The bytes were written by this process a moment ago: this would be a bug, not damage.
      return this.reparse(path);
    }
  }

  /**
   * Lets the writer of the fresh records go, keeping them once: where nothing was reused (a cold
   * open) they are read from the saved file from now on (`freshAt`: where each landed in it, by
   * file number), otherwise from a copy cut to their length (the saved file would hold the
   * reused records a second time, beside the loaded file they are read from).
   */
  settleFresh(saved: { bytes: Uint8Array; freshAt: ReadonlyMap<number, number> } | null = null): void {
    const w = this.fresh;
    if (!w) return;
    if (saved && this.reusedCount === 0) {
      this.freshRecords.forEach((r, k) => {
        if (!r) return;
        const shift = (saved.freshAt.get(k) ?? r.start) - r.start;
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
    const report = { loaded: this.loaded, reused: this.reusedCount, parsed: this.parsed, relinked: this.relinked };
    const table = this.table;
    if (this.loaded === 'ok' && table?.same === true && this.parsed === 0 && this.reusedCount === this.file.records) return { ...report, saved: 'unchanged' };
    if (!pluginFolderExists || !table) {
      this.settleFresh(null);
      return { ...report, saved: 'not written: no plugin folder' };
    }
    // Reused records are copied from the file: read it now if no command has asked for one yet.
    if (this.reusedCount > 0) this.haveRecords();
    const { bytes, freshAt } = encodeCacheFile({
      old: { buf: this.buf, file: this.file, holds: (slot) => this.holds(slot) },
      table,
      reusedSlot: this.reusedSlot,
      fresh: this.freshRecords,
      freshBytes: this.fresh?.viewBytes() ?? new Uint8Array(0),
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
