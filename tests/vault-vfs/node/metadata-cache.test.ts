import { chmodSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import { METADATA_CACHE_FILE, METADATA_CACHE_VERSION } from '../../../src/vault-vfs/node/metadata-cache';
import { readCacheFile, readIndexPart, readRecords, readerOver } from '../../../src/vault-vfs/node/metadata-cache-file';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';

const PLUGIN_FOLDER = '.obsidian/plugins/reeve';
const NOTES: Record<string, string> = {
  // Reeve is installed: the cache is kept only in a plugin folder that exists.
  [`${PLUGIN_FOLDER}/manifest.json`]: '{}',
  'a.md': '---\ntags: [x]\nrelated: "[[b]]"\n---\n# A\n\nSee [[b#Head|bee]] and ![[pic.png]] #inline ^blk\n',
  'b.md': '# Head\n\nBack to [[a]] and [c](sub/c.md).\n',
  'sub/c.md': 'plain text, [[missing]]\n',
  'pic.png': 'png',
};

let tv: TempVault | undefined;
afterEach(async () => {
  if (tv) chmodSync(tv.dir, 0o755);
  await tv?.cleanup();
  tv = undefined;
});

/** Lets the files' times fall out of the window the cache treats as racy (see metadata-cache.ts). */
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 60));

const cacheFile = (dir: string): string => path.join(dir, '.obsidian', 'plugins', 'reeve', METADATA_CACHE_FILE);

async function vaultWithCache(): Promise<TempVault> {
  tv = await makeTempVault(NOTES);
  await settle();
  const first = await NodeVault.open(tv.dir);
  expect(first.metadataCacheReport).toMatchObject({ loaded: 'missing', reused: 0, parsed: 3, saved: 'yes' });
  return tv;
}

/** What the vault says about every note equals a fresh parse of the file, and the graph agrees. */
async function expectFresh(vault: NodeVault, dir: string): Promise<void> {
  for (const p of Object.keys(NOTES).filter((p) => p.endsWith('.md'))) {
    const meta = vault.metadata(p);
    expect({ ...meta, sections: meta?.sections }).toStrictEqual({ ...parseMarkdown(readFileSync(path.join(dir, p), 'utf8')), sections: parseMarkdown(readFileSync(path.join(dir, p), 'utf8')).sections });
  }
  const reference = await NodeVault.open(dir, { metadataCache: false });
  expect(vault.resolvedLinks()).toEqual(reference.resolvedLinks());
  expect(vault.unresolvedLinks()).toEqual(reference.unresolvedLinks());
  expect(vault.backlinks('b.md')).toEqual(reference.backlinks('b.md'));
}

/** Where the parts of a cache file are (the layout in metadata-cache-file.ts, read here on its own). */
function layoutOf(b: Buffer): { slots: number; stampsAt: number; endsAt: number; sumsAt: number; recordsAt: number; record: (slot: number) => [number, number] } {
  const tableEnd = 20 + b.readUInt32LE(16);
  const slots = b.readUInt32LE(tableEnd);
  const stampsAt = (tableEnd + 4 + 7) & ~7;
  const endsAt = stampsAt + 24 * slots;
  const sumsAt = endsAt + 4 * slots;
  const recordsAt = sumsAt + 4 * slots;
  const endOf = (slot: number): number => recordsAt + b.readUInt32LE(endsAt + 4 * slot);
  return { slots, stampsAt, endsAt, sumsAt, recordsAt, record: (slot) => [slot === 0 ? recordsAt : endOf(slot - 1), endOf(slot)] };
}

/**
 * The file after `change`, with every checksum made to hold again (the index part's, and each
 * record's): damage only a bug could make.
 */
function resealed(b: Buffer, change: (layout: ReturnType<typeof layoutOf>) => void): Buffer {
  change(layoutOf(b));
  const l = layoutOf(b);
  for (let slot = 0; slot < l.slots; slot++) {
    const [start, end] = l.record(slot);
    if (end <= b.length) b.writeUInt32LE(start === end ? 0 : crc32(b.subarray(start, end)), l.sumsAt + 4 * slot);
  }
  b.writeUInt32LE(crc32(b.subarray(12, l.recordsAt)), 8);
  return b;
}

/** The slot of the file at `path` in the cache file's table. */
function slotOf(b: Buffer, path: string): number {
  const file = readCacheFile(b);
  return readerOver(b).at(file.tableStart, file.tableEnd).strings().indexOf(path);
}

describe('NodeVault metadata cache', () => {
  it('a warm open reads no unchanged note and answers as a cold one', async () => {
    const { dir } = await vaultWithCache();
    const warm = await NodeVault.open(dir);
    expect(warm.metadataCacheReport).toEqual({ loaded: 'ok', reused: 3, parsed: 0, relinked: 0, saved: 'unchanged' });
    await expectFresh(warm, dir);
  });

  it('re-parses a changed note, a new note, and forgets a deleted one', async () => {
    const { dir } = await vaultWithCache();
    writeFileSync(path.join(dir, 'b.md'), '# Other\n\nNow [[sub/c]] only.\n');
    await rm(path.join(dir, 'sub/c.md'));
    writeFileSync(path.join(dir, 'sub/c.md'), 'recreated [[a]]\n');
    await settle();
    const warm = await NodeVault.open(dir);
    expect(warm.metadataCacheReport).toMatchObject({ loaded: 'ok', reused: 1, parsed: 2, saved: 'yes' });
    await expectFresh(warm, dir);
    await rm(path.join(dir, 'a.md'));
    const after = await NodeVault.open(dir);
    expect(after.metadataCacheReport).toMatchObject({ reused: 2, parsed: 0, saved: 'yes' });
    expect(after.metadata('a.md')).toBeNull();
  });

  it('catches a note rewritten with the same size and its mtime set back (the change time moved)', async () => {
    tv = await makeTempVault(NOTES);
    const file = path.join(tv.dir, 'b.md');
    // A whole second, which the file system keeps exactly (a Date would round it).
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    await settle();
    expect((await NodeVault.open(tv.dir)).metadataCacheReport).toMatchObject({ parsed: 3, saved: 'yes' });
    const before = statSync(file);
    writeFileSync(file, readFileSync(file, 'utf8').replace('[[a]]', '[[x]]'));
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    expect(statSync(file).size).toBe(before.size);
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    await settle();
    const warm = await NodeVault.open(tv.dir);
    expect(warm.metadataCacheReport).toMatchObject({ reused: 2, parsed: 1 });
    expect(warm.metadata('b.md')?.links.map((l) => l.link)).toEqual(['x', 'sub/c.md']);
  });

  it('does not keep a note whose times fall within the open\'s own clock tick (racy entry)', async () => {
    tv = await makeTempVault(NOTES);
    // Times at or after the open's start: a write in the same tick as its stat looks like this.
    const soon = Date.now() / 1000 + 30;
    utimesSync(path.join(tv.dir, 'b.md'), soon, soon);
    await settle();
    expect((await NodeVault.open(tv.dir)).metadataCacheReport).toMatchObject({ parsed: 3, saved: 'yes' });
    expect((await NodeVault.open(tv.dir)).metadataCacheReport).toMatchObject({ reused: 2, parsed: 1 });
  });

  // Damage the open would act on (a stamp or a record's end) drops the whole file: the index part's checksum.
  const damages: [string, (bytes: Buffer) => Buffer, RegExp][] = [
    ['a flipped byte in the file table', (b) => (b.writeUInt8(b.readUInt8(22) ^ 0x20, 22), b), /checksum mismatch/],
    // A stamp that matched a note as it is now would have the open trust a record of another version.
    ['a flipped byte in a stamp', (b) => (b.writeUInt8(b.readUInt8(layoutOf(b).stampsAt + 9) ^ 0x01, layoutOf(b).stampsAt + 9), b), /checksum mismatch/],
    ['a flipped byte in a record\'s end', (b) => (b.writeUInt8(b.readUInt8(layoutOf(b).endsAt) ^ 0x01, layoutOf(b).endsAt), b), /checksum mismatch/],
    ['a truncated file', (b) => b.subarray(0, b.length - 7), /ends at byte/],
    ['a file cut inside its stamps', (b) => b.subarray(0, layoutOf(b).stampsAt + 5), /do not fit/],
    ['a file cut inside its header', (b) => b.subarray(0, 9), /too short/],
    ['another format version', (b) => (b.writeUInt32LE(METADATA_CACHE_VERSION + 1, 4), b), /format version/],
    // Version 2 kept a path per record; version 3 had one checksum for the whole file, version 4 one per record (metadata-cache-file.ts).
    ['a file of format version 2', (b) => (b.writeUInt32LE(2, 4), b), /format version 2,/],
    ['a file of format version 3', (b) => (b.writeUInt32LE(3, 4), b), /format version 3,/],
    ['a file whose checksum holds but whose first record ends past the file', (b) => resealed(b, (l) => b.writeUInt32LE(b.length, l.endsAt)), /record 0 ends at byte/],
    ['a file that is not a cache', () => Buffer.from('{"not":"a cache"} and more bytes'), /not a metadata cache/],
    ['an empty file', () => Buffer.alloc(0), /too short/],
  ];
  for (const [what, damage, reason] of damages) {
    it(`drops ${what} and rebuilds it`, async () => {
      const { dir } = await vaultWithCache();
      writeFileSync(cacheFile(dir), damage(readFileSync(cacheFile(dir))));
      const vault = await NodeVault.open(dir);
      expect(vault.metadataCacheReport?.loaded).toMatch(reason);
      expect(vault.metadataCacheReport).toMatchObject({ reused: 0, parsed: 3, saved: 'yes' });
      await expectFresh(vault, dir);
      expect((await NodeVault.open(dir)).metadataCacheReport).toMatchObject({ loaded: 'ok', reused: 3 });
    });
  }

  it('reads the same slots from the file at an unaligned place in memory (copied) as from its own buffer (a view)', async () => {
    const { dir } = await vaultWithCache();
    const bytes = readFileSync(cacheFile(dir));
    const own = Buffer.from(new Uint8Array(bytes)); // offset 0: the columns are views
    const shifted = Buffer.alloc(bytes.length + 1).subarray(1);
    bytes.copy(shifted);
    const aligned = readCacheFile(own);
    const unaligned = readCacheFile(shifted);
    expect(aligned.stamps.buffer).toBe(own.buffer);
    expect(unaligned.stamps.buffer).not.toBe(shifted.buffer);
    expect([...unaligned.stamps]).toEqual([...aligned.stamps]);
    expect([...unaligned.ends]).toEqual([...aligned.ends]);
    expect(aligned.records).toBe(3);
  });

  it('answers from the notes where a record does not hold its parts under a valid checksum (a bug, not damage)', async () => {
    const { dir } = await vaultWithCache();
    // The first record claims link paths longer than itself.
    const b = readFileSync(cacheFile(dir));
    resealed(b, (l) => b.writeUInt32LE(0xffff, l.recordsAt));
    writeFileSync(cacheFile(dir), b);
    const vault = await NodeVault.open(dir);
    expect(vault.metadataCacheReport).toMatchObject({ loaded: 'ok', parsed: 0 });
    await expectFresh(vault, dir);
  });

  it('reads a note again where its record fails its checksum, trusting none of it, and uses every other record', async () => {
    const { dir } = await vaultWithCache();
    const b = readFileSync(cacheFile(dir));
    // b.md's heading `Head` becomes `Jead`: a record that still decodes, to metadata the note does not have.
    const [start, end] = layoutOf(b).record(slotOf(b, 'b.md'));
    const at = b.subarray(start, end).indexOf('Head');
    expect(at).toBeGreaterThan(0);
    b.writeUInt8('J'.charCodeAt(0), start + at);
    writeFileSync(cacheFile(dir), b);
    const vault = await NodeVault.open(dir);
    expect(vault.metadataCacheReport).toEqual({ loaded: 'ok', reused: 3, parsed: 0, relinked: 0, saved: 'unchanged' });
    expect(vault.metadata('b.md')?.headings.map((h) => h.heading)).toEqual(['Head']);
    await expectFresh(vault, dir);
  });

  it('carries no record that failed its checksum into the next file: its note is read and cached again', async () => {
    const { dir } = await vaultWithCache();
    const b = readFileSync(cacheFile(dir));
    const [start] = layoutOf(b).record(slotOf(b, 'sub/c.md'));
    b.writeUInt8(b.readUInt8(start + 6) ^ 0x04, start + 6);
    writeFileSync(cacheFile(dir), b);
    // Another note changes, so this open saves the file: with the damaged record left out.
    writeFileSync(path.join(dir, 'a.md'), '# A again\n\n[[sub/c]]\n');
    await settle();
    const saving = await NodeVault.open(dir);
    expect(saving.metadataCacheReport).toMatchObject({ loaded: 'ok', reused: 2, parsed: 1, saved: 'yes' });
    const next = await NodeVault.open(dir);
    expect(next.metadataCacheReport).toMatchObject({ loaded: 'ok', reused: 2, parsed: 1, saved: 'yes' });
    expect(next.metadata('sub/c.md')?.links.map((l) => l.link)).toEqual(['missing']);
    expect((await NodeVault.open(dir)).metadataCacheReport).toMatchObject({ loaded: 'ok', reused: 3, parsed: 0, saved: 'unchanged' });
  });

  it('reads no record of a cache file saved by another open since (its records are read when first asked for)', async () => {
    const { dir } = await vaultWithCache();
    const first = await NodeVault.open(dir);
    expect(first.metadataCacheReport).toMatchObject({ loaded: 'ok', reused: 3 });
    // Another process changes a note and saves a new file before this vault asks for any record.
    writeFileSync(path.join(dir, 'b.md'), '# Other\n\nNow [[sub/c]] only.\n');
    await settle();
    expect((await NodeVault.open(dir)).metadataCacheReport).toMatchObject({ reused: 2, parsed: 1, saved: 'yes' });
    // The new file's records sit elsewhere: each note answers from itself, as it is now.
    await expectFresh(first, dir);
  });

  it('takes the records only from the file whose index part the open read', async () => {
    const { dir } = await vaultWithCache();
    const part = readIndexPart(cacheFile(dir));
    if (!part) throw new Error('no cache file');
    expect(part.bytes.length).toBe(layoutOf(readFileSync(cacheFile(dir))).recordsAt);
    expect(readRecords(cacheFile(dir), part.bytes, part.size)).toEqual(readFileSync(cacheFile(dir)));
    writeFileSync(path.join(dir, 'a.md'), '# A again\n');
    await settle();
    expect((await NodeVault.open(dir)).metadataCacheReport).toMatchObject({ saved: 'yes' });
    expect(readRecords(cacheFile(dir), part.bytes, part.size)).toBeNull();
  });

  it('reads a note again where the cache file is gone by the time its record is asked for', async () => {
    const { dir } = await vaultWithCache();
    const first = await NodeVault.open(dir);
    await rm(cacheFile(dir));
    await expectFresh(first, dir);
  });

  it('opens a vault whose plugin folder cannot be written, and says why the cache was not saved', async () => {
    tv = await makeTempVault(NOTES);
    await settle();
    // A file where the plugin folder should be: no user can write the cache there, root included.
    await rm(path.join(tv.dir, PLUGIN_FOLDER), { recursive: true });
    writeFileSync(path.join(tv.dir, PLUGIN_FOLDER), 'not a folder');
    const vault = await NodeVault.open(tv.dir);
    expect(vault.metadataCacheReport?.saved).toMatch(/^not written/);
    await expectFresh(vault, tv.dir);
  });

  it.skipIf(process.getuid?.() === 0)('opens a read-only vault without writing anything', async () => {
    tv = await makeTempVault(NOTES);
    await settle();
    const before = await tv.snapshot({ includeConfig: true });
    chmodSync(tv.dir, 0o555);
    const vault = await NodeVault.open(tv.dir);
    expect(vault.metadataCacheReport?.saved).toMatch(/^not written/);
    expect(await tv.snapshot({ includeConfig: true })).toEqual(before);
  });

  it('parses a note that is not valid UTF-8 at every open, with its stray bytes kept', async () => {
    const { dir } = await vaultWithCache();
    writeFileSync(path.join(dir, 'latin.md'), Buffer.from([0x23, 0x20, 0x43, 0x61, 0x66, 0xe9, 0x0a, 0x5b, 0x5b, 0x61, 0x5d, 0x5d]));
    await settle();
    const once = await NodeVault.open(dir);
    const twice = await NodeVault.open(dir);
    expect(twice.metadataCacheReport).toMatchObject({ reused: 3, parsed: 1 });
    expect(twice.metadata('latin.md')?.headings[0]?.heading).toBe('Caf\udce9');
    expect(twice.metadata('latin.md')).toStrictEqual(once.metadata('latin.md'));
  });

  it('creates no plugin folder in a folder that has none', async () => {
    tv = await makeTempVault({ 'a.md': '[[b]]', 'b.md': 'text' });
    await settle();
    const before = await tv.snapshot({ includeConfig: true });
    const vault = await NodeVault.open(tv.dir);
    expect(vault.metadataCacheReport).toMatchObject({ parsed: 2, saved: 'not written: no plugin folder' });
    expect(await tv.snapshot({ includeConfig: true })).toEqual(before);
  });

  it('writes nothing when asked not to use the cache', async () => {
    tv = await makeTempVault(NOTES);
    const vault = await NodeVault.open(tv.dir, { metadataCache: false });
    expect(vault.metadataCacheReport).toBeNull();
    expect(() => statSync(cacheFile(tv?.dir ?? ''))).toThrow();
  });
});
