// One model turn of the agent loop. A reply that was cut (stream broken, or the token limit hit)
// is asked for again, a bounded number of times; nothing from the cut reply is kept.

import type { ChatMessage, LlmReply, ToolSpec } from '../llm/chat-types';
import type { LlmClient } from '../llm/llm-client';
import { LlmError } from '../llm/llm-error';
import { addUsage, ZERO_USAGE, type Usage } from '../llm/usage-cost';
import type { AgentEvent } from './agent-events';

const TRUNCATED_NOTE = 'Your previous reply was cut off at the output token limit and was discarded. Reply again, more briefly: fewer or smaller tool calls, less text.';

export interface TurnInput {
  client: LlmClient;
  messages: ChatMessage[];
  tools: ToolSpec[];
  maxTokens: number;
  jsonMode: boolean;
  maxTurnRetries: number;
  signal: AbortSignal | undefined;
  iteration: number;
  emit: (event: AgentEvent) => void;
}

export type TurnOutcome = { reply: LlmReply; usage: Usage } | { error: LlmError; usage: Usage };

export async function callModel(input: TurnInput): Promise<TurnOutcome> {
  const { client, iteration, emit } = input;
  let usage: Usage = { ...ZERO_USAGE };
  let lastError: LlmError | undefined;
  for (let attempt = 0; ; attempt++) {
    const messages = lastError?.kind === 'truncated' ? [...input.messages, { role: 'user' as const, content: TRUNCATED_NOTE }] : input.messages;
    let error: LlmError | undefined;
    for await (const event of client.stream({
      messages,
      ...(input.tools.length > 0 ? { tools: input.tools } : {}),
      maxTokens: input.maxTokens,
      ...(input.jsonMode ? { jsonMode: true } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    })) {
      if (event.type === 'done') return { reply: event.reply, usage: addUsage(usage, event.reply.usage) };
      if (event.type === 'error') error = event.error;
      else if (event.type !== 'usage') emit({ type: 'model', iteration, event });
    }
    const failed = error ?? new LlmError('bad_response', 'The model call ended without a reply.');
    if (failed.usage) usage = addUsage(usage, failed.usage);
    if (!failed.agentRetryable || attempt >= input.maxTurnRetries) return { error: failed, usage };
    emit({ type: 'turn_retry', iteration, attempt: attempt + 1, reason: failed.message });
    lastError = failed;
  }
}
