// What the chat view keeps of a conversation is the chat store's record (src/agents/chat): per
// message the request, the turn the Task agent's history reads (answer, edits and what became of
// them), the run's events (plain data, so a reopened chat shows its timelines as they ran) and
// its tokens and cost. The view sees the store through the small seam below.
import { addUsage, ZERO_USAGE, type Usage } from '../../agents/llm/usage-cost';
import type { Chat, ChatMessageRecord, ChatSummary } from '../../agents/chat/chat-types';

export type { Chat as ChatRecord, ChatMessageRecord, ChatSummary } from '../../agents/chat/chat-types';

/** The store the view saves to (the plugin's ChatStore; anything with this shape in tests). */
export interface ChatStoreLike {
  list(): Promise<ChatSummary[]>;
  /** Throws with a message that says what is wrong with the file, and leaves it on disk. */
  load(id: string): Promise<Chat>;
  save(chat: Chat): Promise<void>;
  rename(id: string, title: string): Promise<unknown>;
  remove(id: string): Promise<void>;
  /** Writes the chat as a Markdown note in the chat folder ("Export to note"); the note's path. */
  exportToNote(id: string): Promise<string>;
}

export function messageUsage(m: ChatMessageRecord): { usage: Usage; costUsd: number } {
  return m.total;
}

export function chatUsage(chat: Chat): { usage: Usage; costUsd: number } {
  let usage: Usage = { ...ZERO_USAGE };
  let costUsd = 0;
  for (const m of chat.messages) {
    usage = addUsage(usage, m.total.usage);
    costUsd += m.total.costUsd;
  }
  return { usage, costUsd };
}
