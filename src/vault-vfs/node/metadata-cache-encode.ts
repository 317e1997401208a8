// Writing `metadata-cache.bin` (layout: metadata-cache-file.ts) from what an open found: the
// records it reused from the old file and the notes it parsed, each with its links' targets.
import { ByteWriter } from '../../binary/bytes';
import type { LinkTargets } from '../note-links';
import { type CacheEntry, sealFile, writeHeader, writeTargets } from './metadata-cache-file';

export interface CacheFileParts {
  /** The file the records were reused from. */
  old: Buffer;
  /** The vault's files now (`bytes`: their table, null if a name cannot be encoded), and whether the old file had the same table. */
  table: { files: readonly string[]; bytes: Uint8Array | null; same: boolean } | null;
  reused: readonly { path: string; entry: CacheEntry }[];
  /** Records of the notes parsed by this open, up to their targets. */
  fresh: { bytes: Uint8Array; records: readonly { path: string; start: number; end: number }[] };
  /** A note's links' targets as the vault resolves them now (asked only where cached ones cannot be copied). */
  targetsOf: (path: string) => LinkTargets | null;
}

/**
 * The file's bytes (sized to fit: the open keeps them for its fresh records), and where each
 * fresh record starts in them, in the order given.
 */
export function encodeCacheFile({ old, table, reused, fresh, targetsOf }: CacheFileParts): { bytes: Uint8Array; freshAt: number[] } {
  let reusedBytes = 0;
  for (const r of reused) reusedBytes += r.entry.recordEnd - r.entry.recordStart;
  // Room for everything but the fresh records' targets, and a guess at those (a few bytes a link).
  const w = new ByteWriter(64 + (table?.bytes?.length ?? 0) + reusedBytes + fresh.bytes.length * 1.1);
  writeHeader(w);
  w.u32(table?.bytes?.length ?? 0);
  if (table?.bytes) w.bytes(table.bytes);
  const countAt = w.length;
  w.u32(0);
  let count = 0;
  let numberOf: Map<string, number> | null = null;
  // Records up to their targets, then the targets as the vault resolves them now.
  const withTargets = (path: string, head: Uint8Array): void => {
    const targets = table?.bytes ? targetsOf(path) : null;
    w.bytes(head);
    numberOf ??= new Map(table?.bytes ? table.files.map((p, i) => [p, i] as const) : []);
    if (targets) writeTargets(w, targets, numberOf);
    else w.u32(0);
    count++;
  };
  // Reused records in file order. Where the file table is the same, every cached target holds
  // and keeps its numbering: runs of neighbours are copied whole, targets included.
  const inOrder = [...reused].sort((a, b) => a.entry.recordStart - b.entry.recordStart);
  if (table?.same !== true) {
    for (const r of inOrder) withTargets(r.path, old.subarray(r.entry.recordStart, r.entry.targetsStart - 4));
  } else {
    for (let i = 0; i < inOrder.length; ) {
      let j = i + 1;
      while (j < inOrder.length && inOrder[j]?.entry.recordStart === inOrder[j - 1]?.entry.recordEnd) j++;
      w.bytes(old.subarray(inOrder[i]?.entry.recordStart ?? 0, inOrder[j - 1]?.entry.recordEnd ?? 0));
      count += j - i;
      i = j;
    }
  }
  const freshAt: number[] = [];
  for (const f of fresh.records) {
    freshAt.push(w.length);
    withTargets(f.path, fresh.bytes.subarray(f.start, f.end));
  }
  w.patchU32(countAt, count);
  const bytes = sealFile(w);
  // A guess too generous (or grown past) would keep its spare room for as long as the vault is open.
  return { bytes: bytes.length < w.capacity * 0.9 ? bytes.slice() : bytes, freshAt };
}
