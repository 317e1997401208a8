// What the chat view keeps of a conversation: per message the request, the turn as the Task agent's
// history needs it (answer, edits and what became of them) and the run's events, which are plain
// data, so a reopened chat shows its timelines exactly as they ran.
import type { Usage } from '../../agents/llm/usage-cost';
import { addUsage, ZERO_USAGE } from '../../agents/llm/usage-cost';
import type { PipelineEvent } from '../../agents/pipeline/pipeline-events';
import type { ChatTurn } from '../../agents/task/chat-history';

export interface ChatMessageRecord {
  turn: ChatTurn;
  events: PipelineEvent[];
}

export interface ChatRecord {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  messages: ChatMessageRecord[];
}

export interface ChatSummary {
  id: string;
  title: string;
  updatedAt: string;
}

/** The store the view saves to (the plugin's chat store; anything with this shape in tests). */
export interface ChatStoreLike {
  list(): Promise<ChatSummary[]>;
  /** Throws with a message that says what is wrong with the file, and leaves it on disk. */
  load(id: string): Promise<ChatRecord>;
  save(chat: ChatRecord): Promise<void>;
  rename(id: string, title: string): Promise<void>;
  remove(id: string): Promise<void>;
}

export function newChat(now: Date, id: string): ChatRecord {
  const at = now.toISOString();
  return { id, title: 'New chat', createdAt: at, updatedAt: at, messages: [] };
}

/** A title from the first request: its first line, shortened. */
export function titleFrom(request: string): string {
  const line = request.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 57)}…` : line || 'New chat';
}

/** The run's total tokens and cost, from its last usage event (which carries the run's totals). */
export function messageUsage(events: readonly PipelineEvent[]): { usage: Usage; costUsd: number } {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.type === 'usage') return { usage: e.totalUsage, costUsd: e.totalCostUsd };
  }
  return { usage: { ...ZERO_USAGE }, costUsd: 0 };
}

export function chatUsage(chat: ChatRecord): { usage: Usage; costUsd: number } {
  let usage: Usage = { ...ZERO_USAGE };
  let costUsd = 0;
  for (const m of chat.messages) {
    const u = messageUsage(m.events);
    usage = addUsage(usage, u.usage);
    costUsd += u.costUsd;
  }
  return { usage, costUsd };
}

/** Events as saved: consecutive text and reasoning deltas of a phase merged into one event each. */
export function compactEvents(events: readonly PipelineEvent[]): PipelineEvent[] {
  const out: PipelineEvent[] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if ((e.type === 'text_delta' || e.type === 'reasoning_delta') && last?.type === e.type && last.phase === e.phase) {
      out[out.length - 1] = { ...last, text: last.text + e.text };
    } else out.push(e);
  }
  return out;
}
