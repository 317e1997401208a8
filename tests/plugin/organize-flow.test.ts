// @vitest-environment happy-dom
// "Organize folder" end to end, as a user does it, on the production bundle in the test runtime
// (faithful vault): the folder's context menu, the progress window, the plan note, Accept on part
// of the plan in its widgets, files moved with every link intact, the rest left pending, and
// "Undo last organize" putting the vault back byte for byte.
import '../obsidian/dom';
import { App, Component, Menu, Modal, type Plugin } from 'obsidian-test-mocks/obsidian';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ObsidianVault } from '../../src/vault-vfs/obsidian-vault';
import { buildPluginBundle, removePluginBundle } from '../obsidian/build-bundle';
import { makeVaultFaithful } from '../obsidian/faithful-vault';
import { loadBundle, readManifest } from '../obsidian/load-bundle';
import { keepModalsOpen } from '../obsidian/modals';
import { shownNotices } from '../obsidian/notices';
import { button, clickAndWait, renderCodeBlock } from '../views/widget-harness';

let bundle = '';
afterAll(() => removePluginBundle(bundle));
beforeAll(async () => {
  bundle = await buildPluginBundle();
}, 60_000);

const FILES: Record<string, string> = {
  'Inbox/2024-03-02.md': '# Saturday\nMet [[Ana]] about [[Garden plan]].\n',
  'Inbox/2024-03-09.md': '# Saturday\nSeeds arrived.\n',
  'Inbox/Garden plan.md': '# Garden plan\nSee the daily note [[2024-03-02]].\n',
  'Inbox/receipt.pdf': '%PDF-1.4 receipt',
  'People/Ana.md': '# Ana\nWe talked on [[2024-03-02]] and in [[Inbox/2024-03-09|March]].\n',
  'Home.md': 'Start: [[Garden plan]], [daily](Inbox/2024-03-09.md).\n',
};

const modals = keepModalsOpen();
afterEach(() => {
  shownNotices.length = 0;
  document.body.empty();
});

async function userFiles(port: ObsidianVault): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await port.list()) if (!e.path.startsWith('Reeve')) out[e.path] = e.kind === 'folder' ? '<folder>' : await port.read(e.path);
  return out;
}

async function startPlugin(): Promise<{ app: App; plugin: Plugin; port: ObsidianVault }> {
  const app = App.createConfigured__({ files: FILES });
  makeVaultFaithful(app);
  const PluginClass = loadBundle(bundle);
  const plugin = new PluginClass(app, readManifest());
  plugin.load();
  await vi.waitFor(() => expect(plugin.settingTabs__).toHaveLength(1));
  app.workspace.setLayoutReady__();
  return { app, plugin, port: new ObsidianVault(app as never) };
}

describe('organize folder, in Obsidian', () => {
  it('from the folder menu to a plan note, part of it accepted with links intact, then undone', async () => {
    const { app, plugin, port } = await startPlugin();
    const before = await userFiles(port);

    // Right-click on Inbox: "Organize this folder".
    const menu = Menu.create2__();
    app.workspace.trigger('file-menu', menu, app.vault.getFolderByPath('Inbox'), 'file-explorer');
    const item = menu.menuItems__.find((i) => i.title__ === 'Organize this folder');
    if (!item?.onClick__) throw new Error('no "Organize this folder" in the folder menu');
    void item.onClick__(new MouseEvent('click'));

    // The progress window: skip the naming step if offered, wait for the plan.
    await vi.waitFor(() => expect(modals.opened.length).toBeGreaterThan(0));
    const modal = modals.opened[0] as Modal;
    await vi.waitFor(() => expect(modal.contentEl.textContent).toMatch(/Skip|review them in the plan note/));
    if (modal.contentEl.textContent?.includes('Skip')) button(modal.contentEl, 'Skip').click();
    await vi.waitFor(() => expect(modal.contentEl.textContent).toContain('review them in the plan note'), { timeout: 10_000 });
    const plans = (await port.list()).filter((e) => e.kind === 'file' && e.path.startsWith('Reeve/Plans/'));
    expect(plans).toHaveLength(1);
    const note = plans[0]?.path ?? '';
    const planText = await port.read(note);
    expect(planText).toContain('"source":"Inbox/2024-03-02.md"');
    expect(planText).toContain('"source":"Inbox/receipt.pdf"');

    // Accept only the daily note's move, in its widget.
    const parent = new Component();
    parent.load();
    const el = await renderCodeBlock(plugin, port, parent, 'ai-op', note, '"source":"Inbox/2024-03-02.md"');
    await clickAndWait(el, 'Accept');
    const moved = (/"destination":"([^"]+2024-03-02\.md)"/.exec(planText) ?? [])[1] ?? '';
    // A year with one daily note is one folder, no month level (issue 26).
    expect(moved).toMatch(/^Inbox\/Daily\/2024\/2024-03-02\.md$/);
    expect(await port.exists('Inbox/2024-03-02.md')).toBe(false);
    expect(await port.read(moved)).toBe(FILES['Inbox/2024-03-02.md']);
    // Every link to it still resolves to it; its own links too; the rest of the plan waits.
    expect(port.resolvedLinks()['People/Ana.md']).toHaveProperty([moved]);
    expect(port.resolvedLinks()['Inbox/Garden plan.md']).toHaveProperty([moved]);
    expect(port.resolvedLinks()[moved]).toEqual({ 'People/Ana.md': 1, 'Inbox/Garden plan.md': 1 });
    expect(port.unresolvedLinks()['People/Ana.md'] ?? {}).toEqual({});
    expect(await port.exists('Inbox/receipt.pdf')).toBe(true);
    expect(await port.read('Home.md')).toBe(FILES['Home.md']);

    // "Undo last organize" from the command palette.
    const undo = plugin.commands__.get('undo-last-organize') as { callback?: () => unknown } | undefined;
    undo?.callback?.();
    await vi.waitFor(() => expect(shownNotices.some((n) => n.startsWith('Reeve: undone'))).toBe(true));
    expect(await userFiles(port)).toEqual(before);
    parent.unload();
    plugin.unload();
  });

  it("follows the owner's Daily notes setting, read from the config folder as the CLI reads it", async () => {
    const { app, plugin, port } = await startPlugin();
    // The Daily notes core plugin keeps its folder and format in <configDir>/daily-notes.json.
    await app.vault.adapter.write(`${app.vault.configDir}/daily-notes.json`, JSON.stringify({ folder: 'Inbox/Diary', format: 'YYYY-MM-DD' }));
    await app.vault.createFolder('Inbox/Diary');
    await app.vault.create('Inbox/Diary/2024-01-05.md', '# Friday\n');
    const menu = Menu.create2__();
    app.workspace.trigger('file-menu', menu, app.vault.getFolderByPath('Inbox'), 'file-explorer');
    void menu.menuItems__.find((i) => i.title__ === 'Organize this folder')?.onClick__?.(new MouseEvent('click'));
    await vi.waitFor(() => expect(modals.opened.length).toBeGreaterThan(0));
    const modal = modals.opened[modals.opened.length - 1] as Modal;
    await vi.waitFor(() => expect(modal.contentEl.textContent).toMatch(/Skip|review them in the plan note/));
    if (modal.contentEl.textContent?.includes('Skip')) button(modal.contentEl, 'Skip').click();
    await vi.waitFor(() => expect(modal.contentEl.textContent).toContain('review them in the plan note'), { timeout: 10_000 });
    const plan = (await port.list()).find((e) => e.kind === 'file' && e.path.startsWith('Reeve/Plans/'));
    const planText = await port.read(plan?.path ?? '');
    expect(planText).toContain('"destination":"Inbox/Diary/2024-03-02.md"');
    expect(planText).not.toContain('"destination":"Inbox/Diary/2024-01-05.md"');
    expect(planText).not.toContain('Inbox/Daily/');
    plugin.unload();
  });
});
