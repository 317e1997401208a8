// Saves and loads the keyword index through the StateStore (the plugin's own folder, never
// data.json): the term dictionary and one binary file per shard, written atomically, only for
// shards that changed (the dictionary only when it gained terms a saved shard uses). On
// load, a file that is damaged, of another format version or written with other settings is
// deleted and reported, and its shard simply starts empty: the indexer then re-indexes the files
// that belong to it, because the reconciliation finds them missing.

import type { StateStore } from '../../vault-vfs/vault-port';
import { CorruptDataError } from '../../binary/bytes';
import type { KeywordIndex } from './keyword-index';
import type { Shard } from './shard';
import { decodeShard, encodeShard } from './shard-codec';
import { exportShard, importShard } from './shard-transfer';
import { compactVocabulary } from './term-compaction';
import { decodeDictionarySteps, encodeDictionarySteps } from './term-dictionary-codec';
import type { TimeSlicer } from '../../vault-vfs/time-slicer';

export const INDEX_FOLDER = 'keyword-index';

/** The term dictionary every shard's term ids refer to. */
export const DICTIONARY_FILE = `${INDEX_FOLDER}/terms.bin`;

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
  /** Dead terms dropped from the dictionary (then every shard is saved again); 0 if none. */
  droppedTerms: number;
}

/** Terms in the dictionary file each index last saved or loaded; absent: none on disk yet. */
const savedTerms = new WeakMap<KeywordIndex, number>();

/**
 * Loads the term dictionary, then every saved shard, into an empty index. Never throws for a bad
 * file: a bad shard is discarded alone; a bad dictionary takes every shard with it, since their
 * term ids mean nothing without it. Afterwards a vocabulary mostly made of dead terms is compacted
 * (term-compaction.ts); `minDeadTerms` is for tests.
 */
export async function loadIndex(index: KeywordIndex, state: StateStore, slicer: TimeSlicer, minDeadTerms?: number): Promise<LoadReport> {
  const report: LoadReport = { loaded: 0, missing: 0, discarded: [], bytes: 0, droppedTerms: 0 };
  const expected = new Set([DICTIONARY_FILE, ...index.shards.map((_, i) => shardFileName(i))]);
  slicer.pause();
  const present = new Set(await listSafely(state));
  slicer.resume();
  for (const name of present) {
    if (!expected.has(name)) await discard(state, name, 'not a file of the current settings', report);
  }
  const settings = index.settingsHash;
  // Each shard file is read while the one before it is decoded: one read ahead, never more.
  const reads = new Map<number, PendingRead>();
  const readAhead = (i: number): void => {
    if (i < index.shards.length && present.has(shardFileName(i)) && !reads.has(i)) reads.set(i, startRead(state, shardFileName(i)));
  };
  readAhead(0);
  const prefixChains = present.has(DICTIONARY_FILE) ? await loadDictionary(index, state, slicer, report) : null;
  for (let i = 0; i < index.shards.length; i++) {
    const name = shardFileName(i);
    // Saved even if it stays empty, so that the next load can tell "empty" from "lost".
    (index.shards[i] as Shard).dirty = true;
    if (!present.has(name)) {
      report.missing++;
      continue;
    }
    if (prefixChains === null) {
      await discard(state, name, 'no usable term dictionary', report);
      continue;
    }
    const read = reads.get(i) ?? startRead(state, name);
    reads.delete(i);
    readAhead(i + 1);
    const bytes = await finishRead(read, state, name, slicer, report);
    if (bytes === null) continue;
    try {
      const data = decodeShard(bytes, settings);
      if (data.shardIndex !== i) throw new CorruptDataError(`holds shard ${data.shardIndex}`);
      // One allocation for the document table instead of a doubling per power of two: each new
      // backing store counts towards the external memory that starts a full GC (see segment-merge.ts).
      if (report.loaded === 0) index.docs.reserve(Math.ceil(data.paths.length * index.shards.length * 1.2));
      importShard(index, data, prefixChains);
      report.loaded++;
    } catch (e) {
      if (!(e instanceof CorruptDataError)) throw e;
      await discard(state, name, e.message, report);
    }
    await slicer.checkpoint();
  }
  const before = index.table.size;
  if (compactVocabulary(index, minDeadTerms)) {
    report.droppedTerms = before - index.table.size;
    savedTerms.delete(index); // the dictionary on disk no longer matches: saved before any shard
  }
  return report;
}

/** Interns the saved dictionary; returns the chain hash of each of its prefixes, or null. */
async function loadDictionary(index: KeywordIndex, state: StateStore, slicer: TimeSlicer, report: LoadReport): Promise<Uint32Array | null> {
  const bytes = await finishRead(startRead(state, DICTIONARY_FILE), state, DICTIONARY_FILE, slicer, report);
  if (bytes === null) return null;
  try {
    const steps = decodeDictionarySteps(bytes, index.settingsHash, index.table);
    for (;;) {
      const r = steps.next();
      if (r.done === true) {
        savedTerms.set(index, r.value.length - 1);
        return r.value;
      }
      await slicer.checkpoint();
    }
  } catch (e) {
    if (!(e instanceof CorruptDataError)) throw e;
    await discard(state, DICTIONARY_FILE, e.message, report);
    return null;
  }
}

/** A read under way; it never rejects, so one started ahead and then not needed is harmless. */
type PendingRead = Promise<{ bytes: Uint8Array | null } | { error: unknown }>;

function startRead(state: StateStore, name: string): PendingRead {
  return state.readBinary(name).then(
    (bytes) => ({ bytes }),
    (error: unknown) => ({ error }),
  );
}

/** The file's bytes; null (reported) if it is gone or unreadable. */
async function finishRead(read: PendingRead, state: StateStore, name: string, slicer: TimeSlicer, report: LoadReport): Promise<Uint8Array | null> {
  slicer.pause();
  const r = await read;
  slicer.resume();
  if ('error' in r) {
    await discard(state, name, `unreadable: ${message(r.error)}`, report);
    return null;
  }
  if (r.bytes === null) report.missing++;
  else report.bytes += r.bytes.length;
  return r.bytes;
}

/**
 * Writes every shard changed since it was last saved; returns how many were written. The term
 * dictionary goes first whenever a shard names terms it lacks, so that no shard on disk ever
 * refers to a term the dictionary on disk does not hold.
 */
export async function saveIndex(index: KeywordIndex, state: StateStore, slicer: TimeSlicer): Promise<number> {
  let written = 0;
  const settings = index.settingsHash;
  for (let i = 0; i < index.shards.length; i++) {
    const shard = index.shards[i];
    if (shard?.dirty !== true) continue;
    // Merging and encoding a large shard are separate steps, with a chance to yield in between.
    index.mergeShard(i);
    await slicer.checkpoint();
    const data = exportShard(index, i);
    const bytes = encodeShard(data, settings);
    shard.dirty = false;
    try {
      if ((savedTerms.get(index) ?? -1) < data.dictionarySize) await saveDictionary(index, state, slicer);
      slicer.pause();
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

async function saveDictionary(index: KeywordIndex, state: StateStore, slicer: TimeSlicer): Promise<void> {
  const count = index.table.size;
  const steps = encodeDictionarySteps(index.table, index.settingsHash);
  let bytes: Uint8Array;
  for (;;) {
    const r = steps.next();
    if (r.done === true) {
      bytes = r.value;
      break;
    }
    await slicer.checkpoint();
  }
  slicer.pause();
  try {
    await state.write(DICTIONARY_FILE, bytes);
  } finally {
    slicer.resume();
  }
  savedTerms.set(index, count);
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
