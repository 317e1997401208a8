// The Node vault catching up with another program's changes (NodeVault.catchUp, vault-catch-up.ts)
// on real files in a temp folder, and how often a long-lived server does it (DiskFollower): what
// `reeve mcp` rests on to stay current for hours.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskFollower } from '../../src/vault-vfs/node/disk-follower';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import type { VaultChange } from '../../src/vault-vfs/vault-port';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  await vault?.cleanup();
  vault = null;
});

async function opened(files: Record<string, string>): Promise<{ v: NodeVault; dir: string; heard: VaultChange[] }> {
  vault = await makeTempVault(files);
  const v = await NodeVault.open(vault.dir, { metadataCache: false });
  const heard: VaultChange[] = [];
  v.onChange((c) => heard.push(c));
  return { v, dir: vault.dir, heard };
}

const byPath = (a: VaultChange, b: VaultChange): number => a.path.localeCompare(b.path);

describe('NodeVault.catchUp', () => {
  it('takes in created, edited, renamed and deleted notes and folders, and announces each change', async () => {
    const { v, dir, heard } = await opened({ 'A.md': '# A\n[[B]] #one\n', 'B.md': 'b\n', 'Old/C.md': 'c\n', 'D.md': 'd\n' });
    await writeFile(path.join(dir, 'A.md'), '# A\n[[New/N]] #two\n');
    await mkdir(path.join(dir, 'New'));
    await writeFile(path.join(dir, 'New/N.md'), '# N\n#three\n');
    await rm(path.join(dir, 'Old'), { recursive: true });
    await rename(path.join(dir, 'D.md'), path.join(dir, 'E.md'));
    const changes = await v.catchUp();
    const expected: VaultChange[] = [
      { type: 'modify', path: 'A.md' },
      { type: 'delete', path: 'D.md', kind: 'file' },
      { type: 'create', path: 'E.md', kind: 'file' },
      { type: 'create', path: 'New', kind: 'folder' },
      { type: 'create', path: 'New/N.md', kind: 'file' },
      { type: 'delete', path: 'Old', kind: 'folder' },
    ];
    expect([...changes].sort(byPath)).toEqual(expected.sort(byPath));
    expect(heard).toEqual(changes);
    expect((await v.list()).map((e) => e.path)).toEqual(['A.md', 'B.md', 'E.md', 'New', 'New/N.md']);
    expect(v.metadata('A.md')?.tags?.map((t) => t.tag)).toEqual(['#two']);
    expect(v.metadata('New/N.md')?.tags?.map((t) => t.tag)).toEqual(['#three']);
    expect(v.resolvedLinks()['A.md']).toEqual({ 'New/N.md': 1 });
    expect(v.backlinks('B.md')).toEqual([]);
    expect(v.metadata('Old/C.md')).toBeNull();
  });

  it('finds nothing when nothing changed, and never reports the vault\'s own writes again', async () => {
    const { v } = await opened({ 'A.md': 'a\n' });
    expect(await v.catchUp()).toEqual([]);
    await v.create('Made here.md', 'x\n');
    await v.process('A.md', (t) => `${t}more\n`);
    await v.createFolder('Folder here');
    expect(await v.catchUp()).toEqual([]);
  });

  it('sees an edit that keeps the size (a new mtime) and one that keeps the mtime (a new size)', async () => {
    const { v, dir } = await opened({ 'A.md': 'aaaa\n' });
    const abs = path.join(dir, 'A.md');
    await writeFile(abs, 'bbbb\n');
    const { utimes } = await import('node:fs/promises');
    await utimes(abs, new Date(), new Date(Date.now() + 5_000));
    expect(await v.catchUp()).toEqual([{ type: 'modify', path: 'A.md' }]);
    expect(await v.read('A.md')).toBe('bbbb\n');
  });
});

describe('DiskFollower', () => {
  function follower(costMs: number): { f: DiskFollower; runs: () => number; clock: { t: number } } {
    const clock = { t: 0 };
    let runs = 0;
    const f = new DiskFollower(
      async () => {
        runs++;
        await Promise.resolve();
        clock.t += costMs;
      },
      { minGapMs: 200, costFactor: 4, now: () => clock.t },
    );
    return { f, runs: () => runs, clock };
  }

  it('catches up once for a flood of calls, not again within the gap, and again after it', async () => {
    const { f, runs, clock } = follower(10);
    await Promise.all(Array.from({ length: 100 }, () => f.current()));
    expect(runs()).toBe(1);
    clock.t += 150;
    await f.current();
    expect(runs()).toBe(1);
    clock.t += 60;
    await f.current();
    expect(runs()).toBe(2);
  });

  it('widens the gap with what a catch-up costs, so catching up takes a bounded share of the time', async () => {
    const { f, runs, clock } = follower(500);
    await f.current();
    expect(f.stats).toEqual({ catchUps: 1, lastCostMs: 500, gapMs: 2000 });
    clock.t += 1999;
    await f.current();
    expect(runs()).toBe(1);
    clock.t += 1;
    await f.current();
    expect(runs()).toBe(2);
  });

  it('passes on a catch-up that failed, and tries again at the next call after the gap', async () => {
    let fail = true;
    const clock = { t: 0 };
    const f = new DiskFollower(() => (fail ? Promise.reject(new Error('the vault folder is gone')) : Promise.resolve()), { now: () => clock.t });
    await expect(f.current()).rejects.toThrow('the vault folder is gone');
    fail = false;
    clock.t += 1000;
    await expect(f.current()).resolves.toBeUndefined();
  });
});
