// @vitest-environment happy-dom
// The chat's AskDeps inside Obsidian (the test runtime): errors the user can act on (offline, no
// search provider, no key, the index not built yet), the models and the Web phase built from the
// settings with the key read from secret storage by name, Reeve's own plan and chat folders
// walled off with the user's excluded folders, and the context pills' preview computed as the run
// computes it (tokens per note, drops over the limit, walls respected).
import '../obsidian/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ReeveSettings } from '../../src/settings/settings';
import { VaultIndexer } from '../../src/search/keyword/vault-indexer';
import { agentWalls, askDepsFromPlugin, contextPreview, pluginRetrieval, type PluginAskContext } from '../../src/views/chat/ask-deps-from-plugin';
import type { KeywordSearch } from '../../src/views/search/keyword-search';
import { createHarness } from './widget-harness';

const FILES = {
  'Projects/Solar.md': '# Solar\n\nSee [[Budget]] and [[Chat about solar]] and [[Old plan]].\n',
  'Projects/Budget.md': '# Budget\n\nPanels: 8000 EUR\n' + 'line of numbers\n'.repeat(1500),
  'Reeve/Chats/Chat about solar.md': '# Chat\n\nsolar things said in a chat\n',
  'Reeve/Plans/Old plan.md': '# Plan\n\nsolar plan\n',
  'Archive/Solar 2019.md': '# Old\n\nsolar in 2019, see [[Solar]]\n',
};

const indexers: VaultIndexer[] = [];
afterEach(async () => {
  for (const i of indexers.splice(0)) await i.stop();
});

async function context(indexed = true): Promise<{ ctx: PluginAskContext; settings: ReeveSettings; h: ReturnType<typeof createHarness> }> {
  const h = createHarness(FILES);
  let keywordSearch: KeywordSearch | null = null;
  if (indexed) {
    const index = new VaultIndexer(h.port, { persist: false });
    indexers.push(index);
    await index.start();
    // The plugin's KeywordSearch holds the index it built once the workspace was ready.
    keywordSearch = { index } as unknown as KeywordSearch;
  }
  const settings = structuredClone(DEFAULT_SETTINGS);
  settings.excludedFolders = ['Archive'];
  return { ctx: { app: h.app as never, port: () => h.port, keywordSearch, semanticSearch: null }, settings, h };
}

const askUser = (): Promise<string | null> => Promise.resolve(null);

describe('askDepsFromPlugin', () => {
  it('says what to do when Reeve is offline, and when the index is not ready', async () => {
    const { ctx, settings } = await context();
    expect(askDepsFromPlugin(ctx, settings, askUser)).toEqual({ error: 'The Task agent needs a model: no provider is configured (Reeve is offline).' });
    expect(askDepsFromPlugin(ctx, settings, askUser, { scout: true, web: false, task: false })).toEqual({ error: 'Scout and Web need a model: no provider is configured (Reeve is offline).' });
    const loading = await context(false);
    expect(askDepsFromPlugin(loading.ctx, loading.settings, askUser)).toEqual({ error: 'The vault is still loading; try again in a moment.' });
  });

  it('builds the models from the provider settings and walls off the excluded, plan and chat folders', async () => {
    const { ctx, settings, h } = await context();
    settings.activeProvider = 'openai';
    h.app.secretStorage.setSecret('openai-key', 'sk-test');
    settings.providers.openai.apiKeySecret = 'openai-key';
    const deps = askDepsFromPlugin(ctx, settings, askUser, { scout: true, web: false, task: true });
    if ('error' in deps) throw new Error(deps.error);
    expect(deps.explore).not.toBeNull();
    expect(deps.plan).not.toBeNull();
    expect(deps.web).toBeNull();
    expect(deps.excludedFolders).toEqual(['Archive', 'Reeve/Plans', 'Reeve/Chats', '.obsidian', '.trash']);
    expect(deps.scout).toBe(settings.agents.scout);
    expect(deps.task).toBe(settings.agents.task);
    expect(agentWalls({ ...settings, excludedFolders: ['Reeve/Plans'] }, '.obsidian')).toEqual(['Reeve/Plans', 'Reeve/Chats', '.obsidian', '.trash']);
  });

  it('builds the Web phase from the search settings, the key from secret storage, or says what is missing', async () => {
    const { ctx, settings, h } = await context();
    settings.activeProvider = 'openai-compatible';
    const web = { scout: false, web: true, task: true };
    expect(askDepsFromPlugin(ctx, settings, askUser, web)).toEqual({ error: 'The Web agent needs a search provider: choose one in Reeve\'s settings, under "Web agent".' });
    settings.agents.web.provider = 'brave';
    expect(askDepsFromPlugin(ctx, settings, askUser, web)).toMatchObject({ error: expect.stringMatching(/^Web search: .*needs an API key/) as unknown });
    h.app.secretStorage.setSecret('brave', 'BSA-key');
    settings.agents.web.apiKeySecrets.brave = 'brave';
    const deps = askDepsFromPlugin(ctx, settings, askUser, web);
    expect('error' in deps ? deps.error : typeof deps.web).toBe('function');
    settings.agents.web.provider = 'searxng';
    expect(askDepsFromPlugin(ctx, settings, askUser, web)).toMatchObject({ error: expect.stringMatching(/SearXNG search needs the base URL/) as unknown });
    settings.agents.web.baseUrls.searxng = 'http://localhost:8888';
    const searx = askDepsFromPlugin(ctx, settings, askUser, web);
    expect('error' in searx ? searx.error : typeof searx.web).toBe('function');
  });
});

describe('contextPreview', () => {
  it("gives the pills each note's tokens, leaves Reeve's folders out, and shows what the limit would drop", async () => {
    const { ctx, settings, h } = await context();
    const retrieval = pluginRetrieval(ctx);
    if (!retrieval) throw new Error('no retrieval');
    const request = { currentNote: 'Projects/Solar.md', depth: 2, sameFolder: false, manual: [] };
    const wide = await contextPreview(h.port, retrieval, request, 100_000, agentWalls(settings, '.obsidian'));
    expect(wide.notes.map((n) => [n.path, n.source])).toEqual([['Projects/Solar.md', 'current'], ['Projects/Budget.md', 'link']]);
    expect(wide.dropped).toEqual([]);
    expect(wide.totalTokens).toBe(wide.notes.reduce((s, n) => s + n.tokens, 0));
    const budget = wide.notes[1]?.tokens ?? 0;
    expect(budget).toBeGreaterThan(3000);
    const tight = await contextPreview(h.port, retrieval, request, 3000, agentWalls(settings, '.obsidian'));
    expect(tight.notes.map((n) => n.path)).toEqual(['Projects/Solar.md']);
    expect(tight.dropped.map((d) => [d.path, d.tokens])).toEqual([['Projects/Budget.md', budget]]);
    expect(tight.tokenLimit).toBe(3000);
    const manual = await contextPreview(h.port, retrieval, { ...request, manual: ['Reeve/Chats/Chat about solar.md'] }, 100_000, agentWalls(settings, '.obsidian'));
    // A note the user adds by hand is theirs to add, walls or not.
    expect(manual.notes.map((n) => n.source)).toEqual(['current', 'manual', 'link']);
  });
});
