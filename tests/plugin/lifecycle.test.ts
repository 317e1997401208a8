// @vitest-environment happy-dom
// Loads the production bundle in the Obsidian test runtime, checks exactly what it registers,
// unloads it, and checks that every event, interval and DOM listener was released.
import '../obsidian/dom';
import { App, type Plugin } from 'obsidian-test-mocks/obsidian';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildPluginBundle, removePluginBundle } from '../obsidian/build-bundle';
import { type LeakTracker, trackLeaks } from '../obsidian/leak-tracker';
import { loadBundle, readManifest } from '../obsidian/load-bundle';
import { shownNotices } from '../obsidian/notices';

let bundle = '';
afterAll(() => removePluginBundle(bundle));
beforeAll(async () => {
  bundle = await buildPluginBundle();
}, 60_000);

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

async function startPlugin(files: Record<string, string> = {}): Promise<{ app: App; plugin: Plugin; leaks: LeakTracker }> {
  const app = App.createConfigured__({ files });
  const leaks = trackLeaks({ workspace: app.workspace, vault: app.vault, metadataCache: app.metadataCache });
  const PluginClass = loadBundle(bundle);
  const plugin = new PluginClass(app, readManifest());
  plugin.load();
  await settle();
  // Obsidian calls onLayoutReady callbacks once the workspace is up; the plugin defers work to then.
  app.workspace.setLayoutReady__();
  await settle();
  return { app, plugin, leaks };
}

describe('plugin lifecycle', () => {
  let leaks: LeakTracker | undefined;
  afterEach(() => leaks?.restore());

  it('registers its settings tab, the organize commands, the pending-block widgets, the chat view and nothing that does not work yet', async () => {
    const started = await startPlugin();
    leaks = started.leaks;
    const { plugin } = started;
    expect(plugin.settingTabs__).toHaveLength(1);
    expect([...plugin.commands__.keys()].sort()).toEqual(['ask-about-selection', 'export-chat', 'open-chat', 'organize-folder', 'recover-interrupted-job', 'run-saved-prompt', 'undo-last-organize']);
    expect([...plugin.views__.keys()].sort()).toEqual(['reeve-chat']);
    expect([...plugin.markdownCodeBlockProcessors__.keys()].sort()).toEqual(['ai-edit', 'ai-op', 'ai-plan']);
    expect(plugin.ribbonActions__).toHaveLength(1);
    // No default hotkey: the user picks one.
    for (const id of ['open-chat', 'export-chat', 'ask-about-selection', 'run-saved-prompt']) expect((plugin.commands__.get(id) as { hotkeys?: unknown[] } | undefined)?.hotkeys ?? []).toEqual([]);
  });

  it('"Open chat" opens one chat view in the right sidebar, and opening again reveals the same one', async () => {
    const started = await startPlugin();
    leaks = started.leaks;
    const { app, plugin } = started;
    const run = async (): Promise<void> => {
      (plugin.commands__.get('open-chat') as { callback: () => void }).callback();
      await settle();
    };
    await run();
    const leaves = app.workspace.getLeavesOfType('reeve-chat');
    expect(leaves).toHaveLength(1);
    // The runtime's leaves do not build views; the registered creator does, as Obsidian would.
    const view = (plugin.views__.get('reeve-chat') as unknown as (leaf: unknown) => { onOpen(): Promise<void>; onClose(): Promise<void>; containerEl: HTMLElement })(leaves[0]);
    await view.onOpen();
    expect(view.containerEl.querySelector('.reeve-chat-composer textarea')).not.toBeNull();
    await view.onClose();
    await run();
    expect(app.workspace.getLeavesOfType('reeve-chat')).toHaveLength(1);
  });

  it('releases every event, interval and DOM listener on unload', async () => {
    const started = await startPlugin();
    leaks = started.leaks;
    // While loaded: the folder context menu entry, automatic mode's watch on new and renamed files,
    // the keyword index's watch on every change, the vault adapter's link indexes, and the wait for
    // Obsidian's first index (`resolved`; this runtime's cache never indexes, so it stays)...
    expect(started.leaks.report().eventHandlers.sort()).toEqual([
      'metadataCache:changed x1',
      'metadataCache:deleted x1',
      'metadataCache:resolve x1',
      'metadataCache:resolved x2',
      'vault:create x3',
      'vault:delete x2',
      'vault:modify x2',
      'vault:rename x3',
      'workspace:file-menu x1',
    ]);
    started.plugin.unload();
    await settle();
    expect(started.leaks.report()).toEqual({ domListeners: [], intervals: 0, eventHandlers: [] });
  });

  it('does nothing at layout ready when it was unloaded before', async () => {
    const app = App.createConfigured__({ files: { 'a.md': 'x' } });
    leaks = trackLeaks({ workspace: app.workspace, vault: app.vault, metadataCache: app.metadataCache });
    const PluginClass = loadBundle(bundle);
    const plugin = new PluginClass(app, readManifest());
    plugin.load();
    await settle();
    plugin.unload();
    await settle();
    app.workspace.setLayoutReady__();
    await settle();
    expect(leaks.report()).toEqual({ domListeners: [], intervals: 0, eventHandlers: [] });
  });

  it('offers its settings in settings search', async () => {
    const started = await startPlugin();
    leaks = started.leaks;
    const tab = started.plugin.settingTabs__[0] as unknown as { getSettingDefinitions(): { name?: string; heading?: string }[] };
    const names = tab.getSettingDefinitions().map((d) => d.name ?? d.heading);
    expect(names).toEqual([
      'Provider',
      'Plan folder',
      'Keyword index',
      'Organize',
      'Rules',
      'Automatic mode',
      'Semantic index',
      'Chat',
      'Scout agent',
      'Web agent',
      'Task agent',
      ...['OpenAI', 'Anthropic', 'OpenAI-compatible (Ollama, LM Studio, OpenRouter, vLLM)'].flatMap((p) => [p, `${p}: exploration model`, `${p}: planning model`]),
      'MCP server for other agents',
    ]);
  });
});

describe('settings on load', () => {
  let leaks: LeakTracker | undefined;
  afterEach(() => {
    leaks?.restore();
    shownNotices.length = 0;
  });
  const dataPath = '.obsidian/plugins/reeve/data.json';

  it('falls back to defaults with a notice on corrupt data.json, and leaves the file as it was', async () => {
    const app = App.createConfigured__({ files: { 'note.md': 'hello' } });
    await app.vault.adapter.mkdir('.obsidian/plugins/reeve');
    await app.vault.adapter.write(dataPath, '{"activeProvider": "openai", ');
    leaks = trackLeaks({});
    const plugin = new (loadBundle(bundle))(app, readManifest());
    plugin.load();
    await settle();
    expect((plugin as unknown as { settings: { activeProvider: string } }).settings.activeProvider).toBe('none');
    expect(await app.vault.adapter.read(dataPath)).toBe('{"activeProvider": "openai", ');
    expect(await app.vault.adapter.read('note.md')).toBe('hello');
    expect(shownNotices).toHaveLength(1);
    expect(shownNotices[0]).toMatch(/^Reeve: the settings file could not be read \(.*JSON.*\); using defaults\.$/);
  });

  it('resets only the bad fields of an otherwise valid file', async () => {
    const app = App.createConfigured__();
    await app.vault.adapter.mkdir('.obsidian/plugins/reeve');
    await app.vault.adapter.write(dataPath, JSON.stringify({ activeProvider: 'anthropic', planFolder: '../outside', providers: { anthropic: { plan: { model: 42 } } } }));
    leaks = trackLeaks({});
    const plugin = new (loadBundle(bundle))(app, readManifest());
    plugin.load();
    await settle();
    const settings = (plugin as unknown as { settings: { activeProvider: string; planFolder: string; providers: { anthropic: { plan: { model: string } } } } }).settings;
    expect(settings.activeProvider).toBe('anthropic');
    expect(settings.planFolder).toBe('Reeve/Plans');
    expect(settings.providers.anthropic.plan.model).toBe('claude-sonnet-4-5');
    expect(shownNotices).toHaveLength(1);
    expect(shownNotices[0]).toContain('planFolder "../outside"');
    expect(shownNotices[0]).toContain('providers.anthropic.plan.model should be text');
  });

  it('treats another plugin\'s data as foreign and uses defaults', async () => {
    const app = App.createConfigured__();
    await app.vault.adapter.mkdir('.obsidian/plugins/reeve');
    await app.vault.adapter.write(dataPath, JSON.stringify({ theme: 'dark', fontSize: 14 }));
    leaks = trackLeaks({});
    const plugin = new (loadBundle(bundle))(app, readManifest());
    plugin.load();
    await settle();
    expect((plugin as unknown as { settings: { activeProvider: string } }).settings.activeProvider).toBe('none');
    expect(shownNotices[0]).toContain("none of Reeve's settings");
  });
});
