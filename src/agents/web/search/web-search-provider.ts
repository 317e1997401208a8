// A web search provider: one query in, a list of results (URL, title, snippet) out. The Web agent
// fetches only URLs that came back from here, so the list is what bounds where it can go.

export type SearchProviderKind = 'brave' | 'tavily' | 'serper' | 'searxng' | 'openai';

export const SEARCH_PROVIDER_KINDS: readonly SearchProviderKind[] = ['brave', 'tavily', 'serper', 'searxng', 'openai'];

export interface WebSearchResult {
  url: string;
  title: string;
  snippet: string;
}

export interface WebSearchProvider {
  readonly kind: SearchProviderKind;
  /** At most `limit` results, http(s) URLs only, each URL once. Throws WebSearchError on failure. */
  search(query: string, limit: number, signal?: AbortSignal): Promise<WebSearchResult[]>;
}

/** A search that failed: the message names the provider and what went wrong, never the key. */
export class WebSearchError extends Error {
  constructor(
    readonly provider: SearchProviderKind,
    message: string,
  ) {
    super(message);
    this.name = 'WebSearchError';
  }
}

/** Keeps well-formed http(s) results, each URL once, at most `limit`. */
export function cleanResults(results: readonly WebSearchResult[], limit: number): WebSearchResult[] {
  const seen = new Set<string>();
  const out: WebSearchResult[] = [];
  for (const r of results) {
    if (out.length >= limit) break;
    let url: URL;
    try {
      url = new URL(r.url);
    } catch {
      continue;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || seen.has(url.href)) continue;
    seen.add(url.href);
    out.push({ url: url.href, title: oneLine(r.title) || url.hostname, snippet: oneLine(r.snippet).slice(0, 500) });
  }
  return out;
}

function oneLine(text: string): string {
  return text.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
}
