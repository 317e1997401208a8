// The plugin's twin of the CLI's ask deps (src/cli/ask-deps.ts): what a chat message runs on inside
// Obsidian. The vault port; Retrieval over the keyword index and, once built, the semantic index;
// the exploration (Scout, Web) and planning (Task) models from the provider settings; the Web phase
// with the chosen search provider (its own key from secret storage), Obsidian's request function for
// pages and the app's DOMParser; and the walls (settings-walls.ts), the same list the CLI uses.
import type { App } from 'obsidian';
import { requestUrlFetch } from '../../agents/llm/obsidian-request-fetch';
import { buildTaskContext, type TaskContext } from '../../agents/pipeline/task-context';
import type { AskDeps } from '../../agents/pipeline/run-pipeline';
import type { PhaseName } from '../../agents/pipeline/pipeline-events';
import { webPhase } from '../../agents/pipeline/web-phase-adapter';
import type { WebPhase } from '../../agents/pipeline/web-phase';
import { clampWebSettings, createWebSearchProvider, WebSearchError, type SearchProviderKind, type WebSearchProvider } from '../../agents/web';
import { domParserParseHtml } from '../../agents/web/extract/dom-parser-parse-html';
import { createPluginPageFetcher } from '../../agents/web/obsidian-page-fetcher';
import type { ReeveSettings } from '../../settings/settings';
import { settingsWalls } from '../../settings/settings-walls';
import { Retrieval } from '../../search/retrieval/retrieval';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { pluginLlmClient } from '../llm/plugin-llm-client';
import type { KeywordSearch } from '../search/keyword-search';
import type { SemanticSearch } from '../search/semantic-search';

/** What of the plugin the deps are built from (ReevePlugin has all of it). */
export interface PluginAskContext {
  app: App;
  port(): VaultPort;
  keywordSearch: KeywordSearch | null;
  semanticSearch: SemanticSearch | null;
}

/** Folders no agent reads or changes: the one wall list of settings-walls.ts. */
export function agentWalls(settings: ReeveSettings, configDir: string): string[] {
  return settingsWalls(settings, configDir);
}

/** Retrieval over the plugin's indexes, or null before the keyword index exists (workspace loading). */
export function pluginRetrieval(ctx: PluginAskContext): Retrieval | null {
  const keyword = ctx.keywordSearch?.index ?? null;
  if (keyword === null) return null;
  return new Retrieval(ctx.port(), keyword, ctx.semanticSearch?.similarity() ?? null);
}

/**
 * The chosen search provider with its own base URL and key (from secret storage) and nothing of
 * another provider's. Search APIs are not made for calls from a web page (CORS), so they go
 * through Obsidian's request function. Throws WebSearchError when the provider cannot be set up.
 */
export function searchProviderFromSettings(app: App, web: ReeveSettings['agents']['web'] & { provider: SearchProviderKind }): WebSearchProvider {
  const secret = web.apiKeySecrets[web.provider];
  const apiKey = secret === '' ? '' : (app.secretStorage.getSecret(secret) ?? '');
  return createWebSearchProvider({ kind: web.provider, baseUrl: web.baseUrls[web.provider], apiKey, fetch: requestUrlFetch, allowBrowser: true });
}

function webFromSettings(ctx: PluginAskContext, settings: ReeveSettings, client: AskDeps['explore']): WebPhase | { error: string } {
  const web = settings.agents.web;
  if (web.provider === 'none') return { error: 'The Web agent needs a search provider: choose one in Reeve\'s settings, under "Web agent".' };
  if (client === null) return { error: 'The Web agent needs a model provider; none is configured.' };
  try {
    const search = searchProviderFromSettings(ctx.app, { ...web, provider: web.provider });
    const settingsNow = clampWebSettings(web);
    return webPhase({ client, search, fetcher: createPluginPageFetcher(settingsNow.allowPrivateHosts), parseHtml: domParserParseHtml, settings: settingsNow });
  } catch (e) {
    if (e instanceof WebSearchError) return { error: `Web search: ${e.message}. Set it in Reeve's settings, under "Web agent".` };
    throw e;
  }
}

/**
 * The deps of a run with `agents` on (by default the chat's saved toggles), or an error the user can
 * act on: no model for an agent that needs one, no search provider or key, the index not ready.
 */
export function askDepsFromPlugin(ctx: PluginAskContext, settings: ReeveSettings, askUser: AskDeps['askUser'], agents: Record<PhaseName, boolean> = settings.agents.agents, models: Partial<Record<'explore' | 'plan', ReeveSettings>> = {}): AskDeps | { error: string } {
  const retrieval = pluginRetrieval(ctx);
  if (retrieval === null) return { error: 'The vault is still loading; try again in a moment.' };
  let explore: AskDeps['explore'] = null;
  let plan: AskDeps['plan'] = null;
  if (agents.scout || agents.web) {
    const made = pluginLlmClient(ctx.app, models.explore ?? settings, 'explore');
    if (!made.ok) return { error: `Scout and Web need a model: ${made.reason}.` };
    explore = made.client;
  }
  if (agents.task) {
    const made = pluginLlmClient(ctx.app, models.plan ?? settings, 'plan');
    if (!made.ok) return { error: `The Task agent needs a model: ${made.reason}.` };
    plan = made.client;
  }
  let web: WebPhase | null = null;
  if (agents.web) {
    const made = webFromSettings(ctx, settings, explore);
    if ('error' in made) return made;
    web = made;
  }
  return { vault: ctx.port(), retrieval, explore, plan, scout: settings.agents.scout, task: settings.agents.task, web, excludedFolders: agentWalls(settings, ctx.port().configDir), askUser };
}

export interface ContextPreviewRequest {
  currentNote: string | null;
  depth: number;
  sameFolder: boolean;
  manual: readonly string[];
}

export interface ContextPreview extends TaskContext {
  /** Tokens of the notes kept, against `tokenLimit`. */
  totalTokens: number;
  tokenLimit: number;
}

/**
 * The notes the Task agent would read without Scout, each with its tokens, and those the token
 * limit would leave out: the same computation the run makes (buildTaskContext), for the pills.
 */
export async function contextPreview(vault: VaultPort, retrieval: Retrieval, request: ContextPreviewRequest, tokenLimit: number, excluded: readonly string[]): Promise<ContextPreview> {
  const context = await buildTaskContext(vault, retrieval, excluded, { ...request, scout: null, tokenLimit });
  return { ...context, totalTokens: context.notes.reduce((s, n) => s + n.tokens, 0), tokenLimit };
}
