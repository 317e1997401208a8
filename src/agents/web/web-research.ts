// What the Web agent has gathered so far, and the rules its tools enforce: pages come only from
// the last search's results, at most `pages` of them, their text within the token budget, and no
// search after a page has been read (page text must not choose what Reeve searches for next).

import type { PageFetcher } from './page-fetcher';
import type { ParseHtml } from './extract/extract-page';
import { keepWithinBudget, type Passage } from './extract/rank-passages';
import { splitPassages } from './extract/split-passages';
import type { WebEvent, WebSource } from './web-context';
import type { WebSearchProvider, WebSearchResult } from './search/web-search-provider';

export const MAX_SEARCHES = 3;

export interface ResearchLimits {
  results: number;
  pages: number;
  tokenBudget: number;
}

export interface PageOutcome {
  url: string;
  status: 'read' | 'refused' | 'failed';
  reason?: string;
  source?: WebSource;
}

export class WebResearch {
  readonly queries: string[] = [];
  readonly sources: WebSource[] = [];
  lastResults: WebSearchResult[] = [];
  lastSearchError: string | undefined;
  private readonly attempted = new Set<string>();
  private pagesRead = 0;
  private tokensUsed = 0;

  constructor(
    private readonly task: string,
    private readonly limits: ResearchLimits,
    private readonly search: WebSearchProvider,
    private readonly fetcher: PageFetcher,
    private readonly parseHtml: ParseHtml,
    private readonly emit: (e: WebEvent) => void,
  ) {}

  get tokensLeft(): number {
    return this.limits.tokenBudget - this.tokensUsed;
  }

  async runSearch(query: string, signal?: AbortSignal): Promise<WebSearchResult[]> {
    if (this.pagesRead > 0) throw new Error('searching again after pages were read is not allowed (page text must not decide what is searched); call finalize_web_context');
    if (this.queries.length >= MAX_SEARCHES) throw new Error(`at most ${MAX_SEARCHES} searches per request; select pages from the last results or call finalize_web_context`);
    this.queries.push(query);
    try {
      this.lastResults = await this.search.search(query, this.limits.results, signal);
      this.lastSearchError = undefined;
    } catch (error) {
      this.lastResults = [];
      this.lastSearchError = error instanceof Error ? error.message : String(error);
      this.emit({ type: 'search', query, results: 0 });
      throw error;
    }
    this.emit({ type: 'search', query, results: this.lastResults.length });
    return this.lastResults;
  }

  /** Fetches the chosen pages that the rules allow and keeps their most relevant passages. */
  async readPages(urls: readonly string[], signal?: AbortSignal): Promise<PageOutcome[]> {
    const allowed = new Set(this.lastResults.map((r) => r.url));
    const outcomes: PageOutcome[] = [];
    const toFetch: string[] = [];
    for (const raw of urls) {
      const url = normalise(raw);
      if (this.attempted.has(url) || toFetch.includes(url)) continue;
      if (!allowed.has(url)) outcomes.push(this.refuse(raw, 'not in the results of the last search (only those pages may be read)'));
      else if (this.pagesRead + toFetch.length >= this.limits.pages) outcomes.push(this.refuse(url, `the limit of ${this.limits.pages} pages is reached`));
      else toFetch.push(url);
    }
    for (const url of toFetch) this.attempted.add(url);
    const fetched = await Promise.all(toFetch.map((url) => this.fetcher.fetchPage(url, signal)));
    // The readers (Readability, Turndown) are loaded on the first page read, not at start-up.
    const { extractPage } = await import('./extract/extract-page');
    const passages: Passage[] = [];
    const titles: string[] = [];
    const read: { url: string; finalUrl: string; index: number }[] = [];
    fetched.forEach((result, i) => {
      const url = toFetch[i] ?? '';
      if (!result.ok) {
        outcomes.push({ url, status: result.refused ? 'refused' : 'failed', reason: result.reason });
        this.emit({ type: 'page', url, tokens: 0, status: result.refused ? 'refused' : 'failed', reason: result.reason });
        return;
      }
      const page = extractPage(result.page.body, result.page.contentType, result.page.url, this.parseHtml);
      const index = read.length;
      read.push({ url, finalUrl: result.page.url, index });
      titles.push(page.title || this.lastResults.find((r) => r.url === url)?.title || url);
      splitPassages(page.markdown).forEach((text, at) => passages.push({ page: index, index: at, text }));
    });
    this.pagesRead += read.length;
    const query = `${this.queries.at(-1) ?? ''} ${this.task}`;
    const kept = keepWithinBudget(query, passages, this.tokensLeft);
    for (const r of read) {
      const mine = kept.filter((p) => p.page === r.index);
      const tokens = mine.reduce((sum, p) => sum + p.tokens, 0);
      this.tokensUsed += tokens;
      const source: WebSource = { url: r.finalUrl, title: titles[r.index] ?? r.url, tokens, text: mine.map((p) => p.text).join('\n\n') };
      if (tokens > 0) this.sources.push(source);
      const reason = tokens === 0 ? 'nothing relevant fit in the token budget' : undefined;
      outcomes.push({ url: r.url, status: 'read', source, ...(reason ? { reason } : {}) });
      this.emit({ type: 'page', url: r.finalUrl, tokens, status: 'read', ...(reason ? { reason } : {}) });
    }
    return outcomes;
  }

  private refuse(url: string, reason: string): PageOutcome {
    this.emit({ type: 'page', url, tokens: 0, status: 'refused', reason });
    return { url, status: 'refused', reason };
  }
}

function normalise(url: string): string {
  try {
    return new URL(url.trim()).href;
  } catch {
    return url;
  }
}
