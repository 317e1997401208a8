// The parts of the OpenAI Chat Completions, Embeddings and Models APIs that Reeve sends and reads
// (the same shapes the official `openai` SDK declares; tests/agents/llm/sdk-parity.test.ts holds
// the scripted server, and so these clients, to what that SDK sees). Response fields are optional
// where servers that call themselves compatible leave them out.

export type OpenAiMessageParam =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'tool'; tool_call_id: string; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAiToolCall[] };

export interface OpenAiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface OpenAiTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface OpenAiChatParams {
  model: string;
  messages: OpenAiMessageParam[];
  tools?: OpenAiTool[];
  max_completion_tokens?: number;
  response_format?: { type: 'json_object' };
  temperature?: number;
}

export interface OpenAiUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
}

export interface OpenAiCompletion {
  model: string;
  choices: {
    message: { content?: string | null; tool_calls?: (OpenAiToolCall | { type: string })[] | null };
    finish_reason?: string | null;
  }[];
  usage?: OpenAiUsage | null;
}

export interface OpenAiToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

export interface OpenAiChunk {
  model?: string;
  choices?: { delta?: { content?: string | null; tool_calls?: OpenAiToolCallDelta[] | null }; finish_reason?: string | null }[];
  usage?: OpenAiUsage | null;
}

export interface OpenAiEmbeddingsParams {
  model: string;
  input: string[];
  encoding_format: 'float' | 'base64';
  dimensions?: number;
}

export interface OpenAiEmbeddings {
  data: { index: number; embedding: unknown }[];
  usage?: { prompt_tokens?: number };
}
