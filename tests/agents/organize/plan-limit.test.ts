// A plan that would exceed the operation limit is refused whole, and the user is told so in a plan
// note that lists why; it is never reported as "already organized".
import { afterEach, describe, expect, it } from 'vitest';
import { organizeFolder } from '../../../src/agents/organize/organize-run';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';

let tv: TempVault | undefined;
afterEach(async () => tv?.cleanup());

describe('a plan over the operation limit', () => {
  it('plans nothing, says why, and writes the refusals into a plan note', async () => {
    tv = await makeTempVault({ 'Inbox/2024-03-02.md': 'a', 'Inbox/2024-03-03.md': 'b', 'Inbox/2024-04-01.md': 'c' });
    const before = await tv.snapshot();
    const outcome = await organizeFolder(await NodeVault.open(tv.dir), { folder: 'Inbox', sources: new Set(['heuristics']), planFolder: 'Reeve/Plans', planId: 'lim', planLimit: 2 });
    expect(outcome.plan.operations).toEqual([]);
    expect(outcome.plan.description).toMatch(/^No operation could be planned for Inbox: \d+ refused or in conflict/);
    expect(outcome.plan.description).not.toContain('already organized');
    expect(outcome.plan.conflicts.some((c) => /limit/.test(c.detail))).toBe(true);
    const note = await tv.read(outcome.note ?? '');
    expect(note).toContain('## Conflicts');
    const after = await tv.snapshot();
    for (const [k, v] of before) expect(after.get(k)).toBe(v);
  });
});
