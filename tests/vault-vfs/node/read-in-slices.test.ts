// The open's reads: in order, vanished files skipped, real failures reported, and the event loop
// gets its turns between slices.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readInSlices } from '../../../src/vault-vfs/node/read-in-slices';

let dir = '';
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reeve-slices-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('readInSlices', () => {
  it('hands over every file in order, null for one that vanished', async () => {
    const files = ['a.md', 'gone.md', 'c.md'].map((f) => path.join(dir, f));
    await fs.writeFile(files[0] as string, 'A');
    await fs.writeFile(files[2] as string, 'Ç');
    const seen: [number, string | null][] = [];
    await readInSlices(files, (i, bytes) => seen.push([i, bytes ? bytes.toString('utf8') : null]));
    expect(seen).toEqual([
      [0, 'A'],
      [1, null],
      [2, 'Ç'],
    ]);
  });

  it('rejects on a failure other than a missing file', async () => {
    await fs.mkdir(path.join(dir, 'folder.md'));
    await expect(readInSlices([path.join(dir, 'folder.md')], () => undefined)).rejects.toThrow(/EISDIR/);
  });

  it('lets the event loop run between slices', async () => {
    const files: string[] = [];
    for (let i = 0; i < 5; i++) {
      files.push(path.join(dir, `${i}.md`));
      await fs.writeFile(files[i] as string, 'x');
    }
    const order: string[] = [];
    setImmediate(() => order.push('event loop'));
    await readInSlices(files, (i) => order.push(`file ${i}`), 0);
    expect(order.indexOf('event loop')).toBeGreaterThan(0);
    expect(order.indexOf('event loop')).toBeLessThan(order.length - 1);
  });
});
