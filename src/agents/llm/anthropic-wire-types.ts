// The parts of the Anthropic Messages and Models APIs that Reeve sends and reads (the same shapes
// the official `@anthropic-ai/sdk` declares; tests/agents/llm/sdk-parity.test.ts holds the scripted
// server, and so these clients, to what that SDK sees).

export type AnthropicContentBlockParam =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

export interface AnthropicMessageParam {
  role: 'user' | 'assistant';
  content: AnthropicContentBlockParam[];
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown> & { type: 'object' };
}

export interface AnthropicParams {
  model: string;
  max_tokens: number;
  messages: AnthropicMessageParam[];
  system?: string;
  tools?: AnthropicTool[];
  thinking?: { type: 'enabled'; budget_tokens: number };
  temperature?: number;
}

export interface AnthropicUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

export type AnthropicContentBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature?: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'other' };

export interface AnthropicMessage {
  model: string;
  content: AnthropicContentBlock[];
  stop_reason?: string | null;
  usage?: AnthropicUsage;
}

export type AnthropicContentDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'signature_delta'; signature: string }
  | { type: 'input_json_delta'; partial_json: string }
  | { type: 'other' };

export type AnthropicStreamEvent =
  | { type: 'message_start'; message: { model: string; usage?: AnthropicUsage } }
  | { type: 'content_block_start'; index: number; content_block: AnthropicContentBlock }
  | { type: 'content_block_delta'; index: number; delta: AnthropicContentDelta }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason?: string | null }; usage?: AnthropicUsage }
  | { type: 'message_stop' };
