// The edits card follows the notes: when a note a chat proposed edits to changes, each edit's state
// is read again from it. A block accepted or rejected in its note (with its widget) is decided;
// a block back in its note (an undo) is pending again; a renamed note is followed to its new path.
// Deciding is refreshEditStates' reading of the note (src/agents/chat/edit-states.ts).
import { refreshEditStates } from '../../agents/chat/edit-states';
import { findBlocks } from '../../edits/pending/find-blocks';
import type { VaultPort } from '../../vault-vfs/vault-port';
import type { ChatMessageRecord, ChatRecord } from './chat-record';

/** Whether any of the chat's edits is in `path`. */
export function chatTouches(chat: ChatRecord, path: string): boolean {
  return chat.messages.some((m) => m.turn.edits.some((e) => e.file === path) || m.proposals.some((p) => p.file === path));
}

/** The chat with the edits and proposals of `from` moved to `to` (a renamed note); null when none were there. */
export function renamedInChat(chat: ChatRecord, from: string, to: string): ChatRecord | null {
  if (!chatTouches(chat, from)) return null;
  const messages = chat.messages.map((m): ChatMessageRecord => ({
    ...m,
    turn: { ...m.turn, edits: m.turn.edits.map((e) => (e.file === from ? { ...e, file: to } : e)) },
    proposals: m.proposals.map((p) => (p.file === from ? { ...p, file: to } : p)),
  }));
  return { ...chat, messages };
}

/** The ids of the pending (or damaged) edit blocks in each note, read once per note. */
async function blocksIn(vault: VaultPort, paths: Iterable<string>): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const path of paths) {
    if (out.has(path)) continue;
    const text = (await vault.stat(path)) === null ? '' : await vault.read(path);
    out.set(path, new Set(findBlocks(text).flatMap((b) => (b.kind !== 'edit' ? [] : b.state === 'pending' ? [b.data.id] : b.damage.id === null ? [] : [b.damage.id]))));
  }
  return out;
}

/** Each edit's state as its note shows it now; `changed` says whether any differs from the chat's. */
export async function editStatesNow(vault: VaultPort, chat: ChatRecord): Promise<{ chat: ChatRecord; changed: boolean }> {
  const decided = chat.messages.flatMap((m) => m.turn.edits.filter((e) => e.id !== '' && (e.state === 'accepted' || e.state === 'rejected')));
  const present = await blocksIn(vault, decided.map((e) => e.file));
  let undone = false;
  const messages = chat.messages.map((m) => {
    const edits = m.turn.edits.map((e) => {
      if (e.id === '' || (e.state !== 'accepted' && e.state !== 'rejected') || !present.get(e.file)?.has(e.id)) return e;
      undone = true;
      return { ...e, state: 'proposed' as const };
    });
    return edits.some((e, i) => e !== m.turn.edits[i]) ? { ...m, turn: { ...m.turn, edits } } : m;
  });
  const r = await refreshEditStates(vault, undone ? { ...chat, messages } : chat);
  return { chat: r.chat, changed: undone || r.changed };
}
