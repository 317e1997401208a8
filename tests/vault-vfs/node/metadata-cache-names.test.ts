// The metadata cache finds a note's record by its file's number in the cached file table
// (metadata-cache-file.ts). A file name that is not well-formed UTF-16 (a lone surrogate, which a
// Windows disk can hold and UTF-8 cannot carry) is written into that table with U+FFFD: such a
// note is parsed at every open, no cached link target is trusted, and every other note's record
// is still found. Linux disks cannot hold such a name, so the cache is driven directly, over a real
// state folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import { MetadataCache } from '../../../src/vault-vfs/node/metadata-cache';
import { wellFormed } from '../../../src/vault-vfs/node/metadata-cache-file';
import { NodeStateStore } from '../../../src/vault-vfs/node/node-state-store';

const LONE = 'b\uD800.md';
const FILES = ['a.md', LONE, 'c.md', 'pic.png'];
const TEXT: Record<string, string> = { 'a.md': '# A\n\n[[c]] and [[b]]\n', [LONE]: 'lone [[a]]\n', 'c.md': 'plain #tag\n' };
const STAMP = { size: 10, mtime: 1_000_000_001, changed: 1_000_000_002 };

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const reparse = (p: string): ReturnType<typeof parseMarkdown> => parseMarkdown(TEXT[p] ?? '');

describe('metadata cache with a file name that is not well-formed UTF-16', () => {
  it('wellFormed replaces lone surrogates only', () => {
    expect(wellFormed('a\uD83D\uDE00b')).toBe('a\uD83D\uDE00b');
    expect(wellFormed('a\uD800b\uDC00')).toBe('a\uFFFDb\uFFFD');
    expect(wellFormed('\uDE00\uD83D')).toBe('\uFFFD\uFFFD');
    expect(wellFormed('plain')).toBe('plain');
  });

  it('caches every other note, parses that one at every open, and trusts no cached target', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'reeve-cache-names-'));
    const state = new NodeStateStore(dir);
    const first = await MetadataCache.load(state, Date.now());
    expect(first.loaded).toBe('missing');
    first.setFiles(FILES, reparse);
    FILES.forEach((p, k) => {
      if (p.endsWith('.md')) first.add(k, p, STAMP, parseMarkdown(TEXT[p] ?? ''));
    });
    const saved = await first.save(state, true, () => [null, null]);
    expect(saved).toMatchObject({ parsed: 3, saved: 'yes' });

    const second = await MetadataCache.load(state, Date.now());
    expect(second.loaded).toBe('ok');
    second.setFiles(FILES, reparse);
    const a = second.reuse(0, 'a.md', STAMP.size, STAMP.mtime, STAMP.changed);
    const c = second.reuse(2, 'c.md', STAMP.size, STAMP.mtime, STAMP.changed);
    expect(second.reuse(1, LONE, STAMP.size, STAMP.mtime, STAMP.changed)).toBeNull();
    expect(a?.load()).toStrictEqual(parseMarkdown(TEXT['a.md'] ?? ''));
    expect(c?.load()).toStrictEqual(parseMarkdown(TEXT['c.md'] ?? ''));
    expect(a?.linkpaths).toEqual(['c', 'b']);
    // The table names a file as it is not: a link to any name may resolve differently now.
    expect(a?.linksHold).toBe(false);
    expect(c?.linksHold).toBe(true); // no links
    // A stamp that moved is not the cached file.
    expect(second.reuse(2, 'c.md', STAMP.size + 1, STAMP.mtime, STAMP.changed)).toBeNull();
  });
});
