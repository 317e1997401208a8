// The neutral conversation as OpenAI chat-completions parameters.

import type { ChatMessage, ChatRequest, ToolSpec } from './chat-types';
import type { ModelProfile } from './model-profile';
import type { OpenAiChatParams, OpenAiMessageParam, OpenAiTool } from './openai-wire-types';
import type { ProviderKind } from './provider-config';

export function toOpenAiMessages(messages: readonly ChatMessage[]): OpenAiMessageParam[] {
  return messages.map((m): OpenAiMessageParam => {
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

export function toOpenAiTools(tools: readonly ToolSpec[]): OpenAiTool[] {
  return tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
}

/**
 * Compatible servers (Ollama, LM Studio, vLLM) know only `max_tokens`, which OpenAI's own API
 * replaced (its types mark it deprecated): the legacy name is written as plain data.
 */
function outputLimit(kind: ProviderKind, maxTokens: number): { max_completion_tokens: number } | Record<never, never> {
  if (kind === 'openai') return { max_completion_tokens: maxTokens };
  const legacy: Record<string, number> = {};
  legacy['max_tokens'] = maxTokens;
  return legacy;
}

/** Request parameters without `stream`. OpenAI's own API wants `max_completion_tokens`; compatible servers know `max_tokens`. */
export function openAiParams(request: ChatRequest, profile: ModelProfile, kind: ProviderKind, maxTokens: number): OpenAiChatParams {
  const tools = request.tools ?? [];
  return {
    model: profile.model,
    messages: toOpenAiMessages(request.messages),
    ...(tools.length > 0 ? { tools: toOpenAiTools(tools) } : {}),
    ...outputLimit(kind, maxTokens),
    ...(request.jsonMode ? { response_format: { type: 'json_object' as const } } : {}),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
}
