// Token usage as the providers report it, normalized, and its price from the model profile.

export interface Usage {
  /** All prompt tokens, cached ones included. */
  inputTokens: number;
  outputTokens: number;
  /** The part of `inputTokens` served from the provider's prompt cache (billed at the cached price). */
  cachedInputTokens: number;
}

/** US dollars per million tokens. */
export interface Prices {
  input: number;
  output: number;
  cachedInput: number;
}

export const ZERO_USAGE: Usage = Object.freeze({ inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 });

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
  };
}

/** Cost in US dollars. Cached tokens are priced at the cached rate, the rest of the input at the input rate. */
export function costUsd(usage: Usage, prices: Prices): number {
  const cached = Math.min(usage.cachedInputTokens, usage.inputTokens);
  const uncached = usage.inputTokens - cached;
  return (uncached * prices.input + cached * prices.cachedInput + usage.outputTokens * prices.output) / 1_000_000;
}

/** OpenAI chat completions usage: `prompt_tokens` already includes the cached tokens. */
export function usageFromOpenAi(u: { prompt_tokens?: number; completion_tokens?: number; prompt_tokens_details?: { cached_tokens?: number } | null } | null | undefined): Usage {
  if (!u) return { ...ZERO_USAGE };
  return {
    inputTokens: u.prompt_tokens ?? 0,
    outputTokens: u.completion_tokens ?? 0,
    cachedInputTokens: u.prompt_tokens_details?.cached_tokens ?? 0,
  };
}

/**
 * Anthropic usage: `input_tokens` excludes cache reads and cache writes, so they are added back.
 * Cache writes are priced as ordinary input (Anthropic bills them 25% higher; an approximation).
 */
export function usageFromAnthropic(u: {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
} | null | undefined): Usage {
  if (!u) return { ...ZERO_USAGE };
  const cacheRead = u.cache_read_input_tokens ?? 0;
  return {
    inputTokens: (u.input_tokens ?? 0) + cacheRead + (u.cache_creation_input_tokens ?? 0),
    outputTokens: u.output_tokens ?? 0,
    cachedInputTokens: cacheRead,
  };
}
