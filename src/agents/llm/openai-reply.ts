// OpenAI chat-completions responses, whole or streamed, as neutral replies and events.

import type { FinishReason, LlmReply, ToolCall } from './chat-types';
import { LlmError } from './llm-error';
import type { OpenAiChunk, OpenAiCompletion, OpenAiToolCallDelta } from './openai-wire-types';
import type { LlmEvent } from './stream-events';
import { splitThinkTags, ThinkTagSplitter } from './think-tags';
import { usageFromOpenAi, ZERO_USAGE, type Usage } from './usage-cost';

export function mapOpenAiFinish(reason: string | null | undefined, hasToolCalls: boolean): FinishReason {
  if (reason === 'length') return 'length';
  if (reason === 'content_filter') return 'content_filter';
  // Ollama and others answer tool calls with finish_reason "stop".
  return hasToolCalls || reason === 'tool_calls' || reason === 'function_call' ? 'tool_calls' : 'stop';
}

/** Reasoning text from compatible servers: DeepSeek and vLLM `reasoning_content`, Ollama and OpenRouter `reasoning`. */
function reasoningField(part: object): string {
  const r = part as { reasoning_content?: unknown; reasoning?: unknown };
  if (typeof r.reasoning_content === 'string') return r.reasoning_content;
  return typeof r.reasoning === 'string' ? r.reasoning : '';
}

export function parseOpenAiCompletion(completion: OpenAiCompletion, splitThink: boolean): LlmReply {
  const choice = (completion.choices as OpenAiCompletion['choices'] | undefined)?.[0];
  if (!choice) throw new LlmError('bad_response', 'The response has no choices.');
  const message = choice.message;
  const toolCalls: ToolCall[] = (message.tool_calls ?? []).flatMap((c) =>
    'function' in c && c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [],
  );
  const split = splitThink ? splitThinkTags(message.content ?? '') : { text: message.content ?? '', reasoning: '' };
  const reasoning = reasoningField(message) + split.reasoning;
  return {
    text: split.text,
    ...(reasoning === '' ? {} : { reasoning: { text: reasoning } }),
    toolCalls,
    finishReason: mapOpenAiFinish(choice.finish_reason, toolCalls.length > 0),
    usage: usageFromOpenAi(completion.usage),
    model: completion.model,
  };
}

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

/** Builds a reply from stream chunks; `end()` refuses a stream that stopped before its finish reason. */
export class OpenAiStreamAccumulator {
  private text = '';
  private reasoning = '';
  private readonly calls: PartialCall[] = [];
  /** Where each stream `index` sits in `calls`: servers may start at 1, skip numbers, or send none. */
  private readonly positions = new Map<number | string, number>();
  private lastKey: number | string | null = null;
  private finish: string | null | undefined;
  private usage: Usage = { ...ZERO_USAGE };
  private model = '';
  private readonly splitter: ThinkTagSplitter | undefined;

  constructor(splitThink: boolean) {
    this.splitter = splitThink ? new ThinkTagSplitter() : undefined;
  }

  push(chunk: OpenAiChunk): LlmEvent[] {
    const events: LlmEvent[] = [];
    if (chunk.model) this.model = chunk.model;
    if (chunk.usage) this.usage = usageFromOpenAi(chunk.usage);
    const choice = chunk.choices?.[0];
    if (!choice) return events;
    const delta = choice.delta;
    if (delta) {
      this.addReasoning(reasoningField(delta), events);
      if (typeof delta.content === 'string' && delta.content !== '') {
        const piece = this.splitter ? this.splitter.push(delta.content) : { text: delta.content, reasoning: '' };
        this.addReasoning(piece.reasoning, events);
        this.addText(piece.text, events);
      }
      for (const tc of delta.tool_calls ?? []) this.addToolDelta(tc, events);
    }
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return events;
  }

  end(): { events: LlmEvent[]; reply: LlmReply } {
    if (!this.finish) {
      const open = this.calls.at(-1);
      const where = open ? ` inside the arguments of tool call "${open.name}" (${open.arguments.length} characters received)` : '';
      throw new LlmError('stream_cut', `The reply stream ended before the reply was complete${where}; nothing from it was used.`);
    }
    const events: LlmEvent[] = [];
    if (this.splitter) {
      const rest = this.splitter.flush();
      this.addReasoning(rest.reasoning, events);
      this.addText(rest.text, events);
    }
    const toolCalls = this.calls.map((c) => ({ ...c }));
    toolCalls.forEach((call, index) => events.push({ type: 'tool_call_finished', index, call }));
    events.push({ type: 'usage', usage: this.usage });
    const reply: LlmReply = {
      text: this.text,
      ...(this.reasoning === '' ? {} : { reasoning: { text: this.reasoning } }),
      toolCalls,
      finishReason: mapOpenAiFinish(this.finish, toolCalls.length > 0),
      usage: this.usage,
      model: this.model,
    };
    return { events, reply };
  }

  private addText(text: string, events: LlmEvent[]): void {
    if (text === '') return;
    this.text += text;
    events.push({ type: 'text', delta: text });
  }

  private addReasoning(text: string, events: LlmEvent[]): void {
    if (text === '') return;
    this.reasoning += text;
    events.push({ type: 'reasoning', delta: text });
  }

  /**
   * The key of the call a delta belongs to: its stream index; without one (some servers send none),
   * a delta carrying a new id starts a call and any other continues the last.
   */
  private keyOf(tc: OpenAiToolCallDelta): number | string {
    const index = (tc as { index?: number }).index;
    if (typeof index === 'number') return index;
    const last = this.lastKey === null ? undefined : this.calls[this.positions.get(this.lastKey) ?? -1];
    if (last !== undefined && (tc.id === undefined || tc.id === last.id)) return this.lastKey as number | string;
    return `unindexed-${this.calls.length}`;
  }

  private addToolDelta(tc: OpenAiToolCallDelta, events: LlmEvent[]): void {
    const key = this.keyOf(tc);
    this.lastKey = key;
    let position = this.positions.get(key);
    let call = position === undefined ? undefined : this.calls[position];
    if (position === undefined || !call) {
      position = this.calls.length;
      call = { id: tc.id ?? `call_${position}`, name: tc.function?.name ?? '', arguments: '' };
      this.positions.set(key, position);
      this.calls.push(call);
      events.push({ type: 'tool_call_started', index: position, id: call.id, name: call.name });
    } else if (tc.function?.name) {
      call.name += tc.function.name;
    }
    const args = tc.function?.arguments ?? '';
    if (args !== '') {
      call.arguments += args;
      events.push({ type: 'tool_call_delta', index: position, id: call.id, delta: args });
    }
  }
}
