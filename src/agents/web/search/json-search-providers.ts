// The four search providers that answer plain JSON over HTTP, each called with its own public API:
// Brave Search, Tavily, Serper (Google results) and a SearXNG instance (self-hosted, no key).

import type { FetchLike } from '../../llm/fetch-like';
import { objectList, searchJson, str } from './search-http';
import { cleanResults, type WebSearchProvider } from './web-search-provider';

export interface JsonProviderOptions {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
}

/** https://api-dashboard.search.brave.com/app/documentation/web-search */
export function braveProvider(o: JsonProviderOptions): WebSearchProvider {
  return {
    kind: 'brave',
    async search(query, limit, signal) {
      const url = new URL('res/v1/web/search', withSlash(o.baseUrl));
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(Math.min(limit, 20)));
      const json = await searchJson({ provider: 'brave', fetch: o.fetch, url: url.href, method: 'GET', headers: { 'x-subscription-token': o.apiKey }, ...(signal ? { signal } : {}) });
      return cleanResults(objectList(json, 'web', 'results').map((r) => ({ url: str(r.url), title: str(r.title), snippet: str(r.description) })), limit);
    },
  };
}

/** https://docs.tavily.com/documentation/api-reference/endpoint/search */
export function tavilyProvider(o: JsonProviderOptions): WebSearchProvider {
  return {
    kind: 'tavily',
    async search(query, limit, signal) {
      const body = { query, max_results: Math.min(limit, 20), search_depth: 'basic', include_answer: false, include_raw_content: false };
      const json = await searchJson({ provider: 'tavily', fetch: o.fetch, url: new URL('search', withSlash(o.baseUrl)).href, method: 'POST', headers: { authorization: `Bearer ${o.apiKey}` }, body, ...(signal ? { signal } : {}) });
      return cleanResults(objectList(json, 'results').map((r) => ({ url: str(r.url), title: str(r.title), snippet: str(r.content) })), limit);
    },
  };
}

/** https://serper.dev (Google web results as JSON) */
export function serperProvider(o: JsonProviderOptions): WebSearchProvider {
  return {
    kind: 'serper',
    async search(query, limit, signal) {
      const json = await searchJson({ provider: 'serper', fetch: o.fetch, url: new URL('search', withSlash(o.baseUrl)).href, method: 'POST', headers: { 'x-api-key': o.apiKey }, body: { q: query, num: Math.min(limit, 20) }, ...(signal ? { signal } : {}) });
      return cleanResults(objectList(json, 'organic').map((r) => ({ url: str(r.link), title: str(r.title), snippet: str(r.snippet) })), limit);
    },
  };
}

/** SearXNG's JSON output (the instance must enable the `json` format): GET <base>/search?q=…&format=json. */
export function searxngProvider(o: JsonProviderOptions): WebSearchProvider {
  return {
    kind: 'searxng',
    async search(query, limit, signal) {
      const url = new URL('search', withSlash(o.baseUrl));
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const headers: Record<string, string> = o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {};
      const json = await searchJson({ provider: 'searxng', fetch: o.fetch, url: url.href, method: 'GET', headers, ...(signal ? { signal } : {}) });
      return cleanResults(objectList(json, 'results').map((r) => ({ url: str(r.url), title: str(r.title), snippet: str(r.content) })), limit);
    },
  };
}

function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
