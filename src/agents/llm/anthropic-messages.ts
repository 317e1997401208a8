// The neutral conversation as Anthropic Messages parameters: system text apart, tool results as
// user turns, consecutive turns of one role merged, thinking blocks sent back with their signature.

import type { AnthropicContentBlockParam, AnthropicMessageParam, AnthropicParams, AnthropicTool } from './anthropic-wire-types';
import type { ChatMessage, ChatRequest, ToolSpec } from './chat-types';
import type { ModelProfile } from './model-profile';

const JSON_MODE_INSTRUCTION = 'Reply with a single JSON object and nothing else.';
const MIN_THINKING_BUDGET = 1024;

export function toAnthropicMessages(messages: readonly ChatMessage[]): { system: string; messages: AnthropicMessageParam[] } {
  const system: string[] = [];
  const out: AnthropicMessageParam[] = [];
  const add = (role: 'user' | 'assistant', blocks: AnthropicContentBlockParam[]): void => {
    if (blocks.length === 0) return;
    const last = out.at(-1);
    if (last && last.role === role && Array.isArray(last.content)) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const m of messages) {
    if (m.role === 'system') system.push(m.content);
    else if (m.role === 'user') add('user', [{ type: 'text', text: m.content }]);
    else if (m.role === 'tool') add('user', [{ type: 'tool_result', tool_use_id: m.toolCallId, content: m.content, ...(m.isError ? { is_error: true } : {}) }]);
    else add('assistant', assistantBlocks(m.content, m.toolCalls ?? [], m.reasoning));
  }
  return { system: system.join('\n\n'), messages: out };
}

function assistantBlocks(text: string, calls: NonNullable<Extract<ChatMessage, { role: 'assistant' }>['toolCalls']>, reasoning: Extract<ChatMessage, { role: 'assistant' }>['reasoning']): AnthropicContentBlockParam[] {
  const blocks: AnthropicContentBlockParam[] = [];
  if (reasoning?.signature !== undefined) blocks.push({ type: 'thinking', thinking: reasoning.text, signature: reasoning.signature });
  if (text !== '') blocks.push({ type: 'text', text });
  for (const c of calls) blocks.push({ type: 'tool_use', id: c.id, name: c.name, input: argumentsObject(c.arguments) });
  return blocks;
}

/** Anthropic wants the input as an object; arguments the model got wrong are sent back as `{}` (the tool result says what was wrong). */
function argumentsObject(raw: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function toAnthropicTools(tools: readonly ToolSpec[]): AnthropicTool[] {
  return tools.map((t) => ({ name: t.name, description: t.description, input_schema: { ...t.parameters, type: 'object' } }));
}

export function anthropicParams(request: ChatRequest, profile: ModelProfile, maxTokens: number): AnthropicParams {
  const { system, messages } = toAnthropicMessages(request.messages);
  const systemText = request.jsonMode ? [system, JSON_MODE_INSTRUCTION].filter((s) => s !== '').join('\n\n') : system;
  const tools = request.tools ?? [];
  const thinkingBudget = Math.floor(maxTokens / 2);
  return {
    model: profile.model,
    max_tokens: maxTokens,
    messages,
    ...(systemText === '' ? {} : { system: systemText }),
    ...(tools.length > 0 ? { tools: toAnthropicTools(tools) } : {}),
    ...(profile.reasoning && thinkingBudget >= MIN_THINKING_BUDGET ? { thinking: { type: 'enabled' as const, budget_tokens: thinkingBudget } } : {}),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
}
