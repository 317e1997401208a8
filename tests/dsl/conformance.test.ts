import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/dsl/compile';
import { ContentKeywordSimilarity } from '../../src/dsl/content-similarity';
import { matchRecords } from '../../src/dsl/evaluate';
import { ALL_FILES, CONFORMANCE } from './conformance-table';
import { openFixtureVault, type FixtureVault } from './fixture-vault';

let fx: FixtureVault;
beforeAll(async () => {
  fx = await openFixtureVault();
});
afterAll(async () => {
  await fx.cleanup();
});

describe('conformance table on the fixture vault (through NodeVault)', () => {
  it('has at least 80 expressions and the vault holds exactly the files the table knows', () => {
    expect(CONFORMANCE.length).toBeGreaterThanOrEqual(80);
    expect(fx.records.map((r) => r.path).sort()).toEqual([...ALL_FILES].sort());
  });

  it.each(CONFORMANCE)('%s', async (expression, expected) => {
    const compiled = compileExpression(expression);
    const result = await matchRecords(compiled, fx.records, { similarity: { keyword: new ContentKeywordSimilarity(fx.records) } });
    expect(result.matches.map((r) => r.path).sort()).toEqual([...expected].sort());
  });
});
