// Moving a shard between the index and its stored form (shard-codec.ts). Loading is the warm
// start's critical path, so `importShard` installs the stored arrays as they are: it only maps
// term strings to this index's ids and sorts the rows, never copying a posting.

import { CorruptDataError } from './bytes';
import type { KeywordIndex } from './keyword-index';
import type { Shard } from './shard';
import type { ShardData } from './shard-codec';

const FIELD_BITS_LIMIT = 32;
/** More than the rows of any shard: term id * ROW_SPACE + row stays exact in a float64. */
const ROW_SPACE = 2 ** 24;

/** The shard's content in stored form (merging it first). */
export function exportShard(index: KeywordIndex, shardIndex: number): ShardData {
  index.mergeShard(shardIndex);
  const b = (index.shards[shardIndex] as Shard).base;
  const docs = Array.from(b.localDocs, (id) => ({
    path: index.docs.path(id),
    mtime: index.docs.mtime[id] as number,
    size: index.docs.size[id] as number,
    contentLength: index.docs.contentLength[id] as number,
  }));
  // After a merge, rows are in term id order with contiguous postings.
  const offsets = new Uint32Array(b.terms.length + 1);
  offsets.set(b.starts);
  offsets[b.terms.length] = b.docs.length;
  const terms = Array.from(b.terms, (id) => index.table.term(id));
  return { shardIndex, shardCount: index.shards.length, docs, terms, offsets, docIndexes: b.docs, tf: b.tf, fields: b.fields };
}

/**
 * Installs a stored shard into its (empty) shard of `index`, without copying postings. Validates
 * everything before changing anything: on CorruptDataError the index is as it was.
 */
export function importShard(index: KeywordIndex, data: ShardData): void {
  const shardIndex = data.shardIndex;
  const shard = index.shards[shardIndex];
  if (shard === undefined || data.shardCount !== index.shards.length) {
    throw new CorruptDataError(`shard ${shardIndex} of ${data.shardCount} does not fit an index of ${index.shards.length} shards`);
  }
  if (shard.docIds.size > 0 || shard.postingCount > 0) throw new Error(`shard ${shardIndex} is not empty`);
  const seen = new Set<string>();
  for (const d of data.docs) {
    if (index.shardFor(d.path) !== shardIndex) throw new CorruptDataError(`${d.path} does not belong in shard ${shardIndex}`);
    if (seen.has(d.path) || index.has(d.path)) throw new CorruptDataError(`${d.path} is in the index twice`);
    seen.add(d.path);
  }
  for (let k = 0; k < data.fields.length; k++) {
    if ((data.fields[k] as number) >= FIELD_BITS_LIMIT) throw new CorruptDataError(`unknown field bits ${data.fields[k]}`);
  }
  if (data.terms.length >= ROW_SPACE) throw new CorruptDataError(`${data.terms.length} terms in one shard`);
  // Rows sorted by this index's term ids: (id, row) packed in one float64 for a native sort.
  const keys = new Float64Array(data.terms.length);
  for (let i = 0; i < data.terms.length; i++) keys[i] = index.table.intern(data.terms[i] as string) * ROW_SPACE + i;
  keys.sort();
  const terms = new Int32Array(keys.length);
  const starts = new Uint32Array(keys.length);
  const ends = new Uint32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as number;
    const row = key % ROW_SPACE;
    terms[i] = (key - row) / ROW_SPACE;
    starts[i] = data.offsets[row] as number;
    ends[i] = data.offsets[row + 1] as number;
    if (i > 0 && terms[i] === terms[i - 1]) throw new CorruptDataError(`term "${data.terms[row] ?? ''}" stored twice`);
  }
  // Valid: install.
  const localDocs = new Uint32Array(data.docs.length);
  data.docs.forEach((d, i) => (localDocs[i] = index.docs.add(d.path, shardIndex, d.contentLength, d)));
  index.ensureDf(index.table.size);
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i] as number;
    index.df[term] = (index.df[term] as number) + (ends[i] as number) - (starts[i] as number);
  }
  shard.base = { terms, starts, ends, docs: data.docIndexes, tf: data.tf, fields: data.fields, localDocs };
  for (const id of localDocs) shard.docIds.add(id);
  shard.dirty = false;
  index.generation++;
}
