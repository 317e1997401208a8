// Tokens and cost in words, the same way everywhere in the chat: per phase, per message, per chat.
import type { Usage } from '../../agents/llm/usage-cost';

export function tokensText(n: number): string {
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  if (n >= 1000) return `${(n / 1000).toFixed(1)}k`;
  return String(n);
}

export { NAMED_AT_MOST, namedAndCounted } from '../../agents/pipeline/named-and-counted';

/** "$0.01", "$0.003" (under a cent: to a hundredth of a cent, no trailing zeros), "<$0.0001". */
export function costText(usd: number): string {
  if (usd === 0) return '$0';
  if (usd < 0.0001) return '<$0.0001';
  if (usd < 0.01) return `$${usd.toFixed(4).replace(/0+$/, '')}`;
  return `$${usd.toFixed(2)}`;
}

/** "1.2k in · 340 out · $0.0021" */
export function usageText(usage: Usage, usd: number): string {
  return `${tokensText(usage.inputTokens)} in · ${tokensText(usage.outputTokens)} out · ${costText(usd)}`;
}

/**
 * What a phase, message or chat spent. `whole` is false when a reply was cut off (Stop) or failed:
 * the provider reports no usage for such a reply, though its prompt was sent, so the numbers are
 * what was reported, a floor, never a cost of "$0"; with nothing reported, the cost is unknown.
 */
export function spentText(usage: Usage, usd: number, whole: boolean): string {
  if (whole) return usageText(usage, usd);
  if (usage.inputTokens + usage.outputTokens === 0) return 'usage not reported · cost unknown';
  return `${tokensText(usage.inputTokens)} in · ${tokensText(usage.outputTokens)} out reported · at least ${costText(usd)}`;
}
