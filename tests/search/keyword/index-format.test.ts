// The saved index's format: a term dictionary plus one file per shard naming terms by id. Bad,
// old or mismatched files are refused with a reason and rebuilt, never trusted and never a crash.
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { checksum32 } from '../../../src/binary/byte-arrays';
import { DICTIONARY_FILE, shardFileName } from '../../../src/search/keyword/index-store';
import { KeywordIndex } from '../../../src/search/keyword/keyword-index';
import { SHARD_FORMAT_VERSION, decodeShard, encodeShard } from '../../../src/search/keyword/shard-codec';
import { exportShard } from '../../../src/search/keyword/shard-transfer';
import { encodeDictionary } from '../../../src/search/keyword/term-dictionary-codec';
import { VaultIndexer } from '../../../src/search/keyword/vault-indexer';

let dir: string;
const stateDir = (): string => path.join(dir, '.obsidian/plugins/reeve');

async function put(rel: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await writeFile(path.join(dir, rel), text);
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reeve-kwformat-'));
  for (let i = 0; i < 60; i++) await put(`Notes/Note ${i}.md`, `# Heading ${i}\nword${i} shared ${i % 2 === 0 ? 'even' : 'odd'} text`);
  await put('Garden.md', 'tomatoes and zucchini');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const QUERIES = ['shared', 'even', 'word1', 'zucc', 'heading 7', 'tomatos'];

async function buildAndStop(): Promise<unknown[]> {
  const ix = new VaultIndexer(await NodeVault.open(dir));
  await ix.start();
  await ix.stop();
  return QUERIES.map((q) => ix.search(q, { limit: 100 }));
}

async function restart(): Promise<VaultIndexer> {
  const ix = new VaultIndexer(await NodeVault.open(dir));
  await ix.start();
  return ix;
}

describe('saved keyword index format', () => {
  it('refuses a truncated shard with a reason, rebuilds its documents and answers as before', async () => {
    const answers = await buildAndStop();
    const name = shardFileName(new KeywordIndex().shardFor('Garden.md'));
    const bytes = await readFile(path.join(stateDir(), name));
    await writeFile(path.join(stateDir(), name), bytes.subarray(0, Math.floor(bytes.length / 2)));
    const ix = await restart();
    expect(ix.stats.load?.discarded).toEqual([{ name, reason: expect.stringMatching(/checksum|truncated|short/) as unknown }]);
    expect(ix.stats.indexed).toBeGreaterThan(0);
    expect(QUERIES.map((q) => ix.search(q, { limit: 100 }))).toEqual(answers);
    await ix.stop();
  });

  it('refuses every shard when the term dictionary is damaged or gone, and rebuilds the whole index', async () => {
    const answers = await buildAndStop();
    const dict = path.join(stateDir(), DICTIONARY_FILE);
    const bytes = await readFile(dict);
    await writeFile(dict, bytes.subarray(0, bytes.length - 3));
    let ix = await restart();
    expect(ix.stats.load?.loaded).toBe(0);
    expect(ix.stats.load?.discarded.find((d) => d.name === DICTIONARY_FILE)?.reason).toMatch(/checksum|short/);
    expect(ix.stats.indexed).toBe(61);
    expect(QUERIES.map((q) => ix.search(q, { limit: 100 }))).toEqual(answers);
    await ix.stop();

    await unlink(dict);
    ix = await restart();
    expect(ix.stats.load?.loaded).toBe(0);
    expect(ix.stats.load?.discarded.every((d) => d.reason === 'no usable term dictionary')).toBe(true);
    expect(QUERIES.map((q) => ix.search(q, { limit: 100 }))).toEqual(answers);
    await ix.stop();
    ix = await restart();
    expect(ix.stats.load).toMatchObject({ loaded: 64, discarded: [] });
    expect(ix.stats.indexed).toBe(0);
    await ix.stop();
  });

  it('refuses shards written against another dictionary (another index wrote the terms file)', async () => {
    const answers = await buildAndStop();
    // A different index, same settings: its dictionary holds other terms under the same ids.
    const other = new KeywordIndex();
    other.add({ path: 'x.md', title: 'unrelated', headings: [], tags: [], aliases: [], content: Array.from({ length: 300 }, (_, i) => `alien${i}`).join(' ') });
    await writeFile(path.join(stateDir(), DICTIONARY_FILE), encodeDictionary(other.table, other.settingsHash));
    const ix = await restart();
    expect(ix.stats.load?.loaded).toBe(0);
    expect(ix.stats.load?.discarded.some((d) => d.reason === 'written against another term dictionary')).toBe(true);
    expect(QUERIES.map((q) => ix.search(q, { limit: 100 }))).toEqual(answers);
    await ix.stop();
  });

  it('rebuilds an index saved in the previous format version', async () => {
    const answers = await buildAndStop();
    // Version 2 had no terms file and its own shard layout; a shard of another version with a
    // valid checksum is refused by its version number alone.
    await unlink(path.join(stateDir(), DICTIONARY_FILE));
    const name = shardFileName(0);
    const bytes = new Uint8Array(await readFile(path.join(stateDir(), name)));
    new DataView(bytes.buffer, bytes.byteOffset).setUint32(4, 2, true);
    new DataView(bytes.buffer, bytes.byteOffset).setUint32(bytes.length - 4, checksum32(bytes, 0, bytes.length - 4), true);
    expect(() => decodeShard(bytes, new KeywordIndex().settingsHash)).toThrow(`format version 2, expected ${SHARD_FORMAT_VERSION}`);
    await writeFile(path.join(stateDir(), name), bytes);
    const ix = await restart();
    expect(ix.stats.load?.loaded).toBe(0);
    expect(ix.stats.indexed).toBe(61);
    expect(QUERIES.map((q) => ix.search(q, { limit: 100 }))).toEqual(answers);
    await ix.stop();
  });

  it('packs postings in 2 bytes up to 2,048 documents a shard, else 4, and loads them as views of the file', () => {
    const index = new KeywordIndex({ shardCount: 1 });
    const add = (from: number, to: number): void => {
      for (let i = from; i < to; i++) index.add({ path: `n${i}.md`, title: `n${i}`, headings: [`h${i % 7}`], tags: [], aliases: [], content: `common w${i}` });
    };
    const roundTrip = (): void => {
      const data = exportShard(index, 0);
      const decoded = decodeShard(encodeShard(data, index.settingsHash), index.settingsHash);
      expect(decoded.postings.constructor).toBe(data.postings.constructor);
      expect(Array.from(decoded.postings)).toEqual(Array.from(data.postings));
      expect(decoded.paths).toEqual(data.paths);
    };
    add(0, 300);
    expect(exportShard(index, 0).postings).toBeInstanceOf(Uint16Array);
    roundTrip();
    add(300, 2100);
    expect(exportShard(index, 0).postings).toBeInstanceOf(Uint32Array);
    roundTrip();
    expect(index.search('w2099 h3').map((h) => h.path)[0]).toBe('n2099.md');
    expect(index.search('n1234', { limit: 1 }).map((h) => h.path)).toEqual(['n1234.md']);
  });
});
