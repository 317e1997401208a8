// The Node adapter on real files: atomic, stale-refusing writes, trash, symlinks, case collisions.
import { promises as fs, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { StaleWriteError, UnsafePathError, type VaultChange, VaultFileNotFoundError, VaultPathExistsError } from '../../../src/vault-vfs/vault-port';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';

let tv: TempVault | undefined;
afterEach(async () => {
  await tv?.cleanup();
  tv = undefined;
});

async function open(files: Record<string, string | Uint8Array>): Promise<NodeVault> {
  tv = await makeTempVault(files);
  return NodeVault.open(tv.dir);
}

describe('NodeVault: listing and reading', () => {
  it('lists files with stat and folders, skipping the config folder, .trash and temp files', async () => {
    const v = await open({
      'a.md': 'A',
      'Sub/b.png': new Uint8Array([1, 2, 3]),
      '.obsidian/app.json': '{}',
      '.trash/old.md': 'old',
      'Sub/.b.md.x1.reeve-tmp': 'partial',
      '.eslintrc': 'hidden',
    });
    const entries = await v.list();
    expect(entries.map((e) => `${e.kind}:${e.path}`)).toEqual(['file:.eslintrc', 'folder:Sub', 'file:Sub/b.png', 'file:a.md']);
    const png = entries.find((e) => e.path === 'Sub/b.png');
    expect(png?.kind === 'file' && png.stat.size).toBe(3);
    expect(await v.read('a.md')).toBe('A');
    expect([...(await v.readBinary('Sub/b.png'))]).toEqual([1, 2, 3]);
  });

  it('refuses to read the config folder or anything outside the vault', async () => {
    const v = await open({ '.obsidian/plugins/other/data.json': '{"apiKey":"secret"}' });
    await expect(v.read('.obsidian/plugins/other/data.json')).rejects.toThrow(UnsafePathError);
    await expect(v.read('../x.md')).rejects.toThrow(UnsafePathError);
    await expect(v.read('missing.md')).rejects.toThrow(VaultFileNotFoundError);
  });

  it('never follows a symlink out of the vault', async () => {
    const outside = await makeTempVault({ 'secret.md': 'outside' });
    try {
      tv = await makeTempVault({ 'in.md': 'inside' });
      await fs.symlink(outside.dir, path.join(tv.dir, 'escape'), 'dir');
      await fs.symlink(path.join(outside.dir, 'secret.md'), path.join(tv.dir, 'leak.md'));
      await fs.symlink(path.join(tv.dir, 'in.md'), path.join(tv.dir, 'alias.md'));
      const v = await NodeVault.open(tv.dir);
      expect((await v.list()).map((e) => e.path)).toEqual(['alias.md', 'in.md']);
      await expect(v.read('escape/secret.md')).rejects.toThrow('leads outside the vault');
      await expect(v.read('leak.md')).rejects.toThrow('leads outside the vault');
      await expect(v.create('escape/new.md', 'x')).rejects.toThrow('leads outside the vault');
      expect(await fs.readdir(outside.dir)).toEqual(['secret.md']);
    } finally {
      await outside.cleanup();
    }
  });
});

describe('NodeVault: writes', () => {
  it('process writes atomically and leaves no temp file', async () => {
    const v = await open({ 'n.md': 'one' });
    expect(await v.process('n.md', (t) => t + ' two')).toBe('one two');
    expect(await tv?.read('n.md')).toBe('one two');
    expect(await fs.readdir(tv?.dir ?? '')).toEqual(['n.md']);
  });

  it('process refuses when the file changed under it, and writes nothing', async () => {
    const v = await open({ 'n.md': 'original' });
    await expect(
      v.process('n.md', (t) => {
        // Another program writes while the edit is being computed.
        writeFileSync(path.join(tv?.dir ?? '', 'n.md'), 'someone else');
        return t.toUpperCase();
      }),
    ).rejects.toThrow(StaleWriteError);
    expect(await tv?.read('n.md')).toBe('someone else');
  });

  it('creates files and missing parent folders, and refuses to overwrite, also across case', async () => {
    const v = await open({ 'Notes/A.md': 'a' });
    const events: VaultChange[] = [];
    v.onChange((c) => events.push(c));
    await v.create('New/Deep/x.md', '# X\n[[A]]');
    expect(await tv?.read('New/Deep/x.md')).toBe('# X\n[[A]]');
    expect(events.map((e) => `${e.type}:${e.path}`)).toEqual(['create:New', 'create:New/Deep', 'create:New/Deep/x.md']);
    expect(v.metadata('New/Deep/x.md')?.links.map((l) => l.link)).toEqual(['A']);
    expect(v.resolvedLinks()['New/Deep/x.md']).toEqual({ 'Notes/A.md': 1 });
    await expect(v.create('Notes/A.md', 'b')).rejects.toThrow(VaultPathExistsError);
    await expect(v.create('notes/a.md', 'b')).rejects.toThrow(VaultPathExistsError);
    await expect(v.createFolder('NOTES')).rejects.toThrow(VaultPathExistsError);
    expect(await tv?.read('Notes/A.md')).toBe('a');
  });

  it('refuses illegal and protected paths with the reason', async () => {
    const v = await open({});
    await expect(v.create('a/b?.md', 'x')).rejects.toThrow('refused path "a/b?.md"');
    await expect(v.create('.obsidian/plugins/x.js', 'x')).rejects.toThrow('config folder');
    await expect(v.createFolder('.trash/x')).rejects.toThrow('.trash folder is protected');
    await expect(v.create('/abs.md', 'x')).rejects.toThrow('absolute paths');
  });
});

describe('NodeVault: trash', () => {
  it('moves to .trash keeping the relative path, with unique names, and restores', async () => {
    const v = await open({ 'Sub/n.md': 'first', 'other.md': '[[n]]' });
    expect(await v.trash('Sub/n.md')).toBe('.trash/Sub/n.md');
    await v.create('Sub/n.md', 'second');
    expect(await v.trash('Sub/n.md')).toBe('.trash/Sub/n 2.md');
    expect(v.unresolvedLinks()['other.md']).toEqual({ n: 1 });
    expect(await fs.readFile(path.join(tv?.dir ?? '', '.trash/Sub/n.md'), 'utf8')).toBe('first');
    await v.restoreFromTrash('.trash/Sub/n.md', 'Sub/n.md');
    expect(await v.read('Sub/n.md')).toBe('first');
    expect(v.resolvedLinks()['other.md']).toEqual({ 'Sub/n.md': 1 });
    await expect(v.restoreFromTrash('.trash/Sub/n 2.md', 'Sub/n.md')).rejects.toThrow(VaultPathExistsError);
    await expect(v.restoreFromTrash('Sub/n.md', 'x.md')).rejects.toThrow('not a path inside .trash/');
  });

  it('trashes and restores whole folders', async () => {
    const v = await open({ 'F/a.md': 'a', 'F/G/b.md': 'b' });
    const where = await v.trash('F');
    expect((await v.list()).map((e) => e.path)).toEqual([]);
    await v.restoreFromTrash(where, 'F');
    expect((await v.list()).map((e) => e.path)).toEqual(['F', 'F/G', 'F/G/b.md', 'F/a.md']);
  });

  it('removes only empty folders', async () => {
    const v = await open({ 'F/a.md': 'a' });
    await v.createFolder('Empty');
    await v.removeEmptyFolder('Empty');
    await expect(v.removeEmptyFolder('F')).rejects.toThrow();
    expect((await v.list()).map((e) => e.path)).toEqual(['F', 'F/a.md']);
  });
});

describe('NodeVault: state store', () => {
  it('keeps Reeve state in the config folder, never in the notes', async () => {
    const v = await open({ 'a.md': 'a' });
    await v.state.append('journal/j1.log', 'line 1\n');
    await v.state.append('journal/j1.log', 'line 2\n');
    await v.state.write('index/shard-0.bin', new Uint8Array([9, 8]));
    expect(await v.state.read('journal/j1.log')).toBe('line 1\nline 2\n');
    expect(await v.state.list('journal')).toEqual(['journal/j1.log']);
    expect(await fs.readFile(path.join(tv?.dir ?? '', '.obsidian/plugins/reeve/index/shard-0.bin'))).toEqual(Buffer.from([9, 8]));
    expect((await v.list()).map((e) => e.path)).toEqual(['a.md']);
    await expect(v.state.read('../../app.json')).rejects.toThrow('leaves the plugin folder');
  });
});
