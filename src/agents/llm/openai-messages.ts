// The neutral conversation as OpenAI chat-completions parameters.

import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ChatMessage, ChatRequest, ToolSpec } from './chat-types';
import type { ModelProfile } from './model-profile';
import type { ProviderKind } from './provider-config';

export function toOpenAiMessages(messages: readonly ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    switch (m.role) {
      case 'system':
        return { role: 'system', content: m.content };
      case 'user':
        return { role: 'user', content: m.content };
      case 'tool':
        return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
      case 'assistant': {
        const calls = m.toolCalls ?? [];
        if (calls.length === 0) return { role: 'assistant', content: m.content };
        return {
          role: 'assistant',
          content: m.content === '' ? null : m.content,
          tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
        };
      }
    }
  });
}

export function toOpenAiTools(tools: readonly ToolSpec[]): ChatCompletionTool[] {
  return tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
}

/** Request parameters without `stream`. OpenAI's own API wants `max_completion_tokens`; compatible servers know `max_tokens`. */
export function openAiParams(request: ChatRequest, profile: ModelProfile, kind: ProviderKind, maxTokens: number): Omit<ChatCompletionCreateParamsNonStreaming, 'stream'> {
  const tools = request.tools ?? [];
  return {
    model: profile.model,
    messages: toOpenAiMessages(request.messages),
    ...(tools.length > 0 ? { tools: toOpenAiTools(tools) } : {}),
    ...(kind === 'openai' ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens }),
    ...(request.jsonMode ? { response_format: { type: 'json_object' as const } } : {}),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
}
