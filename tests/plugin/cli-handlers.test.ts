// @vitest-environment happy-dom
// Reeve's commands in Obsidian's own CLI (registerCliHandler, 1.12.2+), from the production bundle
// in the test runtime (tests/obsidian/faithful-cli.ts is the terminal): reeve:search behind the
// excluded folders, reeve:organize writing a plan note, reeve:pending listing its blocks, reeve:ask
// with no model saying what to set; on an older Obsidian the plugin loads without them; a second
// plugin registering the same command is refused, as the docs say.
import '../obsidian/dom';
import { App, type Plugin } from 'obsidian-test-mocks/obsidian';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPluginBundle, removePluginBundle } from '../obsidian/build-bundle';
import { appVersion, cliCommands__, runCli__ } from '../obsidian/faithful-cli';
import { makeVaultFaithful } from '../obsidian/faithful-vault';
import { loadBundle, readManifest } from '../obsidian/load-bundle';

const FILES: Record<string, string> = {
  'Inbox/2024-03-02.md': '# Saturday\nMet [[Ana]] about [[Garden plan]].\n',
  'Inbox/2024-03-09.md': '# Saturday\nSeeds arrived.\n',
  'Inbox/Garden plan.md': '# Garden plan\nSee the daily note [[2024-03-02]]. Tomatoes and beans.\n',
  'Inbox/receipt.pdf': '%PDF-1.4 receipt',
  'People/Ana.md': '# Ana\nWe talked on [[2024-03-02]].\n',
  'Private/Garden secrets.md': '# Garden secrets\nTomatoes behind the shed.\n',
};

let bundle = '';
const loaded: Plugin[] = [];
beforeAll(async () => {
  bundle = await buildPluginBundle();
}, 120_000);
afterAll(() => removePluginBundle(bundle));
afterEach(() => {
  for (const p of loaded.splice(0)) p.unload();
  appVersion.current = '1.13.1';
});

async function startPlugin(app = App.createConfigured__({ files: FILES })): Promise<{ app: App; plugin: Plugin }> {
  makeVaultFaithful(app);
  await app.vault.adapter.mkdir('.obsidian/plugins/reeve');
  await app.vault.adapter.write('.obsidian/plugins/reeve/data.json', JSON.stringify({ excludedFolders: ['Private'] }));
  const plugin = new (loadBundle(bundle))(app, readManifest());
  loaded.push(plugin);
  plugin.load();
  await vi.waitFor(() => expect(plugin.settingTabs__).toHaveLength(1));
  app.workspace.setLayoutReady__();
  return { app, plugin };
}

describe("Reeve in Obsidian's CLI", () => {
  it('registers four commands; search keeps behind the walls, organize writes a plan, pending lists it', async () => {
    const { app } = await startPlugin();
    expect(cliCommands__(app)).toEqual(['reeve:ask', 'reeve:organize', 'reeve:pending', 'reeve:search']);
    expect(await runCli__(app, 'reeve:search', {})).toBe('Error: reeve:search needs query=<words>.');
    let hits: { path: string; why: { kind: string }[] }[] = [];
    await vi.waitFor(async () => {
      hits = JSON.parse(await runCli__(app, 'reeve:search', { query: 'tomatoes', format: 'json' })) as typeof hits;
      expect(hits.length).toBeGreaterThan(0);
    });
    expect(hits.map((h) => h.path)).toEqual(['Inbox/Garden plan.md']);
    expect(await runCli__(app, 'reeve:search', { query: 'garden' })).not.toContain('Private/');
    expect(await runCli__(app, 'reeve:pending', {})).toBe('No pending blocks.');

    const planned = await runCli__(app, 'reeve:organize', { folder: 'Inbox' });
    expect(planned).toMatch(/^Plan for Inbox: \d+ operation\(s\), \d+ conflict\(s\), in Reeve\/Plans\/.+\.md\. Accept or reject them there\.$/);
    const note = /in (Reeve\/Plans\/.+\.md)\./.exec(planned)?.[1] ?? '';
    const pending = JSON.parse(await runCli__(app, 'reeve:pending', { format: 'json' })) as { kind: string; note: string; state: string; target?: string }[];
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((p) => p.kind === 'op' && p.note === note && p.state === 'pending')).toBe(true);
    expect(pending.map((p) => p.target).join('\n')).toContain('Inbox/receipt.pdf');
    expect(await runCli__(app, 'reeve:pending', { note })).toContain(note);
    // Nothing moved: the plan waits for the user.
    expect(app.vault.getFileByPath('Inbox/receipt.pdf')).not.toBeNull();
  });

  it('reeve:ask without a model provider says what to set, and writes nothing', async () => {
    const { app } = await startPlugin();
    await vi.waitFor(async () => expect(await runCli__(app, 'reeve:ask', { prompt: 'tidy the garden plan' })).not.toContain('still loading'));
    expect(await runCli__(app, 'reeve:ask', { prompt: 'tidy the garden plan' })).toMatch(/^Error: .*model/);
    expect(await runCli__(app, 'reeve:ask', {})).toBe('Error: reeve:ask needs prompt=<request>.');
    expect(await app.vault.adapter.read('Inbox/Garden plan.md')).toBe(FILES['Inbox/Garden plan.md']);
  });

  it('on Obsidian before 1.12.2 the plugin loads without CLI commands', async () => {
    appVersion.current = '1.12.1';
    const { app, plugin } = await startPlugin();
    expect(cliCommands__(app)).toEqual([]);
    expect(plugin.settingTabs__).toHaveLength(1);
  });

  it('a command id is global: a second registration throws, and unloading frees the ids', async () => {
    const { app, plugin } = await startPlugin();
    expect(() => plugin.registerCliHandler('reeve:search', 'again', null, () => '')).toThrow(/already registered/);
    plugin.unload();
    loaded.length = 0;
    expect(cliCommands__(app)).toEqual([]);
  });
});
