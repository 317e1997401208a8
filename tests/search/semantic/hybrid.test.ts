// Hybrid search with a built semantic index: reciprocal-rank fusion at note level, title matches
// first, each hit with its keyword and semantic reasons; semantic mode alone; exclusions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { fuseRankings } from '../../../src/search/retrieval/fuse';
import { Retrieval } from '../../../src/search/retrieval/retrieval';
import { VaultIndexer } from '../../../src/search/keyword/vault-indexer';
import { SemanticIndex } from '../../../src/search/semantic/semantic-index';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';
import { scriptedEmbedder } from './fixtures';

let server: ScriptedLlmServer;
let vault: TempVault;
let keyword: VaultIndexer;
let semantic: SemanticIndex;
let retrieval: Retrieval;

beforeAll(async () => {
  server = await startScriptedLlmServer();
  vault = await makeTempVault({
    'Compost.md': 'Kitchen scraps and leaves rot into soil for the garden beds.\n',
    'Garden/Beds.md': '# Raised beds\nSoil, compost and leaves; the garden needs water.\n',
    'Archive/Old garden.md': 'Soil and leaves, garden notes from last year.\n',
    'Bikes.md': 'Chains, gears and tyres.\n',
  });
  const port = await NodeVault.open(vault.dir);
  keyword = new VaultIndexer(port, { persist: false });
  semantic = new SemanticIndex(port, scriptedEmbedder(server), { persist: false });
  await Promise.all([keyword.start(), semantic.start()]);
  retrieval = new Retrieval(port, keyword, semantic);
});
afterAll(async () => {
  await Promise.all([keyword.stop(false), semantic.stop(false)]);
  await vault.cleanup();
  await server.close();
});

describe('hybrid retrieval', () => {
  it('fuses both rankings with reasons from each, title matches first', async () => {
    const report = await retrieval.searchReport('compost soil leaves', { mode: 'hybrid', limit: 10 });
    expect(report.mode).toBe('hybrid');
    expect(report.fallback).toBeUndefined();
    expect(report.hits[0]?.path).toBe('Compost.md');
    expect(report.hits[0]?.why.map((w) => w.kind)).toEqual(['title', 'content', 'semantic']);
    const beds = report.hits.find((h) => h.path === 'Garden/Beds.md');
    expect(beds?.why.find((w) => w.kind === 'semantic')).toMatchObject({ heading: '' });
    // Semantic search ranks every note; an unrelated one comes last.
    expect(report.hits.at(-1)?.path).toBe('Bikes.md');
    for (const h of report.hits) expect(h.score).toBeGreaterThan(0);
    const walled = await retrieval.search('compost soil leaves', { mode: 'hybrid', exclude: ['Archive'] });
    expect(walled.map((h) => h.path)).not.toContain('Archive/Old garden.md');
  });

  it('semantic mode ranks by the embedding alone', async () => {
    const hits = await retrieval.search('tyres gears', { mode: 'semantic', limit: 2 });
    expect(hits[0]).toMatchObject({ path: 'Bikes.md', why: [{ kind: 'semantic' }] });
    expect(retrieval.semanticReady).toBe(true);
  });

  it('fusion rewards agreement: a note second in both lists beats one first in a single list', () => {
    const why = [{ kind: 'content' as const, detail: '' }];
    const a = [{ path: 'x', score: 1, why }, { path: 'both', score: 1, why }];
    const b = [{ path: 'y', score: 1, why }, { path: 'both', score: 1, why }];
    expect(fuseRankings([a, b], 3).map((h) => h.path)).toEqual(['both', 'x', 'y']);
  });
});
