import { mkdir, mkdtemp, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { INDEX_FOLDER, shardFileName } from '../../../src/search/keyword/index-store';
import { VaultIndexer } from '../../../src/search/keyword/vault-indexer';

let dir: string;

async function put(rel: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await writeFile(path.join(dir, rel), data);
}

async function seed(): Promise<void> {
  await put(
    'Projects/Garden.md',
    '---\ntags: [outdoor, spring]\naliases: [Allotment]\nauthor: Ada Lovelace\n---\n# Watering schedule\nTomatoes need sun. #veg\n',
  );
  await put('Projects/Kitchen.md', '# Bread\nSourdough starter notes.\n```\nhiddenincode\n```\n');
  await put('Daily/2024-01-31.md', 'Met Bob about the budget.\n');
  await put('Attachments/Invoice scan.pdf', new Uint8Array([0x25, 0x50, 0x44, 0x46]));
  for (let i = 0; i < 40; i++) await put(`Bulk/Note ${i}.md`, `filler text number${i} ${'lorem ipsum '.repeat(i)}`);
}

function found(ix: VaultIndexer, query: string, exact = false): string[] {
  return ix.search(query, { limit: 50, prefix: !exact, fuzzy: !exact }).map((h) => h.path);
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reeve-kwvault-'));
  await seed();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('VaultIndexer on a NodeVault', () => {
  it('indexes names, headings, tags, aliases, frontmatter values and text; other files by name', async () => {
    const ix = new VaultIndexer(await NodeVault.open(dir));
    await ix.start();
    expect(ix.phase).toBe('ready');
    expect(ix.stats.documents).toBe(44);
    expect(found(ix, 'garden')[0]).toBe('Projects/Garden.md');
    for (const q of ['watering', 'outdoor', 'veg', 'allotment', 'lovelace', 'tomatoes']) expect(found(ix, q)).toContain('Projects/Garden.md');
    expect(found(ix, 'invoice')).toEqual(['Attachments/Invoice scan.pdf']);
    expect(found(ix, 'pdf')).toEqual(['Attachments/Invoice scan.pdf']);
    expect(found(ix, '2024 01 31')[0]).toBe('Daily/2024-01-31.md');
    // Frontmatter keys are the same in every note: not indexed.
    expect(found(ix, 'aliases')).toEqual([]);
    expect(ix.score('sourdough', 'Projects/Kitchen.md')).toBeGreaterThan(0);
    await ix.stop();
  });

  it('follows creates, edits, renames and deletions of files and folders', async () => {
    const vault = await NodeVault.open(dir);
    const ix = new VaultIndexer(vault, { saveDelayMs: 10 });
    await ix.start();
    await vault.create('Inbox/Walrus facts.md', 'Tusks and whiskers.');
    await vault.process('Projects/Kitchen.md', (t) => t.replace('Sourdough', 'Focaccia'));
    await vault.rename('Daily/2024-01-31.md', 'Daily/Budget meeting.md');
    await vault.rename('Bulk', 'Archive/Bulk');
    await vault.trash('Attachments/Invoice scan.pdf');
    await ix.flush();
    expect(found(ix, 'tusks')).toEqual(['Inbox/Walrus facts.md']);
    expect(found(ix, 'focaccia')).toEqual(['Projects/Kitchen.md']);
    expect(found(ix, 'sourdough')).toEqual([]);
    expect(found(ix, 'budget meeting')[0]).toBe('Daily/Budget meeting.md');
    expect(ix.index.has('Daily/2024-01-31.md')).toBe(false);
    expect(found(ix, 'number7', true)).toEqual(['Archive/Bulk/Note 7.md']);
    expect(ix.index.paths().filter((p) => p.startsWith('Bulk/'))).toEqual([]);
    expect(found(ix, 'invoice')).toEqual([]);
    const trashed = await vault.trash('Archive');
    await ix.flush();
    expect(found(ix, 'number7', true)).toEqual([]);
    expect(ix.stats.documents).toBe(4);
    // A folder that comes back (here from the trash) brings its files back into the index.
    await vault.restoreFromTrash(trashed, 'Restored');
    await ix.flush();
    expect(found(ix, 'number7', true)).toEqual(['Restored/Bulk/Note 7.md']);
    expect(ix.stats.documents).toBe(44);
    await ix.stop();
  });

  it('does not lose changes made while the first build runs', async () => {
    const vault = await NodeVault.open(dir);
    const ix = new VaultIndexer(vault, { sliceMs: 0 });
    const started = ix.start();
    await vault.create('Late.md', 'arrived during the build');
    await vault.process('Projects/Garden.md', (t) => `${t}\nzucchini`);
    await started;
    await ix.settled();
    expect(found(ix, 'arrived')).toEqual(['Late.md']);
    expect(found(ix, 'zucchini')).toEqual(['Projects/Garden.md']);
    await ix.stop();
  });

  it('starts warm from its saved shards and re-reads only what changed while it was closed', async () => {
    const first = new VaultIndexer(await NodeVault.open(dir));
    await first.start();
    await first.stop();
    const before = found(first, 'lorem');

    await put('Projects/Kitchen.md', '# Bread\nRye and spelt, a longer text than before.\n');
    await unlink(path.join(dir, 'Daily/2024-01-31.md'));
    await put('New.md', 'brand new note');

    const second = new VaultIndexer(await NodeVault.open(dir));
    await second.start();
    expect(second.stats.load).toMatchObject({ loaded: 64, discarded: [] });
    expect(second.stats.indexed).toBe(2);
    expect(found(second, 'spelt')).toEqual(['Projects/Kitchen.md']);
    expect(found(second, 'sourdough')).toEqual([]);
    expect(second.index.has('Daily/2024-01-31.md')).toBe(false);
    expect(found(second, 'brand')).toEqual(['New.md']);
    expect(found(second, 'lorem')).toEqual(before);
    await second.stop();
  });

  it('rebuilds only the documents of a corrupt shard', async () => {
    const first = new VaultIndexer(await NodeVault.open(dir));
    await first.start();
    await first.stop();
    const victim = first.index.shardFor('Projects/Garden.md');
    const inVictim = first.index.paths().filter((p) => first.index.shardFor(p) === victim).length;
    await writeFile(path.join(dir, '.obsidian/plugins/reeve', shardFileName(victim)), new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]));

    const second = new VaultIndexer(await NodeVault.open(dir));
    await second.start();
    expect(second.stats.load?.discarded.map((d) => d.name)).toEqual([shardFileName(victim)]);
    expect(second.stats.indexed).toBe(inVictim);
    expect(found(second, 'allotment')).toEqual(['Projects/Garden.md']);
    await second.stop();
    const third = new VaultIndexer(await NodeVault.open(dir));
    await third.start();
    expect(third.stats.load).toMatchObject({ loaded: 64, discarded: [] });
    expect(third.stats.indexed).toBe(0);
  });

  it('keeps the event loop turning while it builds', async () => {
    const ix = new VaultIndexer(await NodeVault.open(dir), { sliceMs: 0, persist: false });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await ix.start();
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
    expect(ix.slicer.yields).toBeGreaterThan(5);
    expect(ix.stats.longestBlockMs).toBeGreaterThan(0);
  });

  it('saves nothing with persist off, and a stop mid-build keeps what was indexed', async () => {
    const quiet = new VaultIndexer(await NodeVault.open(dir), { persist: false });
    await quiet.start();
    await quiet.stop();
    expect(await readdir(path.join(dir, '.obsidian')).catch(() => [])).toEqual([]);

    const vault = await NodeVault.open(dir);
    const ix = new VaultIndexer(vault, { sliceMs: 0, readConcurrency: 1 });
    const started = ix.start();
    await ix.searchable;
    await new Promise((r) => setTimeout(r, 5));
    await ix.stop();
    await started;
    expect(ix.phase).toBe('stopped');
    const saved = await readdir(path.join(dir, '.obsidian/plugins/reeve', INDEX_FOLDER));
    expect(saved.length).toBeGreaterThan(0);
    const next = new VaultIndexer(await NodeVault.open(dir));
    await next.start();
    expect(next.stats.documents).toBe(44);
    expect(next.stats.indexed).toBe(44 - ix.stats.documents);
  });
});
