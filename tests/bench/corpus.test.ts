import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus, writeCorpus } from '../../bench/corpus';

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
});
