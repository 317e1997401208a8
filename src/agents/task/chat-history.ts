// The chat so far, as the Task agent sees it: for each earlier turn the request, the note the user
// was in, the answer, and the edits proposed with what came of them (proposed, refused with the
// reason, accepted or rejected by the user), so the model can build on or fix its own work.
// The same records are what a chat file stores and what `reeve ask --history FILE` continues.

import type { ChatMessage } from '../llm/chat-types';

export const EDIT_STATES = ['proposed', 'refused', 'accepted', 'rejected'] as const;
export type EditState = (typeof EDIT_STATES)[number];

export interface ChatTurnEdit {
  /** The pending block's id ('' for a refused edit, which has no block). */
  id: string;
  file: string;
  /** 'edit' for a refused edit, whose kind was never decided. */
  type: 'add' | 'replace' | 'delete' | 'edit';
  state: EditState;
  reason?: string;
}

export interface ChatTurn {
  request: string;
  currentNote: string | null;
  answer: string;
  edits: ChatTurnEdit[];
  /** ISO time the turn finished. */
  at: string;
  stopped?: boolean;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads turns from parsed JSON; every problem names the turn and field. */
export function readChatTurns(value: unknown): { ok: true; turns: ChatTurn[] } | { ok: false; error: string } {
  const list = isRecord(value) && Array.isArray(value.turns) ? value.turns : value;
  if (!Array.isArray(list)) return { ok: false, error: 'expected a list of turns (or {"turns": [...]})' };
  const turns: ChatTurn[] = [];
  for (const [i, t] of list.entries()) {
    if (!isRecord(t)) return { ok: false, error: `turns[${i}] should be an object` };
    if (typeof t.request !== 'string') return { ok: false, error: `turns[${i}].request should be text` };
    if (typeof t.answer !== 'string') return { ok: false, error: `turns[${i}].answer should be text` };
    if (t.currentNote !== null && t.currentNote !== undefined && typeof t.currentNote !== 'string') return { ok: false, error: `turns[${i}].currentNote should be a path or null` };
    const edits: ChatTurnEdit[] = [];
    for (const [j, e] of (Array.isArray(t.edits) ? t.edits : []).entries()) {
      const where = `turns[${i}].edits[${j}]`;
      if (!isRecord(e) || typeof e.file !== 'string' || typeof e.type !== 'string') return { ok: false, error: `${where} should be {"id","file","type","state"}` };
      if (!(EDIT_STATES as readonly unknown[]).includes(e.state)) return { ok: false, error: `${where}.state should be one of ${EDIT_STATES.join(', ')}` };
      edits.push({ id: typeof e.id === 'string' ? e.id : '', file: e.file, type: e.type as ChatTurnEdit['type'], state: e.state as EditState, ...(typeof e.reason === 'string' ? { reason: e.reason } : {}) });
    }
    turns.push({ request: t.request, currentNote: typeof t.currentNote === 'string' ? t.currentNote : null, answer: t.answer, edits, at: typeof t.at === 'string' ? t.at : '', ...(t.stopped === true ? { stopped: true } : {}) });
  }
  return { ok: true, turns };
}

function editLine(e: ChatTurnEdit): string {
  const what = `${e.type} in ${e.file}${e.id ? ` (block ${e.id})` : ''}`;
  switch (e.state) {
    case 'proposed':
      return `- ${what}: proposed, not yet decided by the user`;
    case 'refused':
      return `- ${what}: refused by Reeve${e.reason ? `: ${e.reason}` : ''}`;
    case 'accepted':
      return `- ${what}: accepted by the user (now in the note)`;
    case 'rejected':
      return `- ${what}: rejected by the user (not in the note)`;
  }
}

/** The last `limit` messages of the history (a turn is two: the request and the answer). */
export function historyMessages(turns: readonly ChatTurn[], limit: number): ChatMessage[] {
  if (limit <= 0) return [];
  const messages: ChatMessage[] = [];
  for (const t of turns) {
    messages.push({ role: 'user', content: `${t.currentNote === null ? '(no note open)' : `(viewing ${t.currentNote})`} ${t.request}` });
    const edits = t.edits.length === 0 ? '' : `\nEdits:\n${t.edits.map(editLine).join('\n')}`;
    messages.push({ role: 'assistant', content: `${t.answer}${t.stopped ? '\n(stopped by the user before it finished)' : ''}${edits}` });
  }
  const kept = messages.slice(-limit);
  // Never open on an answer whose request was cut off.
  return kept[0]?.role === 'assistant' ? kept.slice(1) : kept;
}
