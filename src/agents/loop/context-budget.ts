// Keeping requests within the model's context: the opening (system prompt and first user
// message) always stays, then as many of the latest exchanges as fit, whole (an assistant turn
// with its tool results); a large initial context is replaced by its summary once the model has
// seen it. The latest exchange is bounded before it gets here (exchange-budget.ts), so the
// opening and it always fit together.

import type { ChatMessage, ToolSpec } from '../llm/chat-types';

/** Rough token count (four characters a token, plus a little per message), enough for budgeting. */
export function estimateTokens(messages: readonly ChatMessage[], tools: readonly ToolSpec[] = []): number {
  let chars = 0;
  for (const m of messages) {
    chars += m.content.length + 16;
    if (m.role === 'assistant') {
      for (const c of m.toolCalls ?? []) chars += c.name.length + c.arguments.length + 16;
      // Signed reasoning (Anthropic's thinking) is sent back with the turn; unsigned is not.
      if (m.reasoning?.signature !== undefined) chars += m.reasoning.text.length + m.reasoning.signature.length;
    }
  }
  for (const t of tools) chars += JSON.stringify(t).length;
  return Math.ceil(chars / 4);
}

/** Replaces user messages that carry a `summary` by it. */
export function compactInitialContext(messages: readonly ChatMessage[]): { messages: ChatMessage[]; replaced: number; savedTokens: number } {
  let replaced = 0;
  let savedTokens = 0;
  const out = messages.map((m): ChatMessage => {
    if (m.role !== 'user' || m.summary === undefined) return m;
    replaced++;
    savedTokens += estimateTokens([m]) - estimateTokens([{ role: 'user', content: m.summary }]);
    return { role: 'user', content: m.summary };
  });
  return { messages: out, replaced, savedTokens };
}

export interface ContextBudget {
  /** At most this many messages after the opening. */
  keepLastMessages: number;
  /** Token budget for all messages (the tools and the reply are already taken out). */
  maxInputTokens: number;
}

/**
 * The messages to send: the opening, a note if anything was left out, and the latest whole
 * exchanges that fit. The opening is the first `openingLength` messages (by default up to the first
 * user message): a Task's opening ends with the request and its notes, after the chat history,
 * and must never be left out for an exchange of its own run.
 */
export function fitContext(messages: readonly ChatMessage[], budget: ContextBudget, openingLength?: number): { messages: ChatMessage[]; omitted: number } {
  const firstUser = messages.findIndex((m) => m.role === 'user');
  const headEnd = openingLength !== undefined ? Math.min(openingLength, messages.length) : firstUser < 0 ? messages.findIndex((m) => m.role !== 'system') : firstUser + 1;
  const head = headEnd < 0 ? [...messages] : messages.slice(0, headEnd);
  const rest = headEnd < 0 ? [] : messages.slice(headEnd);
  const groups = exchanges(rest);
  let count = 0;
  let tokens = estimateTokens(head);
  let keptFrom = groups.length;
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i] ?? [];
    const groupTokens = estimateTokens(group);
    const fits = count + group.length <= budget.keepLastMessages && tokens + groupTokens <= budget.maxInputTokens;
    // The latest exchange is always sent: without it the model cannot continue.
    if (!fits && keptFrom < groups.length) break;
    count += group.length;
    tokens += groupTokens;
    keptFrom = i;
  }
  const kept = groups.slice(keptFrom).flat();
  const omitted = rest.length - kept.length;
  if (omitted === 0) return { messages: [...messages], omitted: 0 };
  const note = `\n\n[${omitted} earlier messages of this conversation were left out to fit the context window.]`;
  const opening = head.map((m, i): ChatMessage => (i === head.length - 1 && m.role === 'user' ? { role: 'user', content: m.content + note } : m));
  return { messages: [...opening, ...kept], omitted };
}

/** Splits messages into exchanges that each start at an assistant turn (tool results stay with their call). */
function exchanges(messages: readonly ChatMessage[]): ChatMessage[][] {
  const groups: ChatMessage[][] = [];
  for (const m of messages) {
    const current = groups.at(-1);
    if (m.role === 'assistant' || !current) groups.push([m]);
    else current.push(m);
  }
  return groups;
}
