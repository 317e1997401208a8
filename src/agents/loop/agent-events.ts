// What the agent loop reports while it runs, for the UI and logs. Events carry no API keys:
// errors in them are the LLM layer's redacted errors, as plain data.

import type { ToolCall } from '../llm/chat-types';
import type { LlmErrorKind } from '../llm/llm-error';
import type { LlmEvent } from '../llm/stream-events';
import type { Usage } from '../llm/usage-cost';

/** Model progress passed through: text, reasoning, tool calls forming, retries. */
export type ModelProgress = Exclude<LlmEvent, { type: 'done' } | { type: 'error' } | { type: 'usage' }>;

export type ToolResultStatus = 'ok' | 'invalid' | 'failed' | 'unknown_tool' | 'skipped';

export type StopReason = 'terminal_tool' | 'final_answer' | 'max_iterations' | 'error';

export type AgentEvent =
  | { type: 'iteration_started'; iteration: number }
  | { type: 'model'; iteration: number; event: ModelProgress }
  | { type: 'context_compacted'; iteration: number; replaced: number; savedTokens: number }
  | { type: 'context_trimmed'; iteration: number; omittedMessages: number }
  /** The model's reply was cut (stream or token limit) and the turn is asked again. */
  | { type: 'turn_retry'; iteration: number; attempt: number; reason: string }
  /** `data` is what a successful tool handed the program (e.g. a one-line summary for the timeline). */
  | { type: 'tool_result'; iteration: number; call: ToolCall; status: ToolResultStatus; content: string; data?: unknown }
  | { type: 'usage'; iteration: number; usage: Usage; costUsd: number; runUsage: Usage; runCostUsd: number }
  | { type: 'error'; iteration: number; error: { kind: LlmErrorKind; message: string } }
  | { type: 'finished'; stop: StopReason; iterations: number; runUsage: Usage; runCostUsd: number };
