import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError, type CliIO } from '../../../src/cli/command';
import { searchCommand } from '../../../src/cli/commands/search';

let dir: string;
let out: string;
let err: string;
const io: CliIO = {
  stdout: (t) => (out += t),
  stderr: (t) => (err += t),
  env: {},
  cwd: process.cwd(),
};

async function put(rel: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await writeFile(path.join(dir, rel), text);
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reeve-search-cli-'));
  out = '';
  err = '';
  // A vault (Obsidian made its config folder): the index is saved there; a plain folder keeps it in memory.
  await put('.obsidian/app.json', '{}\n');
  await put('Recipes/Sourdough.md', '# Starter\nFlour and water.\n');
  await put('Journal/Monday.md', 'Baked sourdough bread today.\n');
  await put('Journal/Tuesday.md', 'Went running.\n');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('reeve search', () => {
  it('prints {path, score, why} as JSON, title match first, and saves the index in the plugin folder', async () => {
    expect(await searchCommand.run([dir, 'sourdough', '--json'], io)).toBe(0);
    const hits = JSON.parse(out) as { path: string; score: number; why: unknown }[];
    expect(hits.map((h) => h.path)).toEqual(['Recipes/Sourdough.md', 'Journal/Monday.md']);
    for (const h of hits) expect(Object.keys(h).sort()).toEqual(['path', 'score', 'why']);
    expect(hits.map((h) => h.why)).toEqual([[{ kind: 'title', detail: 'title matches "sourdough"' }], [{ kind: 'content', detail: 'text matches "sourdough"' }]]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect((await readdir(path.join(dir, '.obsidian/plugins/reeve/keyword-index'))).length).toBe(64 + 1); // shards and terms.bin
  });

  it('sees edits made between two runs and honours --limit', async () => {
    await searchCommand.run([dir, 'sourdough'], io);
    expect(out.trim().split('\n')).toHaveLength(2);
    expect(out).toMatch(/^\d\.\d{3} {2}Recipes\/Sourdough\.md {2}\(title matches "sourdough"\)\n/);
    await put('Journal/Tuesday.md', 'Went running, then more sourdough baking and a longer note.\n');
    out = '';
    await searchCommand.run([dir, 'sourdough', '--json', '--limit', '5'], io);
    expect((JSON.parse(out) as { path: string }[]).map((h) => h.path)).toContain('Journal/Tuesday.md');
    out = '';
    await searchCommand.run([dir, 'sourdough', '--limit=1', '--json'], io);
    expect(JSON.parse(out)).toHaveLength(1);
  });

  it('quotes the word of the note that matched, not the query word, for a typo or a completion', async () => {
    await put('Home/Plants.md', 'The garden needs water.\n');
    expect(await searchCommand.run([dir, 'jarden', '--json'], io)).toBe(0);
    expect((JSON.parse(out) as { path: string; why: unknown }[]).find((h) => h.path === 'Home/Plants.md')?.why).toEqual([{ kind: 'content', detail: 'text matches "garden"' }]);
    out = '';
    expect(await searchCommand.run([dir, 'sourd', '--json'], io)).toBe(0);
    expect((JSON.parse(out) as { path: string; why: unknown }[]).find((h) => h.path === 'Journal/Monday.md')?.why).toEqual([{ kind: 'content', detail: 'text matches "sourdough"' }]);
  });

  it('joins several query words, and says so when nothing matches', async () => {
    await searchCommand.run([dir, 'baked', 'bread', '--json'], io);
    expect((JSON.parse(out) as { path: string }[])[0]?.path).toBe('Journal/Monday.md');
    out = '';
    expect(await searchCommand.run([dir, 'zzzzqqq'], io)).toBe(0);
    expect(out).toBe('no notes or files match "zzzzqqq"\n');
    out = '';
    expect(await searchCommand.run([dir, 'zzzzqqq', '--json'], io)).toBe(0);
    expect(JSON.parse(out)).toEqual([]);
  });

  it('refuses bad usage with a UsageError (exit 2 through the dispatcher)', async () => {
    await expect(searchCommand.run([], io)).rejects.toThrow(UsageError);
    await expect(searchCommand.run([dir], io)).rejects.toThrow(/missing <query>/);
    await expect(searchCommand.run([dir, '!!!'], io)).rejects.toThrow(/no letters or digits/);
    await expect(searchCommand.run([dir, 'x', '--limit', '0'], io)).rejects.toThrow(/--limit/);
    await expect(searchCommand.run([dir, 'x', '--frobnicate'], io)).rejects.toThrow(/unknown option/);
    await expect(searchCommand.run([path.join(dir, 'nope'), 'x'], io)).rejects.toThrow(/vault folder not found/);
  });
});
