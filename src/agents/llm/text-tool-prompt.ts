// For models without native tool calling: the tools go into the system prompt, and earlier calls
// and results are written into the conversation as text in the same format the model must use.

import type { ChatMessage, ChatRequest, ToolCall, ToolSpec } from './chat-types';

export type TextToolFormat = 'hermes' | 'json';

export function toolInstructions(tools: readonly ToolSpec[], format: TextToolFormat): string {
  const list = tools.map((t) => JSON.stringify({ name: t.name, description: t.description, parameters: t.parameters })).join('\n');
  const how =
    format === 'hermes'
      ? 'To call a tool, write a block exactly like this (one block per call):\n<tool_call>\n{"name": "<tool name>", "arguments": {<arguments as JSON>}}\n</tool_call>\nTool results come back in <tool_response> blocks.'
      : 'To call a tool, reply with only a JSON object like this (a list of such objects for several calls):\n{"name": "<tool name>", "arguments": {<arguments as JSON>}}\nTool results come back as messages starting with "Result of tool".';
  return `You can call these tools. Each line gives a tool's name, what it does and the JSON schema of its arguments:\n<tools>\n${list}\n</tools>\n${how}\nWhen you are done, reply in plain text without any tool call.`;
}

export function renderToolCalls(calls: readonly ToolCall[], format: TextToolFormat): string {
  const json = calls.map((c) => `{"name": ${JSON.stringify(c.name)}, "arguments": ${c.arguments.trim() === '' ? '{}' : c.arguments}}`);
  return format === 'hermes' ? json.map((j) => `<tool_call>\n${j}\n</tool_call>`).join('\n') : json.join('\n');
}

function renderToolResult(m: Extract<ChatMessage, { role: 'tool' }>, format: TextToolFormat): string {
  return format === 'hermes'
    ? `<tool_response name=${JSON.stringify(m.name)}>\n${m.content}\n</tool_response>`
    : `Result of tool "${m.name}":\n${m.content}`;
}

/** The request with tools described in the system prompt and the history rewritten as text. */
export function toTextToolRequest(request: ChatRequest, format: TextToolFormat): ChatRequest {
  const tools = request.tools ?? [];
  if (tools.length === 0) return request;
  const messages: ChatMessage[] = [];
  for (const m of request.messages) {
    const last = messages.at(-1);
    if (m.role === 'assistant' && (m.toolCalls ?? []).length > 0) {
      const calls = renderToolCalls(m.toolCalls ?? [], format);
      messages.push({ role: 'assistant', content: [m.content, calls].filter((s) => s !== '').join('\n') });
    } else if (m.role === 'tool') {
      const text = renderToolResult(m, format);
      if (last?.role === 'user') messages[messages.length - 1] = { role: 'user', content: `${last.content}\n${text}` };
      else messages.push({ role: 'user', content: text });
    } else {
      messages.push(m);
    }
  }
  const instructions = toolInstructions(tools, format);
  const firstSystem = messages.findIndex((m) => m.role === 'system');
  const system = messages[firstSystem];
  if (system?.role === 'system') messages[firstSystem] = { role: 'system', content: `${system.content}\n\n${instructions}` };
  else messages.unshift({ role: 'system', content: instructions });
  const { tools: _omitted, ...rest } = request;
  return { ...rest, messages };
}
