// Gives a model without native tool calling the same interface as one with it: tools are
// described in the prompt, and calls are read from the finished reply's text. Calls are parsed
// only from a complete reply (a cut or truncated reply is an error before it gets here).

import type { ChatRequest, LlmReply } from './chat-types';
import type { LlmClient } from './llm-client';
import { collectReply, type LlmEvent } from './stream-events';
import { parseTextToolCalls } from './text-tool-calls';
import { toTextToolRequest, type TextToolFormat } from './text-tool-prompt';

export class TextToolClient implements LlmClient {
  private callCount = 0;

  constructor(
    private readonly inner: LlmClient,
    private readonly format: TextToolFormat,
  ) {}

  get provider(): LlmClient['provider'] {
    return this.inner.provider;
  }

  get profile(): LlmClient['profile'] {
    return this.inner.profile;
  }

  async *stream(request: ChatRequest): AsyncGenerator<LlmEvent, void, undefined> {
    const tools = request.tools ?? [];
    if (tools.length === 0) {
      yield* this.inner.stream(request);
      return;
    }
    const known = new Set(tools.map((t) => t.name));
    for await (const event of this.inner.stream(toTextToolRequest(request, this.format))) {
      if (event.type !== 'done') {
        yield event;
        continue;
      }
      const parsed = parseTextToolCalls(event.reply.text, known, () => `text_call_${++this.callCount}`);
      for (const [index, call] of parsed.calls.entries()) {
        yield { type: 'tool_call_started', index, id: call.id, name: call.name };
        yield { type: 'tool_call_finished', index, call };
      }
      const reply: LlmReply = {
        ...event.reply,
        text: parsed.text,
        toolCalls: parsed.calls,
        finishReason: parsed.calls.length > 0 ? 'tool_calls' : event.reply.finishReason,
      };
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
