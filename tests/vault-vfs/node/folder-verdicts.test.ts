// The Node adapter's containment check with folder verdicts kept for a job (vault-fs.ts,
// containedByFolder): a stat, existence or hash in a folder already checked costs one lstat, and
// still nothing is written, moved or read as text through a link out of the vault, whenever the
// link appeared: a folder the vault moved is checked afresh, and a folder replaced by a link in
// the middle of a job stops the job before anything goes through the link.
import { promises as fs, renameSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../../src/edits/journal/execute-job';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { UnsafePathError } from '../../../src/vault-vfs/vault-port';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';

const made: TempVault[] = [];
afterEach(async () => {
  for (const tv of made.splice(0)) await tv.cleanup();
});

async function temp(files: Record<string, string>): Promise<TempVault> {
  const tv = await makeTempVault(files);
  made.push(tv);
  return tv;
}

/** Moves the vault's folder `name` out of the vault, into `outside`, and leaves a link to it in its place. */
async function replaceByLinkOut(vault: TempVault, name: string, outside: TempVault): Promise<void> {
  await fs.rename(path.join(vault.dir, name), path.join(outside.dir, name));
  await fs.symlink(path.join(outside.dir, name), path.join(vault.dir, name), 'dir');
}

describe('folder verdicts kept for a job', () => {
  it('checks afresh a folder the vault moved: a link later put in its place is refused', async () => {
    const outside = await temp({ 'Elsewhere/secret.md': 'outside' });
    const tv = await temp({ 'F/a.md': 'a', 'in.md': 'in' });
    const v = await NodeVault.open(tv.dir);
    await v.withFolderVerdicts(async () => {
      expect(await v.exists('F/a.md')).toBe(true);
      expect(await v.stat('F/missing.md')).toBeNull();
      await v.rename('F', 'G');
      await fs.symlink(path.join(outside.dir, 'Elsewhere'), path.join(tv.dir, 'F'), 'dir');
      await expect(v.exists('F/secret.md')).rejects.toThrow(UnsafePathError);
      await expect(v.stat('F/secret.md')).rejects.toThrow('leads outside the vault');
      await expect(v.hashFile('F/secret.md')).rejects.toThrow('leads outside the vault');
    });
  });

  it('checks afresh a folder the vault removed', async () => {
    const outside = await temp({ 'Elsewhere/secret.md': 'outside' });
    const tv = await temp({ 'in.md': 'in' });
    const v = await NodeVault.open(tv.dir);
    await v.createFolder('E');
    await v.withFolderVerdicts(async () => {
      expect(await v.exists('E/x.md')).toBe(false);
      await v.removeEmptyFolder('E');
      await fs.symlink(path.join(outside.dir, 'Elsewhere'), path.join(tv.dir, 'E'), 'dir');
      await expect(v.exists('E/secret.md')).rejects.toThrow('leads outside the vault');
    });
  });

  it('reads no text and writes nothing through a folder replaced by a link after its verdict', async () => {
    const outside = await temp({});
    const tv = await temp({ 'F/a.md': 'a', 'b.md': 'see [[a]]' });
    const v = await NodeVault.open(tv.dir);
    await v.withFolderVerdicts(async () => {
      expect(await v.exists('F/a.md')).toBe(true);
      await replaceByLinkOut(tv, 'F', outside);
      await expect(v.read('F/a.md')).rejects.toThrow('leads outside the vault');
      await expect(v.process('F/a.md', (t) => t + '!')).rejects.toThrow('leads outside the vault');
      await expect(v.create('F/new.md', 'x')).rejects.toThrow('leads outside the vault');
      await expect(v.rename('F/a.md', 'a.md')).rejects.toThrow('leads outside the vault');
    });
    expect(await fs.readdir(path.join(outside.dir, 'F'))).toEqual(['a.md']);
    expect(await fs.readFile(path.join(outside.dir, 'F', 'a.md'), 'utf8')).toBe('a');
    expect(await tv.read('b.md')).toBe('see [[a]]');
  });

  it('refuses a rename whose link rewrite would be written through a folder replaced by a link, before anything moves', async () => {
    const outside = await temp({});
    const tv = await temp({ 'A/target.md': 'target', 'B/linker.md': 'see [[target]]' });
    const v = await NodeVault.open(tv.dir);
    await replaceByLinkOut(tv, 'B', outside);
    await expect(v.rename('A/target.md', 'A/renamed.md')).rejects.toThrow('leads outside the vault');
    expect(await fs.readFile(path.join(outside.dir, 'B', 'linker.md'), 'utf8')).toBe('see [[target]]');
    expect(await fs.readdir(path.join(tv.dir, 'A'))).toEqual(['target.md']);
  });

  it('stops a job, and rolls it back, when a folder of a later step is replaced by a link out of the vault mid-job', async () => {
    const outside = await temp({});
    const tv = await temp({ '.obsidian/app.json': '{}', 'A/one.md': 'one, see [[two]]', 'B/two.md': 'two', 'B/three.md': 'three' });
    const v = await NodeVault.open(tv.dir);
    let swapped = false;
    v.onChange((c) => {
      if (c.type !== 'rename' || swapped) return;
      swapped = true;
      // Another program, right after the job's first move: B (checked when the job was recorded) leaves the vault.
      renameSync(path.join(tv.dir, 'B'), path.join(outside.dir, 'B'));
      symlinkSync(path.join(outside.dir, 'B'), path.join(tv.dir, 'B'), 'dir');
    });
    const report = await executeJob(
      v,
      {
        description: 'renames',
        operations: [
          { opId: 'o1', type: 'rename', source: 'A/one.md', destination: 'A/uno.md' },
          { opId: 'o2', type: 'rename', source: 'B/three.md', destination: 'B/tres.md' },
        ],
      },
      { batchSize: 1 },
    );
    expect(swapped).toBe(true);
    expect(report.failure?.reason).toContain('leads outside the vault');
    expect(report.state).toBe('reverted');
    // Nothing went through the link: the folder that left the vault is as it was.
    expect(await fs.readdir(path.join(outside.dir, 'B'))).toEqual(['three.md', 'two.md']);
    expect(await fs.readFile(path.join(outside.dir, 'B', 'three.md'), 'utf8')).toBe('three');
    // The first move was put back.
    expect(await fs.readdir(path.join(tv.dir, 'A'))).toEqual(['one.md']);
    expect(await tv.read('A/one.md')).toBe('one, see [[two]]');
  });
});

describe('held link rewrites', () => {
  it('writes nothing through a folder replaced by a link out of the vault after the rename held its text', async () => {
    const outside = await temp({});
    const tv = await temp({ 'A/target.md': 'target', 'B/linker.md': 'see [[A/target]]' });
    const v = await NodeVault.open(tv.dir);
    await v.rename('A/target.md', 'A/renamed.md', { recordedNotes: new Set(['B/linker.md']) });
    expect(v.heldNotes()).toEqual(['B/linker.md']);
    // The held text is the vault's own: read without looking at the disk.
    expect(await v.read('B/linker.md')).toBe('see [[renamed]]');
    await replaceByLinkOut(tv, 'B', outside);
    expect(await v.read('B/linker.md')).toBe('see [[renamed]]');
    await expect(v.syncDeferredWrites()).rejects.toThrow('leads outside the vault');
    expect(await fs.readFile(path.join(outside.dir, 'B', 'linker.md'), 'utf8')).toBe('see [[A/target]]');
    expect(await fs.readdir(path.join(outside.dir, 'B'))).toEqual(['linker.md']);
    expect(v.heldNotes()).toEqual(['B/linker.md']);
  });
});
