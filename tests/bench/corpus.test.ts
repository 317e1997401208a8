import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyCachedCorpus, corpusCacheDir, generateCorpus, writeCorpus } from '../../bench/corpus';

describe('corpus generator', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = [...generateCorpus({ notes: 50, seed: 7 })];
    const b = [...generateCorpus({ notes: 50, seed: 7 })];
    const c = [...generateCorpus({ notes: 50, seed: 8 })];
    expect(a.map((f) => f.path)).toEqual(b.map((f) => f.path));
    expect(a.map((f) => f.data)).toEqual(b.map((f) => f.data));
    expect(a.map((f) => f.path)).not.toEqual(c.map((f) => f.path));
  });

  it('has the realistic mix the benchmarks rely on', () => {
    const files = [...generateCorpus({ notes: 2000, seed: 1 })];
    const notes = files.filter((f) => f.path.endsWith('.md'));
    const texts = notes.map((f) => f.data as string);
    expect(notes).toHaveLength(2000);
    const sizes = texts.map((t) => Buffer.byteLength(t));
    expect(Math.min(...sizes)).toBeLessThan(1000);
    expect(Math.max(...sizes)).toBeGreaterThan(50_000);
    expect(new Set(notes.map((n) => n.path.toLowerCase())).size).toBe(notes.length);
    expect(texts.every((t) => t.startsWith('---\ntype: '))).toBe(true);
    expect(texts.some((t) => t.includes('[[Missing note'))).toBe(true);
    expect(texts.some((t) => /\]\([^)]*%20/.test(t))).toBe(true);
    expect(texts.some((t) => t.includes('![['))).toBe(true);
    expect(texts.some((t) => t.includes('#area/'))).toBe(true);
    expect(notes.some((n) => /^Daily\/\d{4}-\d{2}-\d{2}\.md$/.test(n.path))).toBe(true);
    expect(notes.some((n) => [...n.path].some((c) => c.charCodeAt(0) > 127))).toBe(true);
    expect(files.some((f) => f.path.endsWith('.png'))).toBe(true);
    expect(files.some((f) => f.path.endsWith('.pdf'))).toBe(true);
  });

  it('writes the files to disk', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'reeve-corpus-'));
    try {
      const { files } = await writeCorpus(dir, { notes: 30, seed: 3 });
      const daily = await readdir(dir);
      expect(files).toBeGreaterThan(30);
      expect(daily.length).toBeGreaterThan(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a cached corpus is generated once and copied: the same files and bytes as generating it, and a copy written to leaves the cache as generated', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'reeve-corpus-cache-'));
    try {
      const opts = { notes: 60, seed: 5 };
      const cache = corpusCacheDir(opts, path.join(dir, 'cache'));
      const first = await copyCachedCorpus(path.join(dir, 'a'), opts, cache);
      const expected = [...generateCorpus(opts)];
      const bytesOf = (d: string | Uint8Array): Buffer => Buffer.from(typeof d === 'string' ? Buffer.from(d) : d);
      expect(first).toEqual({ files: expected.length, bytes: expected.reduce((n, f) => n + bytesOf(f.data).length, 0) });
      const target = expected[0]?.path as string;
      // A workload writes into its copy (in place, not by replacing the file).
      await writeFile(path.join(dir, 'a', target), 'changed in place');
      const second = await copyCachedCorpus(path.join(dir, 'b'), opts, cache);
      expect(second).toEqual(first);
      for (const f of expected) expect((await readFile(path.join(dir, 'b', f.path))).equals(bytesOf(f.data))).toBe(true);
      // Nothing but the corpus in the copy (the cache's own completion mark stays in the cache).
      expect((await readdir(path.join(dir, 'b'), { recursive: true })).filter((n) => !n.includes('/') && !n.includes('\\')).sort()).toEqual((await readdir(path.join(dir, 'a'))).sort());
      expect(await readdir(path.join(dir, 'b'))).not.toContain('.complete.json');
      // Another seed, or another generator, is another cache folder.
      expect(corpusCacheDir({ notes: 60, seed: 6 }, path.join(dir, 'cache'))).not.toBe(cache);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
