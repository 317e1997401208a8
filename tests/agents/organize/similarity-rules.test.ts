// A saved rule may use vector_similarity: organize scores it through the index it is given (the
// plugin's keyword index) or, with none, by keyword matching over the files, and says which.
import { afterEach, describe, expect, it } from 'vitest';
import { organizeFolder } from '../../../src/agents/organize/organize-run';
import { parseRulesJson } from '../../../src/dsl/rules';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';

let tv: TempVault | undefined;
afterEach(async () => tv?.cleanup());

const FILES = {
  'Inbox/pasta.md': '# Pasta\nTomato sauce, basil and pasta.',
  'Inbox/pizza.md': '# Pizza\nTomato, basil, mozzarella.',
  'Inbox/taxes.md': '# Taxes\nForms and receipts for the year.',
};
const RULES = parseRulesJson(JSON.stringify([{ name: 'Cooking', if: 'vector_similarity("tomato basil") > 0.3', thenMoveTo: 'Cooking' }]));

describe('organize rules with vector_similarity', () => {
  it('score by keyword matching when no index is given, and say so', async () => {
    tv = await makeTempVault(FILES);
    const outcome = await organizeFolder(await NodeVault.open(tv.dir), { folder: 'Inbox', rules: RULES, sources: new Set(['rules']), planFolder: 'Reeve/Plans', planId: 'sim' });
    const moved = outcome.plan.operations.flatMap((op) => (op.type === 'move' ? [op.source] : [])).sort();
    expect(moved).toEqual(['Inbox/pasta.md', 'Inbox/pizza.md']);
    expect(outcome.plan.description).toContain('vector_similarity scored by the keyword index');
  });

  it('use the index the caller gives, semantic first', async () => {
    tv = await makeTempVault(FILES);
    const asked: string[] = [];
    const semantic = { kind: 'semantic' as const, score: (q: string, p: string) => (asked.push(`${q}|${p}`), p.endsWith('taxes.md') ? 0.9 : 0.1) };
    const outcome = await organizeFolder(await NodeVault.open(tv.dir), { folder: 'Inbox', rules: RULES, sources: new Set(['rules']), planFolder: 'Reeve/Plans', planId: 'sim2', similarity: { semantic } });
    expect(outcome.plan.operations.flatMap((op) => (op.type === 'move' ? [op.source] : []))).toEqual(['Inbox/taxes.md']);
    expect(asked).toContain('tomato basil|Inbox/pasta.md');
    expect(outcome.plan.description).toContain('scored by the semantic index');
  });
});
