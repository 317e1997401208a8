// @vitest-environment happy-dom
// Another plugin may register the `ai-edit` code-block language before Reeve (a public plugin does).
// Obsidian then throws on Reeve's registration, as the test runtime does; Reeve must still load all
// the rest (commands, chat view, the other widgets), and say in a notice which blocks it cannot show.
import '../obsidian/dom';
import { App, Plugin } from 'obsidian-test-mocks/obsidian';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPluginBundle, removePluginBundle } from '../obsidian/build-bundle';
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

class OtherPlugin extends Plugin {}

describe('a code-block language another plugin took', () => {
  it('the runtime refuses a second processor for one language, as Obsidian does', () => {
    const app = App.createConfigured__({ files: {} });
    const a = new OtherPlugin(app, { ...readManifest(), id: 'a' });
    const b = new OtherPlugin(app, { ...readManifest(), id: 'b' });
    a.registerMarkdownCodeBlockProcessor('x', () => undefined);
    expect(() => b.registerMarkdownCodeBlockProcessor('x', () => undefined)).toThrow('Code block postprocessor for language x is already registered');
  });

  it('leaves Reeve loaded with everything else, and a notice that names the block kind', async () => {
    shownNotices.length = 0;
    const app = App.createConfigured__({ files: {} });
    const other = new OtherPlugin(app, { ...readManifest(), id: 'other-ai-plugin' });
    other.load();
    other.registerMarkdownCodeBlockProcessor('ai-edit', () => undefined);
    const PluginClass = loadBundle(bundle);
    const plugin = new PluginClass(app, readManifest());
    plugin.load();
    await settle();
    app.workspace.setLayoutReady__();
    await settle();
    expect([...plugin.commands__.keys()].sort()).toEqual(['ask-about-selection', 'export-chat', 'open-chat', 'organize-folder', 'recover-interrupted-job', 'run-saved-prompt', 'undo-last-organize']);
    expect([...plugin.views__.keys()]).toEqual(['reeve-chat']);
    expect([...plugin.markdownCodeBlockProcessors__.keys()].sort()).toEqual(['ai-op', 'ai-plan']);
    expect(shownNotices.filter((n) => n.includes('"ai-edit"'))).toHaveLength(1);
    expect(shownNotices.find((n) => n.includes('"ai-edit"'))).toMatch(/another plugin already shows "ai-edit" blocks.*reeve pending/);
    plugin.unload();
    other.unload();
  });
});
