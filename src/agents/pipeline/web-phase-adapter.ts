// The Web agent fitted to the pipeline: its events become pipeline events (the agent loop's
// through the same forwarder as Scout's and Task's, searches and pages as their own), and its
// result the Web phase's, with the untrusted-data section the Task prompt embeds.

import type { LlmClient } from '../llm/llm-client';
import { runWebAgent, untrustedWebSection, type WebAgentSettings } from '../web/run-web-agent';
import type { ParseHtml } from '../web/extract/extract-page';
import type { PageFetcher } from '../web/page-fetcher';
import type { WebSearchProvider } from '../web/search/web-search-provider';
import { phaseEventForwarder } from './phase-events';
import type { WebPhase } from './web-phase';

export interface WebPhaseDeps {
  client: LlmClient;
  search: WebSearchProvider;
  fetcher: PageFetcher;
  parseHtml: ParseHtml;
  settings: WebAgentSettings;
}

export function webPhase(deps: WebPhaseDeps): WebPhase {
  return async ({ task, vaultContext, signal, emit, totals }) => {
    const forward = phaseEventForwarder('web', emit, totals);
    const web = await runWebAgent({
      client: deps.client,
      task,
      vaultContext,
      search: deps.search,
      fetcher: deps.fetcher,
      parseHtml: deps.parseHtml,
      settings: deps.settings,
      ...(signal ? { signal } : {}),
      onEvent: (e) => {
        if (e.type === 'agent') forward(e.event);
        else if (e.type === 'search') emit({ type: 'web_search', query: e.query, results: e.results });
        else emit({ type: 'web_page', url: e.url, tokens: e.tokens, status: e.status, ...(e.reason === undefined ? {} : { reason: e.reason }) });
      },
    });
    const { usage, costUsd, stopped, error, ...context } = web;
    return { context, untrustedSection: web.sources.length > 0 ? untrustedWebSection(web) : '', usage, costUsd, stopped, error: error ?? null };
  };
}
