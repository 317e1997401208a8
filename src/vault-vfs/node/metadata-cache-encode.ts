// Writing `metadata-cache.bin` (layout: metadata-cache-file.ts) from what an open found: the
// records it reused from the old file and the notes it parsed, each with its links' targets, one
// slot per file of the vault in the order of its file table.
import { ByteWriter } from '../../binary/bytes';
import type { LinkTargets } from '../note-links';
import { type CacheFile, STAMP_BYTES, recordChecksum, recordEnd, recordParts, recordStart, sealFile, writeHeader, writeTargets } from './metadata-cache-file';

/** What the table of the vault's files is now. */
export interface FileTable {
  files: readonly string[];
  /** The table's bytes (names not well-formed UTF-16 written with U+FFFD). */
  bytes: Uint8Array;
  /** Whether `bytes` names every file as it is. */
  complete: boolean;
  /** Whether the old file's table is the same, and complete then and now. */
  same: boolean;
}

/** A record of a note parsed by this open, up to its targets: where it is (in the writer, or in the saved file once settled), and its file's stamp. */
export interface FreshRecord {
  start: number;
  end: number;
  metaStart: number;
  metaEnd: number;
  size: number;
  mtime: number;
  changed: number;
}

export interface CacheFileParts {
  /** The file the records were reused from, where its parts are, and whether a slot's record passes its check. */
  old: { buf: Buffer; file: CacheFile; holds: (slot: number) => boolean };
  table: FileTable;
  /** Per file of the table (by number): the slot of its record reused from the old file, or -1. */
  reusedSlot: Int32Array;
  /** Per file of the table: the record parsed by this open, if any. */
  fresh: readonly (FreshRecord | undefined)[];
  /** The fresh records' bytes. */
  freshBytes: Uint8Array;
  /** A note's links' targets as the vault resolves them now (asked only where cached ones cannot be copied). */
  targetsOf: (path: string) => LinkTargets | null;
}

/**
 * The file's bytes (sized to fit: the open keeps them for its fresh records), and where each
 * fresh record starts in them, by file number.
 */
export function encodeCacheFile({ old, table, reusedSlot, fresh, freshBytes, targetsOf }: CacheFileParts): { bytes: Uint8Array; freshAt: Map<number, number> } {
  const slots = table.files.length;
  const w = new ByteWriter(64 + table.bytes.length + slots * (STAMP_BYTES + 8) + old.buf.length + freshBytes.length * 1.1);
  writeHeader(w, table.complete);
  w.u32(table.bytes.length);
  w.bytes(table.bytes);
  w.u32(slots);
  while (w.length % 8 !== 0) w.bytes(ZERO);
  const stampsAt = w.length;
  const endsAt = stampsAt + slots * STAMP_BYTES;
  const sumsAt = endsAt + slots * 4;
  w.bytes(new Uint8Array(slots * (STAMP_BYTES + 8))); // the stamps, ends and checksums, filled in below
  const recordsAt = w.length;
  const stamps = new Float64Array(slots * 3);
  const ends = new Uint32Array(slots);
  /** Per slot: the checksum of a record copied whole (-1: computed over what was written). */
  const sums = new Float64Array(slots).fill(-1);
  const freshAt = new Map<number, number>();
  let numberOf: Map<string, number> | null = null;
  const targets = (path: string): void => {
    const t = table.complete ? targetsOf(path) : null;
    numberOf ??= new Map(table.files.map((p, i) => [p, i] as const));
    if (t) writeTargets(w, t, numberOf);
    else w.u32(0);
  };
  for (let k = 0; k < slots; k++) {
    const slot = reusedSlot[k] ?? -1;
    const record = fresh[k];
    // A record that fails its check is not carried on (its note is read again by the next open).
    if (slot >= 0 && old.holds(slot)) {
      for (let j = 0; j < 3; j++) stamps[k * 3 + j] = old.file.stamps[slot * 3 + j] as number;
      // Where the file table is the same, every cached target holds and keeps its numbering.
      if (table.same) {
        w.bytes(old.buf.subarray(recordStart(old.file, slot), recordEnd(old.file, slot)));
        sums[k] = old.file.sums[slot] as number;
      } else {
        const parts = recordParts(old.buf, old.file, slot);
        w.bytes(old.buf.subarray(parts.start, parts.targetsStart - 4));
        targets(table.files[k] as string);
      }
    } else if (record) {
      stamps[k * 3] = record.size;
      stamps[k * 3 + 1] = record.mtime;
      stamps[k * 3 + 2] = record.changed;
      freshAt.set(k, w.length);
      w.bytes(freshBytes.subarray(record.start, record.end));
      targets(table.files[k] as string);
    }
    ends[k] = w.length - recordsAt;
  }
  const out = w.viewBytes();
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  for (let i = 0; i < stamps.length; i++) view.setFloat64(stampsAt + 8 * i, stamps[i] as number, true);
  for (let k = 0; k < slots; k++) {
    view.setUint32(endsAt + 4 * k, ends[k] as number, true);
    const start = k === 0 ? recordsAt : recordsAt + (ends[k - 1] as number);
    const sum = sums[k] as number;
    view.setUint32(sumsAt + 4 * k, sum >= 0 ? sum : recordChecksum(out, start, recordsAt + (ends[k] as number)), true);
  }
  const bytes = sealFile(w, recordsAt);
  // A guess too generous (or grown past) would keep its spare room for as long as the vault is open.
  return { bytes: bytes.length < w.capacity * 0.9 ? bytes.slice() : bytes, freshAt };
}

const ZERO = new Uint8Array(1);
