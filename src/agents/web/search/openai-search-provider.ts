// OpenAI's web search, through the Responses API's built-in `web_search` tool and Reeve's own
// OpenAI client (llm/openai-wire.ts). It is not a search index: a model runs the search and writes an answer with citations, so
// it costs model tokens as well as the tool call. Results are the cited pages (title, and the
// cited sentence as the snippet), then any further sources the search consulted.

import type { FetchLike } from '../../llm/fetch-like';
import type { OpenAiWire } from '../../llm/openai-wire';
import type { ProviderConfig } from '../../llm/provider-config';
import { cleanResults, WebSearchError, type WebSearchProvider, type WebSearchResult } from './web-search-provider';

export interface OpenAiSearchOptions {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  /** A model that supports the web_search tool. */
  model: string;
  allowBrowser: boolean;
  timeoutMs: number;
}

export const DEFAULT_OPENAI_SEARCH_MODEL = 'gpt-4.1-mini';

export function openAiSearchProvider(o: OpenAiSearchOptions): WebSearchProvider {
  const provider: ProviderConfig = { id: 'openai-web-search', kind: 'openai', baseUrl: o.baseUrl, apiKeySecret: '', transport: 'fetch', timeoutMs: o.timeoutMs, headers: {} };
  // The client is loaded on the first search, not when the plugin starts (see llm/lazy-driver.ts).
  let wire: OpenAiWire | null = null;
  return {
    kind: 'openai',
    async search(query, limit, signal) {
      const { classifyOpenAiError } = await import('../../llm/openai-driver');
      let response: { output?: unknown };
      try {
        wire ??= (await import('../../llm/openai-wire')).createOpenAiWire({ provider, apiKey: o.apiKey, fetch: o.fetch, allowBrowser: o.allowBrowser });
        response = await wire.responses(
          {
            model: o.model,
            tools: [{ type: 'web_search' }],
            tool_choice: 'required',
            include: ['web_search_call.action.sources'],
            input: `Search the web for: ${query}\nList the most relevant pages with one sentence each.`,
          },
          signal,
        );
      } catch (error) {
        const failed = classifyOpenAiError(error, provider);
        throw new WebSearchError('openai', `openai web search failed: ${failed.message}`);
      }
      return cleanResults(resultsFromOutput(response.output), limit);
    },
  };
}

interface Citation {
  type?: string;
  url?: string;
  title?: string;
  start_index?: number;
  end_index?: number;
}

/** The cited pages in order of citation, then the consulted sources. */
export function resultsFromOutput(output: unknown): WebSearchResult[] {
  const results: WebSearchResult[] = [];
  const sources: string[] = [];
  for (const item of Array.isArray(output) ? (output as Record<string, unknown>[]) : []) {
    if (item.type === 'web_search_call') {
      const action = item.action as { sources?: { url?: string }[] } | undefined;
      for (const s of action?.sources ?? []) if (typeof s.url === 'string') sources.push(s.url);
    }
    if (item.type !== 'message' || !Array.isArray(item.content)) continue;
    for (const part of item.content as { type?: string; text?: string; annotations?: Citation[] }[]) {
      if (part.type !== 'output_text' || typeof part.text !== 'string') continue;
      for (const c of part.annotations ?? []) {
        if (c.type !== 'url_citation' || typeof c.url !== 'string') continue;
        results.push({ url: c.url, title: c.title ?? '', snippet: citedSentence(part.text, c.start_index ?? 0) });
      }
    }
  }
  for (const url of sources) results.push({ url, title: '', snippet: '' });
  return results;
}

/** The line of the answer a citation sits in, without the citation's own Markdown link. */
function citedSentence(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end < 0 ? undefined : end).replace(/\(\[[^\]]*\]\([^)]*\)\)/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
}
