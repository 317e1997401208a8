// @vitest-environment happy-dom
// The keyword index inside the plugin (production bundle, test runtime): nothing is indexed before
// the workspace is ready; then the vault is searchable, follows edits, and is saved in the
// plugin's folder (never data.json), so the next start loads it instead of rebuilding.
import '../obsidian/dom';
import { App, type Plugin } from 'obsidian-test-mocks/obsidian';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VaultIndexer } from '../../src/search/keyword/vault-indexer';
import { buildPluginBundle, removePluginBundle } from '../obsidian/build-bundle';
import { loadBundle, readManifest } from '../obsidian/load-bundle';

let bundle = '';
beforeAll(async () => {
  bundle = await buildPluginBundle();
}, 60_000);
afterAll(() => removePluginBundle(bundle));

const FILES: Record<string, string> = {
  'Recipes/Bread.md': '# Sourdough bread\nFlour, water, salt and a starter.\n',
  'Travel/Lisbon.md': '---\ntags: [trip]\n---\n# Lisbon\nTrams and pastries.\n',
  'Inbox/todo.md': 'Buy flour.\n',
};

type Loaded = Plugin & { onload(): Promise<void> };

function indexOf(plugin: Plugin): VaultIndexer | null {
  return (plugin as unknown as { keywordSearch: { index: VaultIndexer | null } | null }).keywordSearch?.index ?? null;
}

async function start(app: App): Promise<Loaded> {
  const PluginClass = loadBundle(bundle);
  const plugin = new PluginClass(app, readManifest()) as Loaded;
  plugin.load();
  await vi.waitFor(() => expect(plugin.settingTabs__).toHaveLength(1));
  return plugin;
}

describe('keyword index in the plugin', () => {
  it('waits for the workspace, then indexes, follows edits, and is saved in the plugin folder', async () => {
    const app = App.createConfigured__({ files: FILES });
    const plugin = await start(app);
    expect(indexOf(plugin)).toBeNull();
    app.workspace.setLayoutReady__();
    await vi.waitFor(() => expect(indexOf(plugin)?.phase).toBe('ready'), { timeout: 10_000 });
    const index = indexOf(plugin) as VaultIndexer;
    expect(index.search('sourdough').map((h) => h.path)).toEqual(['Recipes/Bread.md']);
    expect(index.search('flour').map((h) => h.path).sort()).toEqual(['Inbox/todo.md', 'Recipes/Bread.md']);

    const todo = app.vault.getFileByPath('Inbox/todo.md');
    if (!todo) throw new Error('no todo note');
    await app.vault.modify(todo, 'Book a tram tour.\n');
    await vi.waitFor(() => expect(index.search('tram').map((h) => h.path).sort()).toEqual(['Inbox/todo.md', 'Travel/Lisbon.md']));
    expect(index.search('flour').map((h) => h.path)).toEqual(['Recipes/Bread.md']);

    plugin.unload();
    await vi.waitFor(async () => expect((await app.vault.adapter.list('.obsidian/plugins/reeve')).folders.length).toBeGreaterThan(0));
    const saved = await app.vault.adapter.list('.obsidian/plugins/reeve');
    const files = (await Promise.all(saved.folders.map((f) => app.vault.adapter.list(f)))).flatMap((l) => l.files);
    expect(files.length).toBeGreaterThan(0);
    expect(await app.vault.adapter.exists('.obsidian/plugins/reeve/data.json')).toBe(false);

    // A second start loads what was saved: searchable at once, nothing re-read that did not change.
    const again = await start(app);
    app.workspace.setLayoutReady__();
    await vi.waitFor(() => expect(indexOf(again)?.phase).toBe('ready'), { timeout: 10_000 });
    const reloaded = indexOf(again) as VaultIndexer;
    expect(reloaded.stats.load?.loaded ?? 0).toBeGreaterThan(0);
    expect(reloaded.search('pastries').map((h) => h.path)).toEqual(['Travel/Lisbon.md']);
    again.unload();
  });

  it("reads the notes it indexes with Vault.cachedRead (the guidelines' read when nothing is written), never Vault.read", async () => {
    const app = App.createConfigured__({ files: FILES });
    // Obsidian's two reads, recorded as the plugin calls them (each still does what the runtime does).
    const calls: string[] = [];
    const vault = app.vault as unknown as Record<'read' | 'cachedRead', (file: { path: string }) => Promise<string>>;
    for (const name of ['read', 'cachedRead'] as const) {
      const original = vault[name].bind(app.vault);
      vault[name] = (file) => {
        calls.push(`${name} ${file.path}`);
        return original(file);
      };
    }
    const plugin = await start(app);
    app.workspace.setLayoutReady__();
    await vi.waitFor(() => expect(indexOf(plugin)?.phase).toBe('ready'), { timeout: 10_000 });
    expect(indexOf(plugin)?.search('pastries').map((h) => h.path)).toEqual(['Travel/Lisbon.md']);
    const notes = Object.keys(FILES).sort();
    expect(calls.filter((c) => c.startsWith('cachedRead ')).map((c) => c.slice('cachedRead '.length)).sort()).toEqual(notes);
    expect(calls.filter((c) => notes.some((n) => c === `read ${n}`))).toEqual([]);
    plugin.unload();
  });
});
