// The provider-neutral conversation: what the agent loop builds and every client translates
// into its provider's wire format (OpenAI chat completions, Anthropic messages, or text prompts
// for local models without native tool calling).

import type { Usage } from './usage-cost';

/** A tool call as the model sent it. `arguments` is the raw JSON text: it is validated only when run. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** Reasoning the model showed. `signature` lets Anthropic verify its thinking when it is sent back. */
export interface ReasoningTrace {
  text: string;
  signature?: string;
}

export interface SystemMessage {
  role: 'system';
  content: string;
}

export interface UserMessage {
  role: 'user';
  content: string;
  /**
   * A short stand-in for a large `content` (a vault tree, say): the model sees `content` on the
   * first iteration and this summary afterwards, which keeps later calls small.
   */
  summary?: string;
}

export interface AssistantMessage {
  role: 'assistant';
  content: string;
  toolCalls?: ToolCall[];
  reasoning?: ReasoningTrace;
}

export interface ToolResultMessage {
  role: 'tool';
  toolCallId: string;
  name: string;
  content: string;
  isError?: boolean;
}

export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolResultMessage;

/** A JSON schema object, as sent to providers. */
export type JsonSchemaObject = Record<string, unknown>;

/** What a provider needs to know about one tool. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonSchemaObject;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  /** Output token limit for this call; the model profile's `maxOutputTokens` when absent. */
  maxTokens?: number;
  /** Ask for a single JSON object as the reply (OpenAI `response_format: json_object`). */
  jsonMode?: boolean;
  temperature?: number;
  signal?: AbortSignal;
}

/** Why the model stopped. `length` and `content_filter` never reach callers as replies: they are errors. */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter';

export interface LlmReply {
  text: string;
  reasoning?: ReasoningTrace;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  usage: Usage;
  /** The model that answered, as the provider named it. */
  model: string;
}
