// Moving a shard between the index and its stored form (shard-codec.ts). Loading is the warm
// start's critical path, so `importShard` installs the stored arrays as they are: term ids are
// already this index's ids (the term dictionary is loaded first), so nothing is interned, sorted
// or copied; only the documents are entered into the document table.

import { CorruptDataError } from '../../binary/bytes';
import type { KeywordIndex } from './keyword-index';
import type { Shard } from './shard';
import type { ShardData } from './shard-codec';
import { titlePostings } from './title-postings';

/** The shard's content in stored form (merging it first). Shares the shard's arrays. */
export function exportShard(index: KeywordIndex, shardIndex: number): ShardData {
  index.mergeShard(shardIndex);
  const b = (index.shards[shardIndex] as Shard).base;
  const n = b.localDocs.length;
  const paths = new Array<string>(n);
  // One backing store for the three (see segment-merge.ts on why allocations are counted).
  const stamps = new ArrayBuffer(n * 20);
  const mtime = new Float64Array(stamps, 0, n);
  const size = new Float64Array(stamps, n * 8, n);
  const contentLength = new Uint32Array(stamps, n * 16, n);
  for (let i = 0; i < n; i++) {
    const id = b.localDocs[i] as number;
    paths[i] = index.docs.path(id);
    mtime[i] = index.docs.mtime[id] as number;
    size[i] = index.docs.size[id] as number;
    contentLength[i] = index.docs.contentLength[id] as number;
  }
  return {
    shardIndex,
    shardCount: index.shards.length,
    paths,
    mtime,
    size,
    contentLength,
    terms: b.terms,
    offsets: b.offsets,
    postings: b.postings,
    tf: b.tf,
    dictionarySize: index.table.size,
    dictionaryChain: index.table.chainHash,
  };
}

/**
 * Installs a stored shard into its (empty) shard of `index`. `prefixChains[k]` is the chain hash
 * of the index's first k terms (from loading the dictionary): the shard's term ids mean the same
 * here only if the dictionary it was written against is a prefix of this one. Validates
 * everything before changing anything: on CorruptDataError the index is as it was.
 */
export function importShard(index: KeywordIndex, data: ShardData, prefixChains: Uint32Array): void {
  const shardIndex = data.shardIndex;
  const shard = index.shards[shardIndex];
  if (shard === undefined || data.shardCount !== index.shards.length) {
    throw new CorruptDataError(`shard ${shardIndex} of ${data.shardCount} does not fit an index of ${index.shards.length} shards`);
  }
  if (shard.docIds.size > 0 || shard.postingCount > 0) throw new Error(`shard ${shardIndex} is not empty`);
  if (data.dictionarySize >= prefixChains.length || prefixChains[data.dictionarySize] !== data.dictionaryChain) {
    throw new CorruptDataError('written against another term dictionary');
  }
  const seen = new Set<string>();
  for (const path of data.paths) {
    if (index.shardFor(path) !== shardIndex) throw new CorruptDataError(`${path} does not belong in shard ${shardIndex}`);
    if (seen.has(path) || index.has(path)) throw new CorruptDataError(`${path} is in the index twice`);
    seen.add(path);
  }
  // Valid: install.
  const localDocs = new Uint32Array(data.paths.length);
  const stamp = { mtime: 0, size: 0 };
  for (let i = 0; i < localDocs.length; i++) {
    stamp.mtime = data.mtime[i] as number;
    stamp.size = data.size[i] as number;
    localDocs[i] = index.docs.add(data.paths[i] as string, shardIndex, data.contentLength[i] as number, stamp);
  }
  index.ensureDf(index.table.size);
  const { terms, offsets } = data;
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i] as number;
    index.df[term] = (index.df[term] as number) + (offsets[i + 1] as number) - (offsets[i] as number);
  }
  shard.base = { terms, offsets, postings: data.postings, tf: data.tf, localDocs };
  // Made here, in the load's own slice (~1 ms a shard at 100k notes), not in the first search.
  titlePostings(shard.base);
  for (const id of localDocs) shard.docIds.add(id);
  shard.dirty = false;
  index.generation++;
}
