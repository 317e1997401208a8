// One place that turns the user's search settings into a provider. Each provider has its own key
// (the plugin keeps it in secret storage, the CLI reads the environment variable named below).

import type { FetchLike } from '../../llm/fetch-like';
import { braveProvider, searxngProvider, serperProvider, tavilyProvider } from './json-search-providers';
import { DEFAULT_OPENAI_SEARCH_MODEL, openAiSearchProvider } from './openai-search-provider';
import { WebSearchError, type SearchProviderKind, type WebSearchProvider } from './web-search-provider';

export interface WebSearchProviderConfig {
  kind: SearchProviderKind;
  /** Empty or absent: the provider's public endpoint. Required for SearXNG. */
  baseUrl?: string;
  apiKey?: string;
  fetch: FetchLike;
  /** OpenAI only: the model that runs the search. */
  model?: string;
  /** OpenAI only: the browser guard of llm/wire-request.ts (the plugin passes true). */
  allowBrowser?: boolean;
  timeoutMs?: number;
}

export const SEARCH_BASE_URLS: Record<Exclude<SearchProviderKind, 'searxng'>, string> = {
  brave: 'https://api.search.brave.com',
  tavily: 'https://api.tavily.com',
  serper: 'https://google.serper.dev',
  openai: 'https://api.openai.com/v1',
};

/** The environment variable the CLI reads each provider's key from (none for SearXNG). */
export const SEARCH_KEY_ENV_VARS: Record<SearchProviderKind, string | null> = {
  brave: 'BRAVE_API_KEY',
  tavily: 'TAVILY_API_KEY',
  serper: 'SERPER_API_KEY',
  searxng: null,
  openai: 'OPENAI_API_KEY',
};

export function createWebSearchProvider(config: WebSearchProviderConfig): WebSearchProvider {
  const { kind } = config;
  const apiKey = config.apiKey ?? '';
  const baseUrl = (config.baseUrl ?? '').trim();
  if (kind === 'searxng') {
    if (baseUrl === '') throw new WebSearchError(kind, 'SearXNG search needs the base URL of an instance (e.g. http://localhost:8888)');
    return searxngProvider({ baseUrl, apiKey, fetch: config.fetch });
  }
  if (apiKey === '') {
    const env = SEARCH_KEY_ENV_VARS[kind];
    throw new WebSearchError(kind, `${kind} search needs an API key${env ? ` (the CLI reads ${env})` : ''}`);
  }
  const base = baseUrl || SEARCH_BASE_URLS[kind];
  if (kind === 'brave') return braveProvider({ baseUrl: base, apiKey, fetch: config.fetch });
  if (kind === 'tavily') return tavilyProvider({ baseUrl: base, apiKey, fetch: config.fetch });
  if (kind === 'serper') return serperProvider({ baseUrl: base, apiKey, fetch: config.fetch });
  return openAiSearchProvider({
    baseUrl: base,
    apiKey,
    fetch: config.fetch,
    model: config.model ?? DEFAULT_OPENAI_SEARCH_MODEL,
    allowBrowser: config.allowBrowser ?? false,
    timeoutMs: config.timeoutMs ?? 60_000,
  });
}
