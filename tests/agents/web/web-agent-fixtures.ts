// A Web agent wired for tests: the scripted LLM server for the model, a loopback server acting as
// a SearXNG instance and as the web, and a recorder for the agent's events.

import { createPageFetcher } from '../../../src/agents/web/page-fetcher';
import { linkedomParseHtml } from '../../../src/agents/web/extract/linkedom-parse-html';
import { runWebAgent, type WebAgentOptions } from '../../../src/agents/web/run-web-agent';
import { createWebSearchProvider } from '../../../src/agents/web/search/create-web-search-provider';
import { DEFAULT_WEB_SETTINGS, type WebAgentSettings } from '../../../src/agents/web/web-settings';
import type { WebEvent } from '../../../src/agents/web/web-context';
import type { ScriptedLlmServer } from '../../llm-server';
import { clientFor, nodeFetch, type ClientSetup } from '../llm/client-fixtures';
import { fakeResolveHost, viaLoopback } from './fake-dns';
import type { LoopbackWeb } from './loopback-web';

export const TASK = 'How warm should a sourdough starter be kept?';
export const VAULT = '- Baking/Bread.md: my bread recipes (flour, water, salt)';

/** Makes the loopback server answer SearXNG searches with these results. */
export function searchAnswers(web: LoopbackWeb, results: { url: string; title?: string; content?: string }[]): void {
  web.route('/search', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ results: results.map((r) => ({ title: 'A page', content: '', ...r })) }) });
}

export interface AgentRun {
  server: ScriptedLlmServer;
  web: LoopbackWeb;
  client?: ClientSetup;
  settings?: Partial<WebAgentSettings>;
  /** Connect through fake DNS (public-looking names) instead of allowing loopback pages. */
  publicNames?: boolean;
  signal?: AbortSignal;
  extra?: Partial<WebAgentOptions>;
}

export async function runAgent(run: AgentRun) {
  const events: WebEvent[] = [];
  const settings = { ...DEFAULT_WEB_SETTINGS, allowPrivateHosts: !run.publicNames, ...run.settings };
  const fetcher = createPageFetcher({
    fetch: run.publicNames ? viaLoopback(run.web.port) : nodeFetch,
    ...(run.publicNames ? { resolveHost: fakeResolveHost } : {}),
    allowPrivateHosts: settings.allowPrivateHosts,
    maxBytes: 500_000,
    timeoutMs: 5_000,
  });
  const context = await runWebAgent({
    client: clientFor(run.server, run.client ?? { kind: 'openai' }),
    task: TASK,
    vaultContext: VAULT,
    search: createWebSearchProvider({ kind: 'searxng', baseUrl: run.web.origin, fetch: nodeFetch }),
    fetcher,
    parseHtml: linkedomParseHtml,
    settings,
    ...(run.signal ? { signal: run.signal } : {}),
    onEvent: (e) => events.push(e),
    ...run.extra,
  });
  return { context, events };
}

export function article(title: string, paragraphs: string[]): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav><article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</article><footer>footer</footer></body></html>`;
}
