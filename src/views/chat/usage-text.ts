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
