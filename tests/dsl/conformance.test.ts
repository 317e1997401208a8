import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/dsl/compile';
import { ContentKeywordSimilarity } from '../../src/dsl/content-similarity';
import { matchRecords } from '../../src/dsl/evaluate';
import { expandEdits } from '../../src/dsl/rule-edits';
import { validateRules } from '../../src/dsl/rules';
import { planRulesOnVault } from '../../src/dsl/plan-rules';
import { ALL_FILES, CONFORMANCE, EDIT_CONFORMANCE, EDIT_REFUSALS, PLAN_EDIT_CONFORMANCE } from './conformance-table';
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

describe('edit actions on the fixture vault: tags and properties with placeholders filled in', () => {
  const expand = (rule: Record<string, unknown>, note: string) => {
    const [compiled] = validateRules([{ name: 'edit', if: 'file.ext == "md"', ...rule }]);
    const record = fx.records.find((r) => r.path === note);
    if (compiled?.edits == null || record === undefined) throw new Error(`no edits or no note ${note}`);
    return expandEdits(compiled.edits, record);
  };

  it.each(EDIT_CONFORMANCE)('%j on %s', (rule, note, edits) => {
    expect(expand(rule, note)).toEqual({ ok: true, edits });
  });

  it.each(EDIT_REFUSALS)('%j on %s is refused', (rule, note, reason) => {
    expect(expand(rule, note)).toEqual({ ok: false, reason });
  });
});

describe('edit actions planned on the fixture vault: operations after the moves, nothing twice', () => {
  it.each(PLAN_EDIT_CONFORMANCE)('%j in "%s"', async (rule, folder, operations, refusals) => {
    const plan = await planRulesOnVault(fx.vault, validateRules([{ name: 'R', ...rule }]), { folder });
    const shown = plan.operations.map((op) => ('source' in op ? [op.type, op.source] : 'before' in op ? [op.type, op.path, op.before, op.after] : [op.type, op.path]));
    expect(shown).toEqual(operations);
    expect(plan.conflicts.map((c) => c.detail)).toEqual(refusals);
  });
});
