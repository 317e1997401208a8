// @vitest-environment happy-dom
// The runtime's disk-backed vault (disk-backed-adapter.ts): the mocks' adapter with its files'
// contents in a temp folder, for measurements where the vault's text must not sit in the heap.
// Every vault operation keeps working as the mocks wrote it, and reads come from the disk.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, CapacitorAdapter, type TFile } from 'obsidian-test-mocks/obsidian';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepFilesOnDisk } from './disk-backed-adapter';
import './dom';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reeve-diskvault-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function diskApp(): App {
  const adapter = CapacitorAdapter.create__('/phone-vault', undefined);
  keepFilesOnDisk(adapter, dir);
  return App.createConfigured__({ adapter: adapter.asOriginalType__() });
}

describe('the disk-backed vault of the test runtime', () => {
  it('keeps each file in a file of the temp folder and reads it from there', async () => {
    const app = diskApp();
    const file = await app.vault.create('Notes/One.md', '# One\nfirst text');
    const onDisk = path.join(dir, 'text', 'Notes', 'One.md');
    expect(await readFile(onDisk, 'utf8')).toBe('# One\nfirst text');
    expect(await app.vault.cachedRead(file)).toBe('# One\nfirst text');
    // A change made behind the adapter's back is what the next read returns: nothing is cached.
    await writeFile(onDisk, 'changed on disk');
    expect(await app.vault.read(file)).toBe('changed on disk');
    expect(await app.vault.adapter.stat('Notes/One.md')).toMatchObject({ type: 'file' });
  });

  it('modifies, renames, lists and deletes as the in-memory adapter does', async () => {
    const app = diskApp();
    const file = await app.vault.create('A/n.md', 'one');
    await app.vault.process(file, (t) => `${t} two`);
    expect(await app.vault.read(file)).toBe('one two');
    await app.vault.adapter.rename('A/n.md', 'B/m.md');
    expect(existsSync(path.join(dir, 'text', 'A', 'n.md'))).toBe(false);
    expect(await readFile(path.join(dir, 'text', 'B', 'm.md'), 'utf8')).toBe('one two');
    expect((await app.vault.adapter.list('B')).files).toEqual(['B/m.md']);
    expect(await app.vault.adapter.exists('A/n.md')).toBe(false);
    await app.vault.adapter.remove('B/m.md');
    expect(existsSync(path.join(dir, 'text', 'B', 'm.md'))).toBe(false);
    expect(await app.vault.adapter.exists('B/m.md')).toBe(false);
  });

  it('keeps binary files on disk as well, and reads back a buffer of their own', async () => {
    const app = diskApp();
    const bytes = new Uint8Array([1, 2, 3, 250]);
    const file: TFile = await app.vault.createBinary('img.bin', bytes.buffer);
    expect([...new Uint8Array(await readFile(path.join(dir, 'binary', 'img.bin')))]).toEqual([1, 2, 3, 250]);
    const back = await app.vault.readBinary(file);
    expect(back.byteLength).toBe(4);
    expect([...new Uint8Array(back)]).toEqual([1, 2, 3, 250]);
  });

  it('refuses an adapter that already holds files', () => {
    const adapter = CapacitorAdapter.create__('/v', undefined);
    adapter.writeSync__('x.md', 'x');
    expect(() => keepFilesOnDisk(adapter, dir)).toThrow(/already holds files/);
  });
});
