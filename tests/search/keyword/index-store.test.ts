import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeStateStore } from '../../../src/vault-vfs/node/node-state-store';
import type { IndexDocument } from '../../../src/search/keyword/analyzer';
import { CorruptDataError } from '../../../src/binary/bytes';
import { DICTIONARY_FILE, INDEX_FOLDER, loadIndex, saveIndex, shardFileName } from '../../../src/search/keyword/index-store';
import { KeywordIndex, type KeywordIndexOptions } from '../../../src/search/keyword/keyword-index';
import { SHARD_FORMAT_VERSION, decodeShard, encodeShard } from '../../../src/search/keyword/shard-codec';
import { exportShard, importShard } from '../../../src/search/keyword/shard-transfer';
import { decodeDictionarySteps, encodeDictionary } from '../../../src/search/keyword/term-dictionary-codec';
import { TimeSlicer } from '../../../src/vault-vfs/time-slicer';

const WORDS = ['river', 'stone', 'garden', 'Zürich', 'café', 'lattice', 'quantum', 'bread', '日本語', 'the'];

function sampleDocs(n: number): IndexDocument[] {
  return Array.from({ length: n }, (_, i) => ({
    path: `Folder ${i % 4}/Note ${i}.md`,
    title: `Note ${i} ${WORDS[i % WORDS.length] ?? ''}`,
    headings: [`Heading ${WORDS[(i + 3) % WORDS.length] ?? ''}`],
    tags: [`tag${i % 5}`],
    aliases: i % 3 === 0 ? [`alias ${i}`] : [],
    content: Array.from({ length: 20 + (i % 30) }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' '),
  }));
}

function build(n: number, opts: KeywordIndexOptions = {}): KeywordIndex {
  const index = new KeywordIndex({ shardCount: 8, ...opts });
  sampleDocs(n).forEach((d, i) => index.add(d, { mtime: 1_700_000_000_000 + i, size: 100 + i }));
  return index;
}

const QUERIES = ['river', 'garden stone', 'zurich', 'caf', 'lattise', 'note 7', 'tag3', 'alias', '日本', 'folder 2', 'qu'];

function answers(index: KeywordIndex): unknown[] {
  return QUERIES.map((q) => index.search(q, { limit: 200 }));
}

/** Copies `from`'s term dictionary into `to`'s empty term table; returns the prefix chains. */
function copyDictionary(from: KeywordIndex, to: KeywordIndex): Uint32Array {
  const steps = decodeDictionarySteps(encodeDictionary(from.table, from.settingsHash), to.settingsHash, to.table);
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}

let dir: string;
let state: NodeStateStore;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reeve-kwstore-'));
  state = new NodeStateStore(dir);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('shard codec', () => {
  it('round-trips a shard, and a loaded index answers exactly as the one saved', () => {
    const original = build(300);
    const copy = new KeywordIndex({ shardCount: 8 });
    const chains = copyDictionary(original, copy);
    for (let i = 0; i < 8; i++) importShard(copy, decodeShard(encodeShard(exportShard(original, i), original.settingsHash), copy.settingsHash), chains);
    expect(copy.size).toBe(300);
    expect(answers(copy)).toEqual(answers(original));
    expect(copy.stampOf('Folder 1/Note 5.md')).toEqual({ mtime: 1_700_000_000_005, size: 105 });
  });

  it('refuses damaged, truncated, foreign and other-version files with CorruptDataError', () => {
    const index = build(50);
    const bytes = encodeShard(exportShard(index, 0), index.settingsHash);
    const flipped = bytes.slice();
    const mid = Math.floor(bytes.length / 2);
    flipped[mid] = (flipped[mid] as number) ^ 0x40;
    expect(() => decodeShard(flipped, index.settingsHash)).toThrow(CorruptDataError);
    expect(() => decodeShard(bytes.subarray(0, bytes.length - 9), index.settingsHash)).toThrow(CorruptDataError);
    expect(() => decodeShard(new Uint8Array(3), index.settingsHash)).toThrow(CorruptDataError);
    expect(() => decodeShard(bytes, index.settingsHash + 1)).toThrow(/other index settings/);
    const other = bytes.slice();
    new DataView(other.buffer).setUint32(4, SHARD_FORMAT_VERSION + 1, true);
    expect(() => decodeShard(other, index.settingsHash)).toThrow(CorruptDataError);
  });

  it('refuses a well-formed shard whose documents belong elsewhere, leaving the index untouched', () => {
    const index = build(60);
    const data = exportShard(index, 1);
    const target = new KeywordIndex({ shardCount: 8 });
    const chains = copyDictionary(index, target);
    expect(() => importShard(target, { ...data, shardIndex: 2 }, chains)).toThrow(CorruptDataError);
    expect(target.size).toBe(0);
    const small = new KeywordIndex({ shardCount: 4 });
    expect(() => importShard(small, data, copyDictionary(index, small))).toThrow(CorruptDataError);
  });
});

describe('saveIndex / loadIndex on a real plugin folder', () => {
  it('writes one file per shard, only changed shards again, and loads them back', async () => {
    const index = build(200);
    const slicer = new TimeSlicer();
    expect(await saveIndex(index, state, slicer)).toBe(8);
    expect((await readdir(path.join(dir, INDEX_FOLDER))).sort()).toEqual([...Array.from({ length: 8 }, (_, i) => path.basename(shardFileName(i))), 'terms.bin']);
    expect(await saveIndex(index, state, slicer)).toBe(0);
    index.add({ path: 'Folder 0/Note 3.md', title: 'Renamed', headings: [], tags: [], aliases: [], content: 'walrus' });
    expect(await saveIndex(index, state, slicer)).toBe(1);

    const loaded = new KeywordIndex({ shardCount: 8 });
    const report = await loadIndex(loaded, state, slicer);
    expect(report).toMatchObject({ loaded: 8, missing: 0, discarded: [] });
    expect(answers(loaded)).toEqual(answers(index));
    expect(loaded.search('walrus').map((h) => h.path)).toEqual(['Folder 0/Note 3.md']);
  });

  it('discards a corrupt shard (and stray files) and keeps the rest', async () => {
    const index = build(200);
    await saveIndex(index, state, new TimeSlicer());
    const victim = index.shardFor('Folder 1/Note 5.md');
    await writeFile(path.join(dir, shardFileName(victim)), 'not a shard');
    await writeFile(path.join(dir, INDEX_FOLDER, 'shard-0099.bin'), 'stray');

    const loaded = new KeywordIndex({ shardCount: 8 });
    const report = await loadIndex(loaded, state, new TimeSlicer());
    expect(report.loaded).toBe(7);
    expect(report.discarded.map((d) => d.name).sort()).toEqual([shardFileName(victim), `${INDEX_FOLDER}/shard-0099.bin`].sort());
    expect(loaded.has('Folder 1/Note 5.md')).toBe(false);
    expect(loaded.size).toBe(200 - index.shards[victim]!.docIds.size);
    expect(await readdir(path.join(dir, INDEX_FOLDER))).not.toContain('shard-0099.bin');
  });

  it('discards every shard saved under other settings', async () => {
    await saveIndex(build(40, { maxContentChars: 1000 }), state, new TimeSlicer());
    const loaded = new KeywordIndex({ shardCount: 8, maxContentChars: 2000 });
    const report = await loadIndex(loaded, state, new TimeSlicer());
    expect(report.loaded).toBe(0);
    expect(report.discarded.map((d) => d.name).sort()).toEqual([...Array.from({ length: 8 }, (_, i) => shardFileName(i)), DICTIONARY_FILE].sort());
    expect(report.discarded.find((d) => d.name === DICTIONARY_FILE)?.reason).toMatch(/other index settings/);
    expect(loaded.size).toBe(0);
  });

  it('drops dead terms from the dictionary on load when they outnumber live ones, answering as before', async () => {
    const index = build(200);
    for (let i = 0; i < 500; i++) index.add({ path: `Gone/${i}.md`, title: `gone${i}`, headings: [], tags: [], aliases: [], content: `ephemeral${i} vanishing${i}` });
    await saveIndex(index, state, new TimeSlicer());
    for (let i = 0; i < 500; i++) index.remove(`Gone/${i}.md`);
    for (let s = 0; s < 8; s++) index.mergeShard(s);
    await saveIndex(index, state, new TimeSlicer());

    const loaded = new KeywordIndex({ shardCount: 8 });
    const report = await loadIndex(loaded, state, new TimeSlicer(), 1);
    expect(report.loaded).toBe(8);
    expect(report.droppedTerms).toBeGreaterThanOrEqual(1500);
    expect(loaded.table.find('ephemeral7')).toBe(-1);
    expect(loaded.shards.every((s) => s.dirty)).toBe(true);
    expect(answers(loaded)).toEqual(answers(index));
    expect(loaded.search('ephem').length).toBe(0);

    expect(await saveIndex(loaded, state, new TimeSlicer())).toBe(8);
    const again = new KeywordIndex({ shardCount: 8 });
    expect(await loadIndex(again, state, new TimeSlicer(), 1)).toMatchObject({ loaded: 8, discarded: [], droppedTerms: 0 });
    expect(again.table.size).toBe(loaded.table.size);
    expect(answers(again)).toEqual(answers(index));
    again.add({ path: 'Folder 0/Fresh.md', title: 'Fresh', headings: [], tags: [], aliases: [], content: 'ephemeral7 river' });
    expect(again.search('ephemeral7').map((h) => h.path)).toEqual(['Folder 0/Fresh.md']);
  });

  it('never leaves a saved shard naming terms the saved dictionary lacks, even when terms arrive mid-save', async () => {
    const index = build(100);
    let added = false;
    let dictionaryWrites = 0;
    const racing = Object.create(state) as NodeStateStore;
    racing.write = async (name: string, data: string | Uint8Array): Promise<void> => {
      await state.write(name, data);
      if (name === DICTIONARY_FILE) dictionaryWrites++;
      if (!added && name === shardFileName(0)) {
        added = true; // new terms into a shard not yet written, after the dictionary went out
        for (let i = 0; i < 20; i++) index.add({ path: `Late/${i}.md`, title: `late${i}`, headings: [], tags: [], aliases: [], content: `novelty${i} river` });
      }
    };
    await saveIndex(index, racing, new TimeSlicer());
    expect(dictionaryWrites).toBe(2); // first with the build's terms, again before a shard with the late ones
    await saveIndex(index, state, new TimeSlicer());
    const loaded = new KeywordIndex({ shardCount: 8 });
    expect(await loadIndex(loaded, state, new TimeSlicer())).toMatchObject({ loaded: 8, discarded: [] });
    expect(answers(loaded)).toEqual(answers(index));
    expect(loaded.search('novelty7').map((h) => h.path)).toEqual(['Late/7.md']);
  });
});
