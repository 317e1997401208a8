// A chat file: one JSON document, pretty-printed so that it reads without Reeve, marked as
// Reeve's (`"reeve": "chat"`) with a format version. Reading checks every field the view and
// the history rely on and names the first problem with where it is (`messages[3].turn.answer`);
// a file that is not JSON, not a chat, or of a newer format is refused, never "repaired".

import { PHASE_NAMES, type PipelineEvent } from '../pipeline/pipeline-events';
import type { PhaseUsage } from '../pipeline/pipeline-context';
import { readChatTurns } from '../task/chat-history';
import type { Chat, ChatMessageRecord, ProposalTexts } from './chat-types';

export const CHAT_FORMAT = 'chat';
export const CHAT_VERSION = 1;

export type DecodedChat = { ok: true; chat: Chat } | { ok: false; reason: string };

export function encodeChat(chat: Chat): string {
  return `${JSON.stringify({ reeve: CHAT_FORMAT, version: CHAT_VERSION, ...chat }, null, 1)}\n`;
}

class Bad extends Error {}

type Rec = Record<string, unknown>;

function isRecord(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function obj(v: unknown, where: string): Rec {
  if (!isRecord(v)) throw new Bad(`${where} should be an object`);
  return v;
}

function str(r: Rec, key: string, where: string): string {
  const v = r[key];
  if (typeof v !== 'string') throw new Bad(`${where}.${key} should be text`);
  return v;
}

function strOrNull(r: Rec, key: string, where: string): string | null {
  const v = r[key];
  if (v !== null && typeof v !== 'string') throw new Bad(`${where}.${key} should be text or null`);
  return v;
}

function num(r: Rec, key: string, where: string): number {
  const v = r[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Bad(`${where}.${key} should be a number`);
  return v;
}

function bool(r: Rec, key: string, where: string): boolean {
  const v = r[key];
  if (typeof v !== 'boolean') throw new Bad(`${where}.${key} should be true or false`);
  return v;
}

function list(r: Rec, key: string, where: string): unknown[] {
  const v = r[key];
  if (!Array.isArray(v)) throw new Bad(`${where}.${key} should be a list`);
  return v;
}

function phaseUsage(v: unknown, where: string): PhaseUsage {
  const r = obj(v, where);
  const u = obj(r.usage, `${where}.usage`);
  return {
    usage: { inputTokens: num(u, 'inputTokens', `${where}.usage`), outputTokens: num(u, 'outputTokens', `${where}.usage`), cachedInputTokens: num(u, 'cachedInputTokens', `${where}.usage`) },
    costUsd: num(r, 'costUsd', where),
  };
}

/** The fields each event type must have, and their kinds (the view reads them without checking). */
const EVENT_FIELDS: Record<PipelineEvent['type'], Record<string, 'string' | 'number' | 'boolean' | 'list' | 'object' | 'phase' | 'phase?' | 'string?'>> = {
  run_started: { phases: 'list' },
  phase_started: { phase: 'phase' },
  phase_finished: { phase: 'phase', stopped: 'boolean', usage: 'object', costUsd: 'number' },
  tool_call: { phase: 'phase', callId: 'string', name: 'string', arguments: 'string', summary: 'string' },
  tool_result: { phase: 'phase', callId: 'string', name: 'string', status: 'string', summary: 'string', content: 'string' },
  text_delta: { phase: 'phase', text: 'string' },
  reasoning_delta: { phase: 'phase', text: 'string' },
  retry: { phase: 'phase', reason: 'string' },
  selection_updated: { selected: 'list', reasoning: 'string', confidence: 'string' },
  question: { phase: 'phase', question: 'string' },
  question_answered: { phase: 'phase', question: 'string', answer: 'string' },
  web_search: { query: 'string', results: 'number' },
  web_page: { url: 'string', tokens: 'number', status: 'string' },
  notes_dropped: { dropped: 'list', limit: 'number' },
  usage: { phase: 'phase', usage: 'object', costUsd: 'number', totalUsage: 'object', totalCostUsd: 'number' },
  edits_proposed: { edits: 'list' },
  edits_refused: { refused: 'list' },
  notes_opened: { paths: 'list' },
  error: { phase: 'phase?', message: 'string' },
  stopped: { phase: 'phase?' },
  run_finished: { stopped: 'boolean', error: 'string?' },
};

function fieldOk(v: unknown, kind: string): boolean {
  switch (kind) {
    case 'list':
      return Array.isArray(v);
    case 'object':
      return isRecord(v);
    case 'phase':
      return (PHASE_NAMES as readonly unknown[]).includes(v);
    case 'phase?':
      return v === null || (PHASE_NAMES as readonly unknown[]).includes(v);
    case 'string?':
      return v === null || typeof v === 'string';
    default:
      return typeof v === kind;
  }
}

function event(v: unknown, where: string): PipelineEvent {
  const r = obj(v, where);
  const type = str(r, 'type', where);
  const fields = (EVENT_FIELDS as Record<string, Record<string, string> | undefined>)[type];
  if (fields === undefined) throw new Bad(`${where}.type "${type}" is not an event Reeve knows`);
  for (const [key, kind] of Object.entries(fields)) if (!fieldOk(r[key], kind)) throw new Bad(`${where}.${key} is missing or of the wrong kind for a ${type} event`);
  return r as unknown as PipelineEvent;
}

function proposal(v: unknown, where: string): ProposalTexts {
  const r = obj(v, where);
  return { id: str(r, 'id', where), file: str(r, 'file', where), before: str(r, 'before', where), after: str(r, 'after', where), ...(r.newNote === true ? { newNote: true as const } : {}) };
}

/** `read(r, where)` when the field is there; `fallback` when it is absent (older or minimal records). */
function opt<T>(r: Rec, key: string, fallback: T, read: (r: Rec) => T): T {
  return r[key] === undefined ? fallback : read(r);
}

const zeroUsage = (): PhaseUsage => ({ usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 }, costUsd: 0 });

/**
 * A message. The turn and the events are required (they are the conversation); the rest has
 * defaults when absent, so a record written with fewer fields still opens, but a field that is
 * there must be of the right kind.
 */
function message(v: unknown, where: string): ChatMessageRecord {
  const r = obj(v, where);
  const turns = readChatTurns([obj(r.turn, `${where}.turn`)]);
  if (!turns.ok) throw new Bad(`${where}.turn: ${turns.error.replace(/^turns\[0\]\.?/, '')}`);
  const turn = turns.turns[0] as ChatMessageRecord['turn'];
  const agents = opt(r, 'agents', { scout: false, web: false, task: true }, () => {
    const a = obj(r.agents, `${where}.agents`);
    return { scout: bool(a, 'scout', `${where}.agents`), web: bool(a, 'web', `${where}.agents`), task: bool(a, 'task', `${where}.agents`) };
  });
  const manual = opt(r, 'manual', [] as unknown[], () => list(r, 'manual', where));
  if (manual.some((m) => typeof m !== 'string')) throw new Bad(`${where}.manual should be a list of paths`);
  const read = opt(r, 'read', undefined as unknown[] | undefined, () => list(r, 'read', where));
  if (read?.some((m) => typeof m !== 'string')) throw new Bad(`${where}.read should be a list of paths`);
  const usage = opt(r, 'usage', { scout: zeroUsage(), web: zeroUsage(), task: zeroUsage() }, () => {
    const u = obj(r.usage, `${where}.usage`);
    return { scout: phaseUsage(u.scout, `${where}.usage.scout`), web: phaseUsage(u.web, `${where}.usage.web`), task: phaseUsage(u.task, `${where}.usage.task`) };
  });
  return {
    id: opt(r, 'id', '', () => str(r, 'id', where)),
    request: opt(r, 'request', turn.request, () => str(r, 'request', where)),
    agents,
    currentNote: opt(r, 'currentNote', turn.currentNote, () => strOrNull(r, 'currentNote', where)),
    manual: manual as string[],
    depth: opt(r, 'depth', 2, () => num(r, 'depth', where)),
    sameFolder: opt(r, 'sameFolder', false, () => bool(r, 'sameFolder', where)),
    turn,
    events: list(r, 'events', where).map((e, i) => event(e, `${where}.events[${i}]`)),
    ...(read === undefined ? {} : { read: read as string[] }),
    proposals: opt(r, 'proposals', [] as unknown[], () => list(r, 'proposals', where)).map((p, i) => proposal(p, `${where}.proposals[${i}]`)),
    usage,
    total: opt(r, 'total', zeroUsage(), () => phaseUsage(r.total, `${where}.total`)),
    stopped: opt(r, 'stopped', turn.stopped === true, () => bool(r, 'stopped', where)),
    error: opt(r, 'error', null, () => strOrNull(r, 'error', where)),
    question: opt(r, 'question', null, () => strOrNull(r, 'question', where)),
  };
}

/** Reads a chat file's text: the chat, or why it cannot be opened. */
export function decodeChat(text: string): DecodedChat {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return { ok: false, reason: `it is not valid JSON (${e instanceof Error ? e.message : String(e)}); it may have been cut short or edited` };
  }
  if (!isRecord(value) || value.reeve !== CHAT_FORMAT) return { ok: false, reason: 'it is not a Reeve chat (no "reeve": "chat" marker)' };
  if (value.version !== CHAT_VERSION) return { ok: false, reason: `it is a chat of format version ${JSON.stringify(value.version)}; this Reeve reads version ${CHAT_VERSION}` };
  try {
    const chat: Chat = {
      id: str(value, 'id', 'chat'),
      title: str(value, 'title', 'chat'),
      createdAt: str(value, 'createdAt', 'chat'),
      updatedAt: str(value, 'updatedAt', 'chat'),
      messages: list(value, 'messages', 'chat').map((m, i) => message(m, `messages[${i}]`)),
    };
    return { ok: true, chat };
  } catch (e) {
    if (e instanceof Bad) return { ok: false, reason: e.message };
    throw e;
  }
}
