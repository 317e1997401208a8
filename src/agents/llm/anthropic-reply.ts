// Anthropic Messages responses, whole or streamed, as neutral replies and events.

import type { AnthropicContentBlock, AnthropicContentDelta, AnthropicMessage, AnthropicStreamEvent } from './anthropic-wire-types';
import type { FinishReason, LlmReply, ToolCall } from './chat-types';
import { LlmError } from './llm-error';
import type { LlmEvent } from './stream-events';
import { usageFromAnthropic, ZERO_USAGE, type Usage } from './usage-cost';

export function mapAnthropicStop(reason: string | null | undefined, hasToolCalls: boolean): FinishReason {
  if (reason === 'max_tokens' || reason === 'model_context_window_exceeded') return 'length';
  if (reason === 'refusal') return 'content_filter';
  return hasToolCalls || reason === 'tool_use' ? 'tool_calls' : 'stop';
}

export function parseAnthropicMessage(message: AnthropicMessage): LlmReply {
  const content = (message.content as AnthropicMessage['content'] | undefined) ?? [];
  if (!Array.isArray(content)) throw new LlmError('bad_response', 'The response has no content blocks.');
  let text = '';
  let thinking = '';
  let signature: string | undefined;
  const toolCalls: ToolCall[] = [];
  for (const block of content) {
    if (block.type === 'text') text += block.text;
    else if (block.type === 'thinking') {
      thinking += block.thinking;
      signature = block.signature;
    } else if (block.type === 'tool_use') toolCalls.push({ id: block.id, name: block.name, arguments: JSON.stringify(block.input) });
  }
  return {
    text,
    ...(thinking === '' ? {} : { reasoning: { text: thinking, ...(signature === undefined ? {} : { signature }) } }),
    toolCalls,
    finishReason: mapAnthropicStop(message.stop_reason, toolCalls.length > 0),
    usage: usageFromAnthropic(message.usage),
    model: message.model,
  };
}

interface Block {
  kind: 'text' | 'thinking' | 'tool_use' | 'other';
  text: string;
  signature?: string;
  id: string;
  name: string;
  callIndex: number;
}

/** Builds a reply from stream events; `end()` refuses a stream that stopped before `message_stop`. */
export class AnthropicStreamAccumulator {
  private readonly blocks = new Map<number, Block>();
  private stopReason: string | null = null;
  private stopped = false;
  private usage: Usage = { ...ZERO_USAGE };
  private rawUsage: Parameters<typeof usageFromAnthropic>[0] = {};
  private model = '';
  private calls = 0;
  private readonly finishedCalls = new Set<number>();

  push(event: AnthropicStreamEvent): LlmEvent[] {
    switch (event.type) {
      case 'message_start':
        this.model = event.message.model;
        this.rawUsage = { ...event.message.usage };
        this.usage = usageFromAnthropic(this.rawUsage);
        return [];
      case 'content_block_start':
        return this.startBlock(event.index, event.content_block);
      case 'content_block_delta':
        return this.delta(event.index, event.delta);
      case 'content_block_stop':
        return this.stopBlock(event.index);
      case 'message_delta': {
        this.stopReason = event.delta.stop_reason ?? null;
        // Fields a delta leaves out or nulls keep the values from message_start.
        const defined = Object.entries(event.usage ?? {}).filter(([, value]) => typeof value === 'number');
        this.rawUsage = { ...this.rawUsage, ...Object.fromEntries(defined) };
        this.usage = usageFromAnthropic(this.rawUsage);
        return [];
      }
      case 'message_stop':
        this.stopped = true;
        return [];
      default:
        // Event types newer than this client carry nothing it uses.
        return [];
    }
  }

  end(): { events: LlmEvent[]; reply: LlmReply } {
    const ordered = [...this.blocks.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b);
    if (!this.stopped) {
      const open = ordered.find((b) => b.kind === 'tool_use' && b.callIndex >= 0 && !this.finishedCalls.has(b.callIndex));
      const where = open ? ` inside the arguments of tool call "${open.name}" (${open.text.length} characters received)` : '';
      throw new LlmError('stream_cut', `The reply stream ended before the reply was complete${where}; nothing from it was used.`);
    }
    const text = ordered.filter((b) => b.kind === 'text').map((b) => b.text).join('');
    const thinkingBlocks = ordered.filter((b) => b.kind === 'thinking');
    const thinking = thinkingBlocks.map((b) => b.text).join('');
    const signature = thinkingBlocks.at(-1)?.signature;
    const toolCalls = ordered.filter((b) => b.kind === 'tool_use').map((b) => ({ id: b.id, name: b.name, arguments: b.text === '' ? '{}' : b.text }));
    const reply: LlmReply = {
      text,
      ...(thinking === '' ? {} : { reasoning: { text: thinking, ...(signature === undefined ? {} : { signature }) } }),
      toolCalls,
      finishReason: mapAnthropicStop(this.stopReason, toolCalls.length > 0),
      usage: this.usage,
      model: this.model,
    };
    return { events: [{ type: 'usage', usage: this.usage }], reply };
  }


  private startBlock(index: number, block: AnthropicContentBlock): LlmEvent[] {
    if (block.type === 'tool_use') {
      const callIndex = this.calls++;
      this.blocks.set(index, { kind: 'tool_use', text: '', id: block.id, name: block.name, callIndex });
      return [{ type: 'tool_call_started', index: callIndex, id: block.id, name: block.name }];
    }
    if (block.type === 'text') {
      this.blocks.set(index, { kind: 'text', text: block.text, id: '', name: '', callIndex: -1 });
      return block.text === '' ? [] : [{ type: 'text', delta: block.text }];
    }
    if (block.type === 'thinking') {
      this.blocks.set(index, { kind: 'thinking', text: block.thinking, signature: block.signature, id: '', name: '', callIndex: -1 });
      return block.thinking === '' ? [] : [{ type: 'reasoning', delta: block.thinking }];
    }
    this.blocks.set(index, { kind: 'other', text: '', id: '', name: '', callIndex: -1 });
    return [];
  }

  private delta(index: number, delta: AnthropicContentDelta): LlmEvent[] {
    const block = this.blocks.get(index);
    if (!block) throw new LlmError('bad_response', `The stream sent a delta for content block ${index}, which never started.`);
    if (delta.type === 'text_delta') {
      block.text += delta.text;
      return [{ type: 'text', delta: delta.text }];
    }
    if (delta.type === 'thinking_delta') {
      block.text += delta.thinking;
      return [{ type: 'reasoning', delta: delta.thinking }];
    }
    if (delta.type === 'signature_delta') {
      block.signature = (block.signature ?? '') + delta.signature;
      return [];
    }
    if (delta.type === 'input_json_delta') {
      block.text += delta.partial_json;
      return delta.partial_json === '' ? [] : [{ type: 'tool_call_delta', index: block.callIndex, id: block.id, delta: delta.partial_json }];
    }
    return [];
  }

  private stopBlock(index: number): LlmEvent[] {
    const block = this.blocks.get(index);
    if (block?.kind !== 'tool_use') return [];
    this.finishedCalls.add(block.callIndex);
    const call = { id: block.id, name: block.name, arguments: block.text === '' ? '{}' : block.text };
    return [{ type: 'tool_call_finished', index: block.callIndex, call }];
  }
}
