// What came of the edits a chat proposed, so the history tells the model whether the user took
// them. The ledger records proposals, not decisions, and accepting or rejecting leaves no block
// behind, so the decision is read from the note: while the block is there the edit is pending;
// once it is gone, the proposed text in its place means accepted and the original text back means
// rejected. For that, the blocks' texts are captured from the notes right after the run.

import { findBlocks } from '../../edits/pending/find-blocks';
import type { EditState } from '../task/chat-history';
import type { VaultPort } from '../../vault-vfs/vault-port';
import type { Chat, ProposalTexts } from './chat-types';

async function readNote(vault: VaultPort, path: string): Promise<string | null> {
  if ((await vault.stat(path)) === null) return null;
  return vault.read(path);
}

/** The texts of the blocks just proposed, read from their notes (a block not found is left out). */
export async function captureProposals(vault: VaultPort, proposed: readonly { id: string; note: string }[]): Promise<ProposalTexts[]> {
  const out: ProposalTexts[] = [];
  const byNote = new Map<string, string[]>();
  for (const p of proposed) byNote.set(p.note, [...(byNote.get(p.note) ?? []), p.id]);
  for (const [note, ids] of byNote) {
    const text = await readNote(vault, note);
    if (text === null) continue;
    for (const b of findBlocks(text)) {
      if (b.kind === 'edit' && b.state === 'pending' && ids.includes(b.data.id)) {
        out.push({ id: b.data.id, file: note, before: b.data.before, after: b.data.after, ...(b.data.newNote ? { newNote: true as const } : {}) });
      }
    }
  }
  return out;
}

/**
 * The decision the note shows for a block no longer in it, or null when the note cannot tell
 * (both texts or neither are there: it has been edited since).
 */
export function inferDecision(text: string | null, p: ProposalTexts): Exclude<EditState, 'proposed' | 'refused'> | null {
  if (text === null) return p.newNote ? 'rejected' : null;
  const hasAfter = p.after !== '' && text.includes(p.after);
  const hasBefore = p.before !== '' && text.includes(p.before);
  if (hasAfter && !hasBefore) return 'accepted';
  if (hasBefore && !hasAfter) return 'rejected';
  if (!hasAfter && !hasBefore) {
    // A deletion accepted leaves nothing of `before`; an addition rejected leaves nothing of `after`.
    if (p.after === '' && p.before !== '') return 'accepted';
    if (p.before === '' && p.after !== '') return 'rejected';
    return null;
  }
  // Both present: the longer text contains the shorter (an addition kept around the original).
  if (p.after.includes(p.before)) return 'accepted';
  if (p.before.includes(p.after)) return 'rejected';
  return null;
}

/**
 * Marks the chat's pending edits accepted or rejected where their blocks are gone. Returns the
 * chat (a new object when something changed) and whether anything did.
 */
export async function refreshEditStates(vault: VaultPort, chat: Chat): Promise<{ chat: Chat; changed: boolean }> {
  const notes = new Map<string, string | null>();
  const note = async (path: string): Promise<string | null> => {
    if (!notes.has(path)) notes.set(path, await readNote(vault, path));
    return notes.get(path) ?? null;
  };
  let changed = false;
  const messages = [];
  for (const m of chat.messages) {
    const edits = [];
    for (const e of m.turn.edits) {
      const p = e.state === 'proposed' && e.id !== '' ? m.proposals.find((x) => x.id === e.id) : undefined;
      if (p === undefined) {
        edits.push(e);
        continue;
      }
      const text = await note(p.file);
      const still = text !== null && findBlocks(text).some((b) => b.kind === 'edit' && (b.state === 'pending' ? b.data.id : b.damage.id) === p.id);
      const decision = still ? null : inferDecision(text, p);
      if (decision === null) edits.push(e);
      else {
        changed = true;
        edits.push({ ...e, state: decision });
      }
    }
    messages.push(edits.some((e, i) => e !== m.turn.edits[i]) ? { ...m, turn: { ...m.turn, edits } } : m);
  }
  return changed ? { chat: { ...chat, messages }, changed } : { chat, changed };
}
