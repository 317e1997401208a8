// Atomic writes on real files: several files replaced with overlapped syncs either all land, or
// (when a temp file cannot be written) none of the targets changes and no temp file is left.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic, writeFilesAtomic } from '../../../src/vault-vfs/node/atomic-write';

let dir = '';
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reeve-atomic-'));
  await fs.mkdir(path.join(dir, 'sub'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const listing = async (): Promise<string[]> => (await fs.readdir(dir, { recursive: true })).map(String).sort();

describe('writeFilesAtomic', () => {
  it('replaces every file, in several folders', async () => {
    await fs.writeFile(path.join(dir, 'a.md'), 'old a');
    await writeFilesAtomic([
      { target: path.join(dir, 'a.md'), data: 'new a' },
      { target: path.join(dir, 'sub', 'b.md'), data: new TextEncoder().encode('new b') },
      { target: path.join(dir, 'c.md'), data: 'new c' },
    ]);
    expect(await fs.readFile(path.join(dir, 'a.md'), 'utf8')).toBe('new a');
    expect(await fs.readFile(path.join(dir, 'sub', 'b.md'), 'utf8')).toBe('new b');
    expect(await listing()).toEqual(['a.md', 'c.md', 'sub', 'sub/b.md']);
  });

  it('changes no target and leaves no temp file when one cannot be written', async () => {
    await fs.writeFile(path.join(dir, 'a.md'), 'old a');
    await fs.writeFile(path.join(dir, 'sub', 'b.md'), 'old b');
    const files = [
      { target: path.join(dir, 'a.md'), data: 'new a' },
      { target: path.join(dir, 'missing-folder', 'x.md'), data: 'x' },
      { target: path.join(dir, 'sub', 'b.md'), data: 'new b' },
    ];
    await expect(writeFilesAtomic(files)).rejects.toThrow(/ENOENT/);
    expect(await fs.readFile(path.join(dir, 'a.md'), 'utf8')).toBe('old a');
    expect(await fs.readFile(path.join(dir, 'sub', 'b.md'), 'utf8')).toBe('old b');
    expect(await listing()).toEqual(['a.md', 'sub', 'sub/b.md']);
  });

  it('writes one file as writeFileAtomic does', async () => {
    await writeFileAtomic(path.join(dir, 'one.md'), 'text');
    await writeFilesAtomic([{ target: path.join(dir, 'two.md'), data: 'text' }]);
    expect(await fs.readFile(path.join(dir, 'one.md'), 'utf8')).toBe(await fs.readFile(path.join(dir, 'two.md'), 'utf8'));
    expect(await listing()).toEqual(['one.md', 'sub', 'two.md']);
  });
});
