// Saves and loads the keyword index through the StateStore (the plugin's own folder, never
// data.json): one binary file per shard, written atomically, only for shards that changed. On
// load, a file that is damaged, of another format version or written with other settings is
// deleted and reported, and its shard simply starts empty: the indexer then re-indexes the files
// that belong to it, because the reconciliation finds them missing.

import type { StateStore } from '../vault-port';
import { CorruptDataError } from './bytes';
import type { KeywordIndex } from './keyword-index';
import type { Shard } from './shard';
import { decodeShard, encodeShard } from './shard-codec';
import { exportShard, importShard } from './shard-transfer';
import type { TimeSlicer } from './time-slicer';

export const INDEX_FOLDER = 'keyword-index';

export function shardFileName(shardIndex: number): string {
  return `${INDEX_FOLDER}/shard-${String(shardIndex).padStart(4, '0')}.bin`;
}

export interface DiscardedShard {
  name: string;
  reason: string;
}

export interface LoadReport {
  /** Shards read from disk. */
  loaded: number;
  /** Shards with no file (first run, or a new shard count). */
  missing: number;
  /** Files deleted because they were unreadable, damaged or stale. */
  discarded: DiscardedShard[];
  /** Bytes read. */
  bytes: number;
}

/** Loads every saved shard into an empty index. Never throws for a bad file. */
export async function loadIndex(index: KeywordIndex, state: StateStore, slicer: TimeSlicer): Promise<LoadReport> {
  const report: LoadReport = { loaded: 0, missing: 0, discarded: [], bytes: 0 };
  const expected = new Set(index.shards.map((_, i) => shardFileName(i)));
  slicer.pause();
  const present = new Set(await listSafely(state));
  slicer.resume();
  for (const name of present) {
    if (!expected.has(name)) await discard(state, name, 'not a shard of the current settings', report);
  }
  const settings = index.settingsHash;
  for (let i = 0; i < index.shards.length; i++) {
    const name = shardFileName(i);
    if (!present.has(name)) {
      report.missing++;
      // Saved even if it stays empty, so that the next load can tell "empty" from "lost".
      (index.shards[i] as Shard).dirty = true;
      continue;
    }
    let bytes: Uint8Array | null;
    slicer.pause();
    try {
      bytes = await state.readBinary(name);
    } catch (e) {
      slicer.resume();
      (index.shards[i] as Shard).dirty = true;
      await discard(state, name, `unreadable: ${message(e)}`, report);
      continue;
    }
    slicer.resume();
    if (bytes === null) {
      report.missing++;
      (index.shards[i] as Shard).dirty = true;
      continue;
    }
    report.bytes += bytes.length;
    try {
      const data = decodeShard(bytes, settings);
      if (data.shardIndex !== i) throw new CorruptDataError(`holds shard ${data.shardIndex}`);
      importShard(index, data);
      report.loaded++;
    } catch (e) {
      if (!(e instanceof CorruptDataError)) throw e;
      (index.shards[i] as Shard).dirty = true;
      await discard(state, name, e.message, report);
    }
    await slicer.checkpoint();
  }
  return report;
}

/** Writes every shard changed since it was last saved; returns how many were written. */
export async function saveIndex(index: KeywordIndex, state: StateStore, slicer: TimeSlicer): Promise<number> {
  let written = 0;
  const settings = index.settingsHash;
  for (let i = 0; i < index.shards.length; i++) {
    const shard = index.shards[i];
    if (shard?.dirty !== true) continue;
    // Merging and encoding a large shard are separate steps, with a chance to yield in between.
    index.mergeShard(i);
    await slicer.checkpoint();
    const bytes = encodeShard(exportShard(index, i), settings);
    shard.dirty = false;
    slicer.pause();
    try {
      await state.write(shardFileName(i), bytes);
    } catch (e) {
      shard.dirty = true;
      throw e;
    } finally {
      slicer.resume();
    }
    written++;
    await slicer.checkpoint();
  }
  return written;
}

async function listSafely(state: StateStore): Promise<string[]> {
  try {
    return await state.list(INDEX_FOLDER);
  } catch {
    return [];
  }
}

async function discard(state: StateStore, name: string, reason: string, report: LoadReport): Promise<void> {
  report.discarded.push({ name, reason });
  try {
    await state.remove(name);
  } catch {
    // The shard is rebuilt and rewritten either way; a file we cannot delete is overwritten then.
  }
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
