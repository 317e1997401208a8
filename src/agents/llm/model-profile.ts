// What Reeve knows about a model: limits, how it calls tools, and what it costs. Editable in
// settings; the defaults below are starting points, prices in US dollars per million tokens.

import type { Prices } from './usage-cost';

/**
 * `native`: the provider's tool-calling API. For local models without it: `hermes` replies carry
 * `<tool_call>{"name":…,"arguments":…}</tool_call>` blocks; `json` replies are a JSON object
 * `{"name":…,"arguments":…}` (bare or in a ```json fence).
 */
export const TOOL_FORMATS = ['native', 'hermes', 'json'] as const;
export type ToolFormat = (typeof TOOL_FORMATS)[number];

export interface ModelProfile {
  /** Names the profile in settings and in phase choices. */
  id: string;
  /** The `id` of a ProviderConfig. */
  provider: string;
  /** The model name the provider expects. */
  model: string;
  contextWindow: number;
  maxOutputTokens: number;
  /** Stream replies (live text and reasoning); off for servers that stream badly. */
  streaming: boolean;
  toolFormat: ToolFormat;
  /**
   * Show the model's reasoning: Anthropic extended thinking is requested; OpenAI-compatible
   * `reasoning_content` fields and leading `<think>` blocks are shown as reasoning either way.
   */
  reasoning: boolean;
  prices: Prices;
}

/** Agents choose a model per phase: a cheap one to explore, a stronger one to plan. */
export const PHASES = ['explore', 'plan'] as const;
export type Phase = (typeof PHASES)[number];

function profile(id: string, provider: string, contextWindow: number, maxOutputTokens: number, prices: Prices, toolFormat: ToolFormat = 'native'): ModelProfile {
  return { id, provider, model: id, contextWindow, maxOutputTokens, streaming: true, toolFormat, reasoning: false, prices };
}

export const DEFAULT_MODEL_PROFILES: readonly ModelProfile[] = [
  profile('gpt-4.1-mini', 'openai', 1_047_576, 16_384, { input: 0.4, output: 1.6, cachedInput: 0.1 }),
  profile('gpt-4.1', 'openai', 1_047_576, 16_384, { input: 2, output: 8, cachedInput: 0.5 }),
  profile('claude-haiku-4-5', 'anthropic', 200_000, 16_384, { input: 1, output: 5, cachedInput: 0.1 }),
  profile('claude-sonnet-4-5', 'anthropic', 200_000, 16_384, { input: 3, output: 15, cachedInput: 0.3 }),
  profile('qwen2.5:7b', 'ollama', 32_768, 4_096, { input: 0, output: 0, cachedInput: 0 }, 'hermes'),
];
