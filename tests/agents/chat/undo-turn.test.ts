// Undo turn (issue 27), on real files through the Node adapter: a message's accepted edits are
// undone through the journal (two in one note, newest first) and its pending ones rejected, so
// the notes are byte-identical to before the message; a note edited since is refused with the
// undo check's reason and left as it is; an accept the journal never saw is named.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatTurnEdit } from '../../../src/agents/task/chat-history';
import { undoTurn } from '../../../src/agents/chat/undo-turn';
import { journaledNoteWriter } from '../../../src/edits/journal/journaled-note-writer';
import { decisionJobDescription } from '../../../src/edits/pending/decision-job';
import { proposeInsert } from '../../../src/edits/pending/propose-insert';
import { resolveEditBlock } from '../../../src/edits/pending/resolve-edit-blocks';
import { buildScopePolicy, EDIT_CAPABILITIES } from '../../../src/edits/scope/scope-policy';
import { removeVault, snapshot, tempVault, type TempVault } from '../../edits/helpers/temp-vault';

const everything = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: [...EDIT_CAPABILITIES] });

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

async function propose(v: TempVault, note: string, line: number, text: string): Promise<ChatTurnEdit> {
  const r = await proposeInsert(v.port, note, line, text, everything);
  if (r.status !== 'proposed') throw new Error(r.reason);
  return { id: r.block.id, file: note, type: 'add', state: 'proposed' };
}

async function decide(v: TempVault, e: ChatTurnEdit, decision: 'accept' | 'reject'): Promise<ChatTurnEdit> {
  const r = await resolveEditBlock(v.port, e.file, e.id, decision, { policy: everything, writer: journaledNoteWriter(v.port, decisionJobDescription(decision, e.id, e.file)) });
  expect(r.status).toBe('done');
  return { ...e, state: decision === 'accept' ? 'accepted' : 'rejected' };
}

const files = { 'a.md': 'one\ntwo\nthree\n', 'b.md': 'bee\n' };

describe('undoTurn', () => {
  it('undoes the accepted edits newest first, rejects the pending ones, and the notes are as before the message', async () => {
    vault = await tempVault(files);
    const original = await snapshot(vault.dir);
    let e1 = await propose(vault, 'a.md', 1, 'first');
    let e2 = await propose(vault, 'a.md', 3, 'second');
    let e3 = await propose(vault, 'b.md', 0, 'third');
    const e4 = await propose(vault, 'b.md', 99, 'fourth');
    e1 = await decide(vault, e1, 'accept');
    e2 = await decide(vault, e2, 'accept');
    e3 = await decide(vault, e3, 'reject');
    const r = await undoTurn(vault.port, [e1, e2, e3, e4], () => everything);
    expect(r.failures).toEqual(new Map());
    expect([r.undone, r.rejected]).toEqual([2, 1]);
    expect(r.edits.map((e) => e.state)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    const notes = await snapshot(vault.dir);
    for (const p of Object.keys(files)) expect(notes[p]).toBe(original[p]);
  });

  it('refuses a note edited since, with the reason, and leaves it as it is; still rejects what is pending elsewhere', async () => {
    vault = await tempVault(files);
    let e1 = await propose(vault, 'a.md', 1, 'first');
    const e2 = await propose(vault, 'b.md', 0, 'pending');
    e1 = await decide(vault, e1, 'accept');
    await vault.port.process('a.md', (t) => `${t}typed by the user\n`);
    const edited = await vault.port.read('a.md');
    const r = await undoTurn(vault.port, [e1, e2], () => everything);
    expect(r.failures.get(e1.id)).toMatch(/a\.md was edited after the job/);
    expect(r.edits.map((e) => e.state)).toEqual(['accepted', 'rejected']);
    expect(await vault.port.read('a.md')).toBe(edited);
    expect(await vault.port.read('b.md')).toBe(files['b.md']);
  });

  it('names an accepted edit the journal has no record of', async () => {
    vault = await tempVault(files);
    const e1 = await propose(vault, 'a.md', 1, 'first');
    await resolveEditBlock(vault.port, 'a.md', e1.id, 'accept', { policy: everything });
    const r = await undoTurn(vault.port, [{ ...e1, state: 'accepted' }], () => everything);
    expect(r.failures.get(e1.id)).toMatch(/no record of accepting it/);
    expect(r.undone).toBe(0);
  });
});
