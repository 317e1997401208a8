// The Web agent's settings, with the ranges the settings tab offers; values outside are clamped.

export interface WebAgentSettings {
  /** Search results asked for (3-15). */
  results: number;
  /** Pages fetched at most per request (1-5). */
  pages: number;
  /** Tokens of page text kept at most per request (2,000-20,000). */
  tokenBudget: number;
  /** Ask first whether the vault context is enough, and search only when it is not. Off: always search. */
  automatic: boolean;
  /** Let pages on private, loopback and link-local addresses be fetched (off by default). */
  allowPrivateHosts: boolean;
}

export const DEFAULT_WEB_SETTINGS: WebAgentSettings = Object.freeze({ results: 8, pages: 3, tokenBudget: 8000, automatic: true, allowPrivateHosts: false });

/** Page download limits the fetcher is created with (per page). */
export const DEFAULT_PAGE_LIMITS = Object.freeze({ maxBytes: 2_000_000, timeoutMs: 15_000, maxRedirects: 5 });

export function clampWebSettings(s: WebAgentSettings): WebAgentSettings {
  const clamp = (n: number, min: number, max: number, fallback: number): number => (Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback);
  return {
    results: clamp(s.results, 3, 15, DEFAULT_WEB_SETTINGS.results),
    pages: clamp(s.pages, 1, 5, DEFAULT_WEB_SETTINGS.pages),
    tokenBudget: clamp(s.tokenBudget, 2000, 20000, DEFAULT_WEB_SETTINGS.tokenBudget),
    automatic: s.automatic,
    allowPrivateHosts: s.allowPrivateHosts,
  };
}
