// The Task's one answer channel. An answer becomes a proposal only as a call of `propose_edits`:
// a native call, a local model's text tool call, or a reply that is a JSON document as a whole
// (fenced or bare, nothing but whitespace around it), which this client turns into that call so
// it runs through the same checks and gets the same correction turn as a native one. Prose that
// quotes JSON (a note's text, a web page, a template, a code sample) stays a plain answer, shown
// as written: what the model quotes is data, never an answer.

import { wholeJsonDocument } from '../../edits/instructions/parse-answer';
import type { ChatRequest, LlmReply, ToolCall } from '../llm/chat-types';
import type { LlmClient } from '../llm/llm-client';
import { collectReply, type LlmEvent } from '../llm/stream-events';

export const ANSWER_TOOL = 'propose_edits';

function parsed(json: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The call a reply that is a whole JSON document stands for: the answer object ({summary, edits})
 * as `propose_edits`; an object naming a tool ({name, arguments}) as that call, so an unknown name
 * is told to the model as one; an answer that does not parse as `propose_edits` with its text, so
 * the model hears what is wrong with it. Null for anything else, which is a plain answer.
 */
export function documentCall(text: string, id: string): ToolCall | null {
  const json = wholeJsonDocument(text);
  if (json === null || !json.startsWith('{')) return null;
  const value = parsed(json);
  if (value === null) return /"(summary|edits)"\s*:/.test(json) ? { id, name: ANSWER_TOOL, arguments: json } : null;
  if ('summary' in value || 'edits' in value) return { id, name: ANSWER_TOOL, arguments: json };
  if (typeof value.name === 'string' && value.name !== '') {
    const args = value.arguments ?? value.parameters ?? {};
    return { id, name: value.name, arguments: typeof args === 'string' ? args : JSON.stringify(args) };
  }
  return null;
}

/** The Task's client: replies pass through, except that a whole JSON document becomes its call. */
export class AnswerChannelClient implements LlmClient {
  private calls = 0;

  constructor(private readonly inner: LlmClient) {}

  get provider(): LlmClient['provider'] {
    return this.inner.provider;
  }

  get profile(): LlmClient['profile'] {
    return this.inner.profile;
  }

  async *stream(request: ChatRequest): AsyncGenerator<LlmEvent, void, undefined> {
    for await (const event of this.inner.stream(request)) {
      if (event.type !== 'done' || event.reply.toolCalls.length > 0) {
        yield event;
        continue;
      }
      const call = documentCall(event.reply.text, `answer_${++this.calls}`);
      if (call === null) {
        yield event;
        continue;
      }
      yield { type: 'tool_call_started', index: 0, id: call.id, name: call.name };
      yield { type: 'tool_call_finished', index: 0, call };
      const reply: LlmReply = { ...event.reply, text: '', toolCalls: [call], finishReason: 'tool_calls' };
      yield { type: 'done', reply };
    }
  }

  complete(request: ChatRequest): Promise<LlmReply> {
    return collectReply(this.stream(request));
  }

  listModels(signal?: AbortSignal): Promise<string[]> {
    return this.inner.listModels(signal);
  }
}
