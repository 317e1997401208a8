// @vitest-environment happy-dom
// "Organize folder" in the plugin (production bundle, test runtime, scripted embedding server)
// scores the similarity scores' content signal with the plugin's semantic index once it is built,
// and the plan note says so: on the synonym vault (tests/agents/organize/scoring/synonym-vault.ts)
// the note written in the garden notes' "synonyms" goes to Inbox/Garden; by keywords it stays, and
// the window says the keywords scored.
import '../obsidian/dom';
import { App, Menu, type Modal, type Plugin } from 'obsidian-test-mocks/obsidian';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KeywordSearch } from '../../src/views/search/keyword-search';
import type { SemanticSearch } from '../../src/views/search/semantic-search';
import { buildPluginBundle, removePluginBundle } from '../obsidian/build-bundle';
import { loadBundle, readManifest } from '../obsidian/load-bundle';
import { keepModalsOpen } from '../obsidian/modals';
import { installFaithfulPluginData } from '../obsidian/plugin-data';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../llm-server';
import { synonymVault } from '../agents/organize/scoring/synonym-vault';

let bundle = '';
afterAll(() => removePluginBundle(bundle));
let server: ScriptedLlmServer;
beforeAll(async () => {
  installFaithfulPluginData();
  bundle = await buildPluginBundle();
  server = await startScriptedLlmServer();
}, 60_000);
afterAll(() => server.close());
const modals = keepModalsOpen();
const vault = synonymVault();

type Loaded = Plugin & { onload(): Promise<void>; semanticSearch: SemanticSearch; keywordSearch: KeywordSearch };

async function planNote(semantic: boolean): Promise<string> {
  const files = Object.fromEntries(Object.entries(vault.files).filter(([p]) => !p.startsWith('.obsidian/')));
  const app = App.createConfigured__({ files });
  await app.vault.adapter.mkdir('.obsidian/plugins/reeve');
  const providers = { 'openai-compatible': { baseUrl: server.openaiBaseUrl, transport: 'fetch', apiKeySecret: '' } };
  await app.vault.adapter.write('.obsidian/plugins/reeve/data.json', JSON.stringify({ providers, semanticIndex: { enabled: semantic, provider: 'openai-compatible', model: 'embed-scripted', dimensions: 64 } }));
  const plugin = new (loadBundle(bundle))(app, readManifest()) as Loaded;
  plugin.load();
  await vi.waitFor(() => expect(plugin.settingTabs__).toHaveLength(1));
  app.workspace.setLayoutReady__();
  // Obsidian's first index is done (organize waits for it); the mocks' cache never says so itself.
  app.metadataCache.trigger('resolved');
  await vi.waitFor(() => expect(plugin.keywordSearch.index?.phase).toBe('ready'), { timeout: 10_000 });
  if (semantic) await vi.waitFor(() => expect(plugin.semanticSearch.index?.progress.phase).toBe('ready'), { timeout: 10_000 });

  const opened = modals.opened.length;
  // Right-click on Inbox: "Organize this folder".
  const menu = Menu.create2__();
  app.workspace.trigger('file-menu', menu, app.vault.getFolderByPath('Inbox'), 'file-explorer');
  const item = menu.menuItems__.find((i) => i.title__ === 'Organize this folder');
  if (!item?.onClick__) throw new Error('no "Organize this folder" in the folder menu');
  void item.onClick__(new MouseEvent('click'));
  await vi.waitFor(() => expect(modals.opened.length).toBeGreaterThan(opened));
  const modal = modals.opened[modals.opened.length - 1] as Modal;
  await vi.waitFor(() => expect(modal.contentEl.textContent).toMatch(/review them in the plan note|nothing to move/), { timeout: 10_000 });
  // A plan with operations is a plan note; an organized folder gets none, and the window says what scored.
  const note = app.vault.getFiles().find((f) => f.path.startsWith('Reeve/Plans/'));
  const said = note ? await app.vault.read(note) : (modal.contentEl.textContent ?? '');
  plugin.unload();
  return said;
}

describe('organize folder with the semantic index, in Obsidian', () => {
  it('the content signal comes from the built index and the plan note says so; without it, from keywords', async () => {
    const semantic = await planNote(true);
    expect(semantic).toMatch(/content similarity scored by the semantic index \(openai-compatible\/embed-scripted\/64\)/);
    expect(semantic).toContain(`"source":"${vault.loose}","destination":"Inbox/Garden/Garden kitchen.md"`);

    const keywords = await planNote(false);
    expect(keywords).toMatch(/content similarity scored by the notes' keywords \(no semantic index is built for the configured embedder\)/);
    expect(keywords).not.toContain(`"source":"${vault.loose}"`);
  }, 60_000);
});
