// @vitest-environment happy-dom
// The semantic index inside the plugin (production bundle, test runtime, scripted embedding
// server): nothing before the workspace is ready or while it is off; then built in slices, kept
// current from vault events (one edited section = one text sent), saved in the plugin folder so a
// restart sends nothing; a paid provider asks first, and "Not now" sends nothing.
import '../obsidian/dom';
import { App, type Modal, type Plugin } from 'obsidian-test-mocks/obsidian';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SemanticSearch } from '../../src/views/search/semantic-search';
import { buildPluginBundle, removePluginBundle } from '../obsidian/build-bundle';
import { loadBundle, readManifest } from '../obsidian/load-bundle';
import { keepModalsOpen } from '../obsidian/modals';
import { installFaithfulPluginData } from '../obsidian/plugin-data';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../llm-server';
import { button } from '../views/widget-harness';
import { textsSent } from '../search/semantic/fixtures';
import { readStoreKey } from '../../src/search/semantic/store-codec';
import { openSettingTab } from '../obsidian/declarative-settings';

let bundle = '';
let server: ScriptedLlmServer;
beforeAll(async () => {
  installFaithfulPluginData();
  bundle = await buildPluginBundle();
  server = await startScriptedLlmServer();
}, 60_000);
afterAll(async () => {
  removePluginBundle(bundle);
  await server.close();
});
beforeEach(() => server.reset());
const modals = keepModalsOpen();

const FILES: Record<string, string> = {
  'Recipes/Bread.md': '# Sourdough bread\nFlour, water, salt and a starter.\n',
  'Travel/Lisbon.md': '---\ntags: [trip]\n---\n# Lisbon\nTrams and pastries.\n',
  'Inbox/todo.md': 'Buy flour.\n',
};

type Loaded = Plugin & { onload(): Promise<void> };

function semanticOf(plugin: Plugin): SemanticSearch {
  return (plugin as unknown as { semanticSearch: SemanticSearch }).semanticSearch;
}

async function start(app: App): Promise<Loaded> {
  const plugin = new (loadBundle(bundle))(app, readManifest()) as Loaded;
  plugin.load();
  await vi.waitFor(() => expect(plugin.settingTabs__).toHaveLength(1));
  return plugin;
}

async function configured(provider: 'openai' | 'openai-compatible'): Promise<App> {
  const app = App.createConfigured__({ files: FILES });
  await app.vault.adapter.mkdir('.obsidian/plugins/reeve');
  const providers = { [provider]: { baseUrl: server.openaiBaseUrl, transport: 'fetch', apiKeySecret: provider === 'openai' ? 'openai-key' : '' } };
  if (provider === 'openai') app.secretStorage.setSecret('openai-key', 'sk-test-0123456789');
  const model = provider === 'openai' ? 'text-embedding-3-small' : 'embed-scripted';
  await app.vault.adapter.write('.obsidian/plugins/reeve/data.json', JSON.stringify({ providers, semanticIndex: { enabled: true, provider, model, dimensions: 64 } }));
  return app;
}

describe('semantic index in the plugin', () => {
  it('builds after layout ready, follows edits, saves, and a restart sends nothing', async () => {
    const app = await configured('openai-compatible');
    const plugin = await start(app);
    await new Promise((r) => setTimeout(r, 50));
    expect(semanticOf(plugin).index).toBeNull();
    expect(textsSent(server)).toEqual([]);

    app.workspace.setLayoutReady__();
    await vi.waitFor(() => expect(semanticOf(plugin).index?.progress.phase).toBe('ready'), { timeout: 10_000 });
    const index = semanticOf(plugin).index;
    if (index === null) throw new Error('no index');
    expect(textsSent(server)).toHaveLength(3);
    expect(textsSent(server).some((t) => t.includes('tags:'))).toBe(false);
    expect(index.progress.longestBlockMs).toBeLessThan(50);
    expect((await index.search('trams pastries', { limit: 1 }))[0]?.path).toBe('Travel/Lisbon.md');
    expect(semanticOf(plugin).status()).toMatch(/^Ready: 3 notes, 3 chunks indexed\.$/);

    server.reset();
    const todo = app.vault.getFileByPath('Inbox/todo.md');
    if (!todo) throw new Error('no todo note');
    await app.vault.modify(todo, 'Book a tram tour of the old town.\n');
    await vi.waitFor(() => expect(textsSent(server)).toEqual(['todo\n\nBook a tram tour of the old town.']), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await index.search('tram tour old town', { limit: 1 }))[0]?.path).toBe('Inbox/todo.md'));

    plugin.unload();
    await vi.waitFor(async () => expect(await app.vault.adapter.exists('.obsidian/plugins/reeve/semantic-index/store.bin')).toBe(true));
    server.reset();
    const again = await start(app);
    app.workspace.setLayoutReady__();
    await vi.waitFor(() => expect(semanticOf(again).index?.progress.phase).toBe('ready'), { timeout: 10_000 });
    expect(textsSent(server)).toEqual([]);
    expect(semanticOf(again).index?.progress.chunks).toBe(3);
    again.unload();
  });

  it('embeds no note behind a wall: the excluded folders, the plan and chat folders', async () => {
    const app = App.createConfigured__({ files: { ...FILES, 'Private/Diary.md': '# Diary\nWALLED-PRIVATE\n', 'Reeve/Chats/Chat.md': '# Chat\nWALLED-CHAT\n', 'Reeve/Plans/Plan.md': '# Plan\nWALLED-PLAN\n' } });
    await app.vault.adapter.mkdir('.obsidian/plugins/reeve');
    const providers = { 'openai-compatible': { baseUrl: server.openaiBaseUrl, transport: 'fetch', apiKeySecret: '' } };
    await app.vault.adapter.write('.obsidian/plugins/reeve/data.json', JSON.stringify({ providers, excludedFolders: ['Private'], semanticIndex: { enabled: true, provider: 'openai-compatible', model: 'embed-scripted', dimensions: 64 } }));
    const plugin = await start(app);
    app.workspace.setLayoutReady__();
    await vi.waitFor(() => expect(semanticOf(plugin).index?.progress.phase).toBe('ready'), { timeout: 10_000 });
    expect(textsSent(server)).toHaveLength(3);
    expect(textsSent(server).join('\n')).not.toMatch(/WALLED/);
    plugin.unload();
  });

  it('asks before a paid first build: "Not now" sends nothing, "Build index" builds', async () => {
    const app = await configured('openai');
    const plugin = await start(app);
    app.workspace.setLayoutReady__();
    await vi.waitFor(() => expect(modals.opened.length).toBe(1), { timeout: 10_000 });
    const modal = modals.opened[0] as Modal;
    expect(modal.contentEl.textContent).toMatch(/sends the text of 3 notes \(3 chunks, about \d+ tokens\) to OpenAI, for about \$0\.0000/);
    button(modal.contentEl, 'Not now').click();
    await vi.waitFor(() => expect(semanticOf(plugin).index?.progress.phase).toBe('declined'));
    expect(textsSent(server)).toEqual([]);

    void semanticOf(plugin).rebuild();
    await vi.waitFor(() => expect(modals.opened.length).toBe(2), { timeout: 10_000 });
    button((modals.opened[1] as Modal).contentEl, 'Build index').click();
    await vi.waitFor(() => expect(semanticOf(plugin).index?.progress.phase).toBe('ready'), { timeout: 10_000 });
    expect(textsSent(server)).toHaveLength(3);
    expect(server.requests.find((r) => r.api === 'openai-embeddings')?.headers.authorization).toBe('Bearer sk-test-0123456789');
    plugin.unload();
  });

  it('the embedding model commits on blur or Enter, and the saved index stays until the new model\'s index is built', async () => {
    const app = await configured('openai-compatible');
    const plugin = await start(app);
    app.workspace.setLayoutReady__();
    await vi.waitFor(() => expect(semanticOf(plugin).index?.progress.phase).toBe('ready'), { timeout: 10_000 });
    const STORE = '.obsidian/plugins/reeve/semantic-index/store.bin';
    const savedModel = async (): Promise<string | undefined> => ((await app.vault.adapter.exists(STORE)) ? readStoreKey(new Uint8Array(await app.vault.adapter.readBinary(STORE)))?.model : undefined);
    await vi.waitFor(async () => expect(await savedModel()).toBe('embed-scripted'), { timeout: 10_000 });
    server.reset();

    const tab = plugin.settingTabs__[0];
    if (!tab) throw new Error('no settings tab');
    openSettingTab(tab as never);
    const rows = (tab as unknown as { getRenderedRows__(): { definition: { name: string }; settingEl: HTMLElement }[] }).getRenderedRows__();
    const input = rows.find((r) => r.definition.name === 'Embedding model')?.settingEl.querySelector('input');
    if (!input) throw new Error('no "Embedding model" field');
    const typeSlowly = (text: string): void => {
      input.value = '';
      input.dispatchEvent(new Event('input'));
      for (const ch of text) {
        input.value += ch;
        input.dispatchEvent(new Event('input'));
      }
    };
    // Typing a new name, one character at a time: nothing restarts, nothing is sent, nothing saved.
    typeSlowly('embed-other');
    await new Promise((r) => setTimeout(r, 300));
    expect(textsSent(server)).toEqual([]);
    expect(await savedModel()).toBe('embed-scripted');
    // Typing the saved name again and leaving the field: 0 notes embedded again.
    typeSlowly('embed-scripted');
    input.dispatchEvent(new Event('blur'));
    await new Promise((r) => setTimeout(r, 300));
    expect(textsSent(server)).toEqual([]);
    expect(semanticOf(plugin).index?.progress.phase).toBe('ready');

    // A new model, with Enter: its build fails half-way; the saved index is still the old model's.
    server.failNext('openai-embeddings', { kind: 'http_error', status: 400, message: 'embedding refused' });
    typeSlowly('embed-other');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await vi.waitFor(() => expect(semanticOf(plugin).index?.progress.phase).toBe('failed'), { timeout: 10_000 });
    expect(await savedModel()).toBe('embed-scripted');
    // Restarted, the new model's build finishes and only then replaces the saved index.
    plugin.unload();
    expect(await savedModel()).toBe('embed-scripted');
    server.reset();
    const again = await start(app);
    app.workspace.setLayoutReady__();
    await vi.waitFor(() => expect(semanticOf(again).index?.progress.phase).toBe('ready'), { timeout: 10_000 });
    expect(textsSent(server)).toHaveLength(3);
    expect(await savedModel()).toBe('embed-other');
    expect(await app.vault.adapter.exists('.obsidian/plugins/reeve/semantic-index/store.next.bin')).toBe(false);
    again.unload();
  });
});
