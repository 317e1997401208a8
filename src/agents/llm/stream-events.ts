// What a model call yields while it runs: the UI shows text and reasoning as they arrive and
// tool calls as they form; the agent acts only on `done`, whose reply is complete and checked.

import type { LlmReply, ToolCall } from './chat-types';
import { LlmError } from './llm-error';
import type { Usage } from './usage-cost';

export type LlmEvent =
  | { type: 'text'; delta: string }
  | { type: 'reasoning'; delta: string }
  | { type: 'tool_call_started'; index: number; id: string; name: string }
  | { type: 'tool_call_delta'; index: number; id: string; delta: string }
  /** Emitted once the call's arguments are complete; it is executed only if the reply completes too. */
  | { type: 'tool_call_finished'; index: number; call: ToolCall }
  | { type: 'usage'; usage: Usage }
  /** The call failed and will be sent again after `delayMs`. */
  | { type: 'retry'; attempt: number; delayMs: number; reason: string }
  | { type: 'done'; reply: LlmReply }
  | { type: 'error'; error: LlmError };

/** Consumes a call's events and returns its reply, or throws its error. */
export async function collectReply(events: AsyncIterable<LlmEvent>, onEvent?: (e: LlmEvent) => void): Promise<LlmReply> {
  for await (const event of events) {
    onEvent?.(event);
    if (event.type === 'done') return event.reply;
    if (event.type === 'error') throw event.error;
  }
  throw new LlmError('bad_response', 'The model call ended without a reply.');
}

/** The events a whole (non-streamed) reply stands for, in streaming order, without `done`. */
export function replyEvents(reply: LlmReply): LlmEvent[] {
  const events: LlmEvent[] = [];
  if (reply.reasoning && reply.reasoning.text !== '') events.push({ type: 'reasoning', delta: reply.reasoning.text });
  if (reply.text !== '') events.push({ type: 'text', delta: reply.text });
  reply.toolCalls.forEach((call, index) => {
    events.push({ type: 'tool_call_started', index, id: call.id, name: call.name });
    events.push({ type: 'tool_call_finished', index, call });
  });
  events.push({ type: 'usage', usage: reply.usage });
  return events;
}
