// The chat view's host on the test runtime, for the view tests and the Chromium page alike: the
// plugin's own host (pluginChatHost: the scope line, the settings link, the toggles and context in
// settings, the pills' preview with Reeve's walls, the transport's streaming, the chat store and
// the widgets' ledger, journal and accept-time policy), on the faithful vault, the keyword index
// and the plugin's default settings. The one thing a test substitutes is the model: a run gets the
// plugin's own deps (walls, Scout and Task settings, the Task scope) with the scripted client in
// place of the provider's; with no client, the run meets the plugin's "no model" error.
import type { App } from 'obsidian-test-mocks/obsidian';
import type { LlmClient } from '../../src/agents/llm/llm-client';
import type { PhaseName } from '../../src/agents/pipeline/pipeline-events';
import type { TaskSettings } from '../../src/agents/task/task-settings';
import { DEFAULT_SETTINGS, type ReeveSettings } from '../../src/settings/settings';
import type { ObsidianVault } from '../../src/vault-vfs/obsidian-vault';
import { VaultIndexer } from '../../src/search/keyword/vault-indexer';
import type { ChatHost } from '../../src/views/chat/chat-host';
import type { ChatRecord, ChatStoreLike } from '../../src/views/chat/chat-record';
import { pluginChatHost } from '../../src/views/chat/plugin-chat-host';
import { widgetDepsFromSettings } from '../../src/views/pending/widget-policies';
import type { KeywordSearch } from '../../src/views/search/keyword-search';

export interface ChatHostOptions {
  client?: LlmClient | null;
  agents?: Partial<Record<PhaseName, boolean>>;
  task?: Partial<TaskSettings>;
  store?: ChatStoreLike;
  /** The scripted client for a model the settings name: a run then talks to the model it was given (the composer's pick). */
  clientFor?: (model: string) => LlmClient;
  /** False: the provider's transport is Obsidian's request function, which does not stream. */
  streams?: boolean;
}

export interface ChatHostFixture {
  host: ChatHost;
  /** The plugin's settings the host reads and writes (data.json's contents). */
  settings: ReeveSettings;
  /** Every saved chat, read back through the store. */
  saved(): Promise<ChatRecord[]>;
  stop(): Promise<void>;
}

export async function chatHostOn(app: App, port: ObsidianVault, o: ChatHostOptions = {}): Promise<ChatHostFixture> {
  const indexer = new VaultIndexer(port, { persist: false });
  await indexer.start();
  const settings = structuredClone(DEFAULT_SETTINGS);
  settings.agents.agents = { scout: false, web: false, task: true, ...o.agents };
  settings.agents.task = { ...settings.agents.task, ...o.task };
  settings.agents.context = { depth: 1, sameFolder: false };
  if (o.client) {
    // The plugin's OpenAI provider with its key in secret storage; the scripted client replaces its model calls.
    app.secretStorage.setSecret('openai-key', 'sk-reeve-FAKE-KEY');
    settings.activeProvider = 'openai';
    settings.providers.openai = { ...settings.providers.openai, apiKeySecret: 'openai-key', transport: o.streams === false ? 'requestUrl' : 'fetch' };
  }
  const real = pluginChatHost({
    // The plugin's KeywordSearch holds the index it built once the workspace was ready.
    ctx: { app: app as never, port: () => port, keywordSearch: { index: indexer } as unknown as KeywordSearch, semanticSearch: null },
    settings: () => settings,
    saveSettings: () => Promise.resolve(),
    widgetDeps: widgetDepsFromSettings(() => port, () => settings),
    manifestId: 'reeve',
  });
  const client = o.client ?? null;
  const host: ChatHost = {
    ...real,
    store: o.store ?? real.store,
    askDeps: async (askUser, overrides) => {
      const deps = await real.askDeps(askUser, overrides);
      if (client === null) return deps;
      const as = (real: LlmClient | null): LlmClient => (real !== null && o.clientFor ? o.clientFor(real.profile.model) : client);
      return { ...deps, explore: as(deps.explore), plan: as(deps.plan) };
    },
  };
  const saved = async (): Promise<ChatRecord[]> => Promise.all((await host.store.list()).map((c) => host.store.load(c.id)));
  return { host, settings, saved, stop: () => indexer.stop() };
}
