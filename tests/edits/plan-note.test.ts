import { afterEach, describe, expect, it } from 'vitest';
import { findBlocks } from '../../src/edits/pending/find-blocks';
import { decideOpBlocks, opBlocks, planNoteText, updateOpBlocks, writePlanNote } from '../../src/edits/pending/plan-note';
import { plannedOperationOf } from '../../src/edits/pending/op-block-data';
import { buildScopePolicy } from '../../src/edits/scope/scope-policy';
import type { PlannedOperation } from '../../src/vault-vfs/operations';
import { removeVault, tempVault, type TempVault } from './helpers/temp-vault';

const OPS: PlannedOperation[] = [
  { opId: 'o1', type: 'create_folder', path: 'Documents/PDFs', rule: 'PDFs' },
  { opId: 'o2', type: 'move', source: 'Inbox/a.pdf', destination: 'Documents/PDFs/a.pdf', rule: 'PDFs', reason: 'a PDF' },
  { opId: 'o3', type: 'rename', source: 'Inbox/b.md', destination: 'Inbox/B note.md' },
  { opId: 'o4', type: 'trash', path: 'Inbox/old.tmp', rule: 'temp files' },
];
const PLAN = { planId: 'j1', targetFolder: 'Inbox', description: 'Sort the inbox.', operations: OPS };
const policy = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: ['move', 'rename'], organizeFolder: 'Inbox', allowOutside: true });
/** The policy the plan was proposed under: trash allowed then, so the policy of the moment decides. */
const proposedUnder = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: ['move', 'rename', 'trash'], organizeFolder: 'Inbox', allowOutside: true });

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

describe('plan notes', () => {
  it('write the contract format and read back the same operations', () => {
    const text = planNoteText(PLAN);
    expect(text).toContain('```ai-op\n{"id":"o2","job":"j1","type":"move","source":"Inbox/a.pdf","destination":"Documents/PDFs/a.pdf","rule":"PDFs","risk":"medium","reason":"a PDF"}\n```');
    expect(text).toContain('{"id":"o1","job":"j1","type":"create_folder","path":"Documents/PDFs","rule":"PDFs","risk":"low"}');
    expect(text).toContain('## Trash (1)');
    expect(opBlocks(text).map((b) => plannedOperationOf(b.data))).toEqual(OPS);
  });

  it('accept and reject one or all, with the policy checked and finished operations left alone', async () => {
    vault = await tempVault({});
    await writePlanNote(vault.port, 'Reeve/Plans/plan.md', PLAN, proposedUnder);
    const one = await decideOpBlocks(vault.port, 'Reeve/Plans/plan.md', ['o3', 'o9'], 'accept', policy);
    expect(one).toEqual([
      { id: 'o3', line: expect.any(Number) as number, status: 'done' },
      { id: 'o9', line: 0, status: 'refused', reason: 'no operation block with id o9 in Reeve/Plans/plan.md' },
    ]);
    const all = await decideOpBlocks(vault.port, 'Reeve/Plans/plan.md', null, 'accept', policy);
    // "All" decides the undecided blocks; o3 was already accepted.
    expect(all.map((d) => [d.id, d.status])).toEqual([
      ['o1', 'done'],
      ['o2', 'done'],
      ['o4', 'refused'],
    ]);
    expect(all[2]?.reason).toBe('a trash needs the "trash" permission, which this task does not have');
    await updateOpBlocks(vault.port, 'Reeve/Plans/plan.md', (b) => (b.data.id === 'o2' ? { state: 'failed', error: 'destination exists' } : null));
    const again = await decideOpBlocks(vault.port, 'Reeve/Plans/plan.md', ['o2'], 'reject', policy);
    expect(again[0]).toMatchObject({ status: 'refused', reason: 'the operation already ran (failed)' });
    const states = opBlocks(await vault.port.read('Reeve/Plans/plan.md')).map((b) => [b.data.id, b.data.state, b.data.error]);
    expect(states).toEqual([
      ['o1', 'accepted', undefined],
      ['o2', 'failed', 'destination exists'],
      ['o3', 'accepted', undefined],
      ['o4', undefined, undefined],
    ]);
  });

  it('reports a damaged operation block instead of dropping it', () => {
    const text = planNoteText(PLAN).replace('"type":"rename"', '"type":"teleport"');
    const damaged = findBlocks(text).filter((b) => b.state === 'damaged');
    expect(damaged).toHaveLength(1);
    expect(damaged[0]?.state === 'damaged' && damaged[0].damage).toMatchObject({ id: 'o3', reason: '"type" should be create_folder, move, rename, trash, add_tags, remove_tags or set_properties, found "teleport"' });
  });
});
