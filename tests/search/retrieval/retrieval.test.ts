// The retrieval entry point on real files: keyword hits say which fields and terms matched, link
// walks treat excluded folders as walls, tags roll up, listings are bounded. The "why" must agree
// with an independent check of the note's text, for any generated query (property test).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { Retrieval } from '../../../src/search/retrieval/retrieval';
import { VaultIndexer } from '../../../src/search/keyword/vault-indexer';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';

const FILES: Record<string, string> = {
  'Start.md': '# Start\nSee [[Hub]] and [[Direct]].\n',
  'Hub.md': 'Links on to [[Far]]. #project/alpha\n',
  'Direct.md': '---\ntags: [project/beta]\n---\nA direct neighbour.\n',
  'Far.md': 'Two links away. #project\n',
  'Private/Secret.md': 'Back to [[Start]], on to [[Hidden]].\n',
  'Hidden.md': 'Only reachable through the private folder.\n',
  'Recipes/Sourdough bread.md': '# Starter\nFlour and water.\n## Baking\nA hot oven.\n',
  'Recipes/Pancakes.md': '---\naliases: [Crepes]\n---\n# Batter\nFlour, milk, eggs. Sourdough discard works too.\n',
  'Recipes/Oven.md': 'Notes about the oven temperature and bread.\n',
};

let vault: TempVault;
let retrieval: Retrieval;
let indexer: VaultIndexer;

beforeAll(async () => {
  vault = await makeTempVault(FILES);
  const port = await NodeVault.open(vault.dir);
  indexer = new VaultIndexer(port, { persist: false });
  await indexer.start();
  retrieval = new Retrieval(port, indexer, null);
});
afterAll(async () => {
  await indexer.stop(false);
  await vault.cleanup();
});

describe('keyword search that says why', () => {
  it('names the fields and terms that matched, title matches first', async () => {
    const hits = await retrieval.search('sourdough bread', { mode: 'keyword' });
    expect(hits[0]?.path).toBe('Recipes/Sourdough bread.md');
    expect(hits[0]?.why.find((w) => w.kind === 'title')?.terms).toEqual(['sourdough', 'bread']);
    const pancakes = hits.find((h) => h.path === 'Recipes/Pancakes.md');
    expect(pancakes?.why).toEqual([{ kind: 'content', detail: 'text matches "sourdough"', terms: ['sourdough'] }]);
    const oven = await retrieval.search('baking', { mode: 'keyword' });
    expect(oven[0]?.why.map((w) => w.kind)).toEqual(['heading', 'content']); // a heading is part of the text too
    const alias = await retrieval.search('crepes', { mode: 'keyword' });
    expect(alias[0]).toMatchObject({ path: 'Recipes/Pancakes.md', why: [{ kind: 'title', detail: 'alias matches "crepes"' }] });
  });

  it('hybrid without a semantic index runs keywords and says so; excluded folders are left out', async () => {
    const report = await retrieval.searchReport('oven', { mode: 'hybrid', exclude: ['Recipes'] });
    expect(report.mode).toBe('keyword');
    expect(report.fallback).toMatch(/no semantic index/);
    expect(report.hits).toEqual([]);
  });

  it('every term said to match the text occurs in the text (property)', async () => {
    const words = ['flour', 'oven', 'bread', 'links', 'direct', 'sourdough', 'water', 'private', 'notes', 'hot'];
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }), async (q) => {
        const hits = await retrieval.search(q.join(' '), { mode: 'keyword', limit: 50 });
        for (const hit of hits) {
          const text = FILES[hit.path]?.toLowerCase() ?? '';
          for (const w of hit.why.filter((x) => x.kind === 'content')) for (const t of w.terms ?? []) expect(text).toContain(t);
          // Every query word the note holds verbatim is reported somewhere.
          const said = new Set(hit.why.flatMap((x) => x.terms ?? []));
          for (const word of q) if (new RegExp(`\\b${word}\\b`).test(text)) expect(said.has(word)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('link walks', () => {
  it('walks breadth-first with depth and origin; excluded folders are walls', async () => {
    const all = await retrieval.related('Start.md', { depth: 2, direction: 'both' });
    expect(all.items.map((r) => [r.path, r.depth, r.from])).toEqual([
      ['Direct.md', 1, 'Start.md'],
      ['Hub.md', 1, 'Start.md'],
      ['Private/Secret.md', 1, 'Start.md'],
      ['Far.md', 2, 'Hub.md'],
      ['Hidden.md', 2, 'Private/Secret.md'],
    ]);
    const walled = await retrieval.related('Start.md', { depth: 3, direction: 'both', exclude: ['Private/'] });
    expect(walled.items.map((r) => r.path)).toEqual(['Direct.md', 'Hub.md', 'Far.md']);
    const out = await retrieval.related('Start.md', { depth: 1, direction: 'out' });
    expect(out.items.map((r) => r.path)).toEqual(['Direct.md', 'Hub.md']);
    const incoming = await retrieval.related('Start.md', { depth: 1, direction: 'in' });
    expect(incoming.items.map((r) => r.path)).toEqual(['Private/Secret.md']);
    expect(await retrieval.related('Start.md', { depth: 0 })).toEqual({ items: [], more: 0 });
    const bounded = await retrieval.related('Start.md', { depth: 3, limit: 2 });
    expect(bounded).toMatchObject({ more: 3 });
    await expect(retrieval.related('Start.md', { depth: 4 })).rejects.toThrow(/depth must be 0..3/);
  });

  it('adds same-folder notes after the linked ones', async () => {
    const r = await retrieval.related('Recipes/Oven.md', { depth: 1, sameFolder: true });
    expect(r.items).toEqual([
      { path: 'Recipes/Pancakes.md', depth: 1, from: 'Recipes/Oven.md', via: 'folder' },
      { path: 'Recipes/Sourdough bread.md', depth: 1, from: 'Recipes/Oven.md', via: 'folder' },
    ]);
  });
});

describe('tags and folders', () => {
  it('counts tags with nested ones rolled up, and finds notes by tag', async () => {
    const tags = await retrieval.tags();
    expect(tags.items).toEqual([
      { tag: 'project', count: 3 },
      { tag: 'project/alpha', count: 1 },
      { tag: 'project/beta', count: 1 },
    ]);
    expect((await retrieval.notesWithTag('#project')).items).toEqual(['Direct.md', 'Far.md', 'Hub.md']);
    expect(await retrieval.notesWithTag('project', 1)).toEqual({ items: ['Direct.md'], more: 2 });
  });

  it('lists a folder with counts, bounded', async () => {
    const root = await retrieval.listFolder('', 3);
    expect(root.items).toEqual([
      { path: 'Private', kind: 'folder', count: 1 },
      { path: 'Recipes', kind: 'folder', count: 3 },
      { path: 'Direct.md', kind: 'file' },
    ]);
    expect(root.more).toBe(4);
    expect((await retrieval.listFolder('Recipes/')).items.map((e) => e.path)).toEqual(['Recipes/Oven.md', 'Recipes/Pancakes.md', 'Recipes/Sourdough bread.md']);
  });
});
