// A rule that moves and edits notes, from the plan note to undo, on real files: the edits are
// ai-op blocks after their note's move, part of them is accepted, they run through the journal on
// the note where its move put it, and undo restores every byte.
import { afterEach, describe, expect, it } from 'vitest';
import { organizeFolder } from '../../src/agents/organize/organize-run';
import { organizeScopePolicy } from '../../src/agents/organize/plan-organize';
import { planJson } from '../../src/agents/organize/organize-plan';
import { undoJob } from '../../src/edits/journal/recover-jobs';
import { decideOpBlocks, opBlocks } from '../../src/edits/pending/plan-note';
import { runRecordedOperations } from '../../src/edits/pending/run-recorded-operations';
import { validateRules } from '../../src/dsl/rules';
import { readFrontmatterForEdit } from '../../src/vault-vfs/markdown/frontmatter-write';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

const RULES = validateRules([
  { name: 'Meetings', if: 'file.name.startsWith("meeting")', thenMoveTo: 'Meetings', thenAddTags: ['meeting', 'client/{fm.client}'], thenSetProperties: { status: 'processed' } },
  { name: 'Tag the rest', if: 'file.ext == "md"', thenAddTags: ['inbox'], priority: -1 },
  { name: 'Pictures', if: 'file.ext == "png"', thenAddTags: ['picture'] },
]);

const FILES = {
  'Inbox/meeting-1.md': '---\nclient: Acme Corp\ntags: [work]\nstatus: draft\n---\n# Kickoff\r\n\r\nSee [[note-a]].\n',
  'Inbox/meeting-2.md': '# Review\n\nNo properties. #meeting\n',
  'Inbox/note-a.md': '---\ntags: [inbox]\n---\nAlready tagged; links to [[meeting-1]].\n',
  'Inbox/bad.md': '---\ntags: [a, b\n---\nbroken yaml\n',
  'Inbox/pic.png': new Uint8Array([137, 80, 78, 71]),
};

const PLANS = 'Reeve/Plans';
let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

const withoutPlans = (snap: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(snap).filter(([p]) => !p.startsWith('Reeve')));

describe('rules that edit notes, from plan to undo', () => {
  it('plans the edits after the moves, refuses attachments and invalid YAML by name, and proposes nothing twice', async () => {
    vault = await tempVault(FILES);
    const { plan, note } = await organizeFolder(vault.port, { folder: 'Inbox', rules: RULES, sources: new Set(['rules']), planFolder: PLANS, planId: 'p1' });
    const ops = plan.operations.map((op) => [op.type, 'path' in op ? op.path : op.source]);
    expect(ops).toEqual([
      ['create_folder', 'Inbox/Meetings'],
      ['move', 'Inbox/meeting-1.md'],
      ['move', 'Inbox/meeting-2.md'],
      ['add_tags', 'Inbox/meeting-1.md'],
      ['set_properties', 'Inbox/meeting-1.md'],
    ]);
    const json = planJson(plan) as { operations: Record<string, unknown>[] };
    expect(json.operations[3]).toMatchObject({ type: 'add_tags', path: 'Inbox/meeting-1.md', before: ['work'], after: ['work', 'meeting', 'client/Acme-Corp'], risk: 'low', rule: 'Meetings' });
    expect(json.operations[4]).toMatchObject({ type: 'set_properties', before: { status: 'draft' }, after: { status: 'processed' }, risk: 'low' });
    const details = plan.conflicts.map((c) => c.detail).join('\n');
    expect(details).toMatch(/rule "Pictures": only notes can be edited; Inbox\/pic\.png is an attachment/);
    expect(details).toMatch(/rule "Tag the rest": Inbox\/bad\.md: the frontmatter is not valid YAML/);
    expect(details).toMatch(/rule "Meetings": "thenAddTags" "client\/\{fm\.client\}" gives "client\/" for Inbox\/meeting-2\.md/);
    const text = await vault.port.read(note ?? '');
    expect(text).toContain('## Tags and properties (2)');
    expect(text).toContain('{"id":"p1-4","job":"p1","type":"add_tags","path":"Inbox/meeting-1.md","before":["work"],"after":["work","meeting","client/Acme-Corp"],"rule":"Meetings","risk":"low"');
    expect(await vault.port.read('Inbox/bad.md')).toBe(FILES['Inbox/bad.md']);
  });

  it('accepts part of the plan, runs the edits where the moves put the notes, and undo restores the vault byte for byte', async () => {
    vault = await tempVault(FILES);
    const start = withoutPlans(await snapshot(vault.dir));
    const request = { folder: 'Inbox', rules: RULES, sources: new Set(['rules' as const]), planFolder: PLANS, planId: 'p2' };
    const { note } = await organizeFolder(vault.port, request);
    const planNote = note ?? '';
    const policy = organizeScopePolicy(vault.port.configDir, request);
    // The folder, meeting-1's move and its tags; not its properties, not meeting-2's move.
    const decided = await decideOpBlocks(vault.port, planNote, ['p2-1', 'p2-2', 'p2-4'], 'accept', policy);
    expect(decided.every((d) => d.status === 'done')).toBe(true);
    await decideOpBlocks(vault.port, planNote, ['p2-5'], 'reject', policy);
    const run = await runRecordedOperations(vault.port, planNote, policy);
    expect(run.results).toEqual([{ id: 'p2-1', state: 'done' }, { id: 'p2-2', state: 'done' }, { id: 'p2-4', state: 'done' }]);
    const moved = await vault.port.read('Inbox/Meetings/meeting-1.md');
    expect(readFrontmatterForEdit('m', moved)).toEqual({ client: 'Acme Corp', tags: ['work', 'meeting', 'client/Acme-Corp'], status: 'draft' });
    // The body is left byte for byte (CRLF lines included).
    expect(moved.endsWith('---\n# Kickoff\r\n\r\nSee [[note-a]].\n')).toBe(true);
    // Organizing again proposes no tag for meeting-1: it has them.
    const again = await organizeFolder(vault.port, { ...request, planId: 'p3' });
    expect(again.plan.operations.filter((op) => op.type === 'add_tags')).toEqual([]);

    const undone = await undoJob(await NodeVault.open(vault.dir), run.job?.job);
    expect(undone.state).toBe('reverted');
    expect(withoutPlans(await snapshot(vault.dir))).toEqual(start);
    expect(opBlocks(await vault.port.read(planNote)).find((b) => b.data.id === 'p2-4')?.data.state).toBe('undone');
  });

  it('refuses at accept time an edit whose note changed since the plan, with the reason, and leaves the note as it is', async () => {
    vault = await tempVault(FILES);
    const request = { folder: 'Inbox', rules: RULES, sources: new Set(['rules' as const]), planFolder: PLANS, planId: 'p4' };
    const { note } = await organizeFolder(vault.port, request);
    const changed = FILES['Inbox/meeting-1.md'].replace('status: draft', 'status: final');
    await vault.port.process('Inbox/meeting-1.md', () => changed);
    const policy = organizeScopePolicy(vault.port.configDir, request);
    const decided = await decideOpBlocks(vault.port, note ?? '', ['p4-5', 'p4-4'], 'accept', policy);
    expect(decided.find((d) => d.id === 'p4-5')).toMatchObject({ status: 'refused', reason: 'Inbox/meeting-1.md changed since the plan was made: "status" is "final" now, the plan expected "draft"' });
    // Its tags did not change, so adding them may still run.
    expect(decided.find((d) => d.id === 'p4-4')?.status).toBe('done');
    await vault.port.process('Inbox/meeting-1.md', (t) => t.replace('tags: [work]', 'tags: [work, late]'));
    const run = await runRecordedOperations(vault.port, note ?? '', policy);
    expect(run.results).toEqual([{ id: 'p4-4', state: 'failed', error: 'Inbox/meeting-1.md changed since the plan was made: its tags are [work, late] now, the plan expected [work]' }]);
    expect(run.job).toBeNull();
    expect(await vault.port.read('Inbox/meeting-1.md')).toBe(changed.replace('tags: [work]', 'tags: [work, late]'));
  });
});
