// The Web agent: EVALUATE (is the vault context enough?) in one model turn, then FORMULATE a
// query, SEARCH, SELECT pages, FETCH and EXTRACT in a short tool loop, ending with a summary.
// Runs on the exploration profile's client. An abort stops the model call and the fetches at
// once; what was gathered is returned, marked stopped.

import type { LlmClient } from '../llm/llm-client';
import { addUsage, ZERO_USAGE, type Usage } from '../llm/usage-cost';
import { runAgentLoop, type AgentRunResult } from '../loop/agent-loop';
import type { Tool } from '../tools/tool';
import type { ParseHtml } from './extract/extract-page';
import type { PageFetcher } from './page-fetcher';
import type { WebSearchProvider } from './search/web-search-provider';
import type { WebContext, WebEvent } from './web-context';
import { evaluatePrompt, researchPrompt } from './web-prompt';
import { WebResearch } from './web-research';
import { evaluateContextTool, finalizeWebContextTool, selectPagesTool, webSearchTool, type Evaluation } from './web-tools';
import { clampWebSettings, type WebAgentSettings } from './web-settings';

export type { WebContext, WebEvent, WebSource, PageStatus } from './web-context';
export { untrustedWebSection } from './untrusted-web-section';
export { DEFAULT_WEB_SETTINGS, clampWebSettings, type WebAgentSettings } from './web-settings';

export interface WebAgentOptions {
  /** The exploration profile's client. */
  client: LlmClient;
  /** The user's request. */
  task: string;
  /** What the vault already gave (titles and short summaries), for the evaluation. */
  vaultContext: string;
  search: WebSearchProvider;
  fetcher: PageFetcher;
  parseHtml: ParseHtml;
  settings: WebAgentSettings;
  signal?: AbortSignal;
  onEvent?: (e: WebEvent) => void;
}

/** Model turns for the research loop: a search, a selection, a summary, and room for corrections. */
const RESEARCH_ITERATIONS = 8;

export async function runWebAgent(o: WebAgentOptions): Promise<WebContext> {
  const settings = clampWebSettings(o.settings);
  const emit = o.onEvent ?? (() => undefined);
  const research = new WebResearch(o.task, settings, o.search, o.fetcher, o.parseHtml, emit);
  let usage: Usage = { ...ZERO_USAGE };
  let costUsd = 0;
  // Written by the terminal tools while the loops run.
  const found: { evaluation: Evaluation | null; summary: string } = { evaluation: null, summary: '' };

  const loop = async (tools: Tool[], prompt: { system: string; user: string }, maxIterations: number): Promise<AgentRunResult> => {
    const result = await runAgentLoop({
      client: o.client,
      tools,
      messages: [{ role: 'system', content: prompt.system }, { role: 'user', content: prompt.user }],
      maxIterations,
      finalAnswer: 'require_terminal_tool',
      ...(o.signal ? { signal: o.signal } : {}),
      onEvent: (event) => emit({ type: 'agent', event }),
    });
    usage = addUsage(usage, result.usage);
    costUsd += result.costUsd;
    return result;
  };
  const context = (extra: Partial<WebContext> = {}): WebContext => ({
    ran: true,
    sufficient: found.evaluation?.sufficient ?? null,
    reasoning: found.evaluation?.reasoning ?? (settings.automatic ? '' : 'Automatic search is off: the web was searched without asking whether the vault is enough.'),
    queries: [...research.queries],
    sources: [...research.sources],
    summary: found.summary,
    usage,
    costUsd,
    stopped: o.signal?.aborted ?? false,
    ...extra,
  });
  const failure = (result: AgentRunResult): Partial<WebContext> => (o.signal?.aborted || !result.error ? {} : { error: result.error.message });

  if (o.signal?.aborted) return context({ stopped: true });
  if (settings.automatic) {
    const evaluated = await loop([evaluateContextTool((e) => (found.evaluation = e))], evaluatePrompt(o.task, o.vaultContext), 2);
    if (!found.evaluation) return context({ ...failure(evaluated), ...(evaluated.error || o.signal?.aborted ? {} : { error: 'The web agent did not evaluate the vault context.' }) });
    if (found.evaluation.sufficient) return context();
  }
  const researched = await loop(
    [webSearchTool(research), selectPagesTool(research), finalizeWebContextTool((s) => (found.summary = s))],
    researchPrompt(o.task, o.vaultContext, settings, found.evaluation?.reasoning ?? ''),
    RESEARCH_ITERATIONS,
  );
  const searchError = research.sources.length === 0 && research.lastSearchError && !o.signal?.aborted ? { error: research.lastSearchError } : {};
  return context({ ...searchError, ...failure(researched) });
}
