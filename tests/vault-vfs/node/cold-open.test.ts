// A cold open (no metadata cache) keeps each parsed note as its cache record, decoded when asked
// for, as a warm open does: what it answers must be a fresh parse of the note, whether the cache
// was saved, could not be, or is turned off; and what it holds must be about what a warm open
// holds (it held three times as much when it kept every note's metadata as objects).
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../../bench/corpus';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { METADATA_CACHE_FILE } from '../../../src/vault-vfs/node/metadata-cache';

let dir = '';
let notes: string[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reeve-cold-open-'));
  await writeCorpus(dir, { notes: 1500, seed: 5 });
  notes = (await (await NodeVault.open(dir, { metadataCache: false })).list()).filter((e) => e.kind === 'file' && e.path.endsWith('.md')).map((e) => e.path);
  // Lets the files' times fall out of the window the cache treats as racy (see metadata-cache.ts).
  await new Promise((r) => setTimeout(r, 60));
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const pluginFolder = (): string => path.join(dir, '.obsidian', 'plugins', 'reeve');

/** Every 7th note's metadata, as the vault answers it and as a fresh parse of its file gives it. */
function expectParsed(vault: NodeVault): void {
  for (const p of notes.filter((_, i) => i % 7 === 0)) {
    const meta = vault.metadata(p);
    const parsed = parseMarkdown(readFileSync(path.join(dir, p), 'utf8'));
    expect({ ...meta, sections: meta?.sections }).toStrictEqual({ ...parsed, sections: parsed.sections });
  }
}

/** The process's heap (and array buffers) after full collections. */
function heldBytes(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

describe('a cold open', () => {
  it('answers every note as parsed, with the cache saved, not saved, or off', async () => {
    await rm(pluginFolder(), { recursive: true, force: true });
    const unsaved = await NodeVault.open(dir);
    expect(unsaved.metadataCacheReport).toMatchObject({ parsed: notes.length, saved: 'not written: no plugin folder' });
    expectParsed(unsaved);
    const off = await NodeVault.open(dir, { metadataCache: false });
    expectParsed(off);
    await mkdir(pluginFolder(), { recursive: true });
    const saved = await NodeVault.open(dir);
    expect(saved.metadataCacheReport).toMatchObject({ parsed: notes.length, saved: 'yes' });
    expectParsed(saved);
    expect(saved.resolvedLinks()).toEqual(off.resolvedLinks());
    expect(saved.unresolvedLinks()).toEqual(off.unresolvedLinks());
  }, 120_000);

  it('holds about what a warm open holds, and a warm open little beyond its cache file', async () => {
    await mkdir(pluginFolder(), { recursive: true });
    const held = async (cold: boolean, askMetadata: boolean): Promise<number> => {
      if (cold) await rm(path.join(pluginFolder(), METADATA_CACHE_FILE), { force: true });
      const before = heldBytes();
      let vault: NodeVault | null = await NodeVault.open(dir);
      vault.resolvedLinks();
      // Both hold the resolver's table of names (a warm open makes it when first asked: here).
      vault.resolveLink('a', '');
      // A warm open reads the cache file's records when the first is asked for (metadata-cache-file.ts).
      if (askMetadata) vault.metadata(notes[0] as string);
      expect(vault.metadataCacheReport?.parsed).toBe(cold ? notes.length : 0);
      const after = heldBytes();
      vault = null;
      return after - before;
    };
    const cold = await held(true, true);
    const warm = await held(false, true);
    const warmUnasked = await held(false, false);
    const { size } = await stat(path.join(pluginFolder(), METADATA_CACHE_FILE));
    // A warm open holds the cache file (once: it held a copy of it) and what it decodes at open
    // (no link path until asked for: it decoded them all): 2.42x the file before, 2.05x now.
    expect(warm).toBeLessThan(size * 2.25);
    // Kept as objects, the cold open held 3x the warm open (1.4 GiB against 482 MiB at 100k notes).
    // 1.5x until a warm open stopped making each note's links at open (made when first read,
    // resolved-links.ts), which the cold open, having resolved them, holds: 1.51x with that.
    expect(cold).toBeLessThan(warm * 1.65);
    // Until a record is asked for, a warm open holds the file's index part, not its records (it
    // held the whole file: 210 MB of its 290 MB at 100k notes).
    expect(warmUnasked).toBeLessThan(warm - size * 0.8);
  }, 120_000);
});
