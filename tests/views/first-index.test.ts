// @vitest-environment happy-dom
// Obsidian may still be indexing the vault when the workspace is ready (the runtime's metadata
// cache can hold its first index back: witness/metadata-cache.ts). Until its first `resolved`, a
// note not yet indexed looks link-less: automatic mode, organize and recovery wait for it (and
// say so when it takes long), and a write after which Obsidian is still busy is reported.
import '../obsidian/dom';
import { App, Plugin } from 'obsidian-test-mocks/obsidian';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelfWrites, trackSelfWrites } from '../../src/agents/organize/auto/self-writes';
import { DEFAULT_SETTINGS, type ReeveSettings } from '../../src/settings/settings';
import { indexWaitMs } from '../../src/vault-vfs/obsidian-index-wait';
import { ObsidianVault } from '../../src/vault-vfs/obsidian-vault';
import { FirstIndex } from '../../src/views/first-index';
import { registerAutomaticOrganize } from '../../src/views/organize/automatic-organize';
import { OrganizeModal } from '../../src/views/organize/organize-modal';
import { organizeInModal } from '../../src/views/organize/run-organize';
import { makeVaultFaithful } from '../obsidian/faithful-vault';
import { readManifest } from '../obsidian/load-bundle';
import { shownNotices } from '../obsidian/notices';
import type { WitnessMetadataCache } from '../obsidian/witness/metadata-cache';

class HostPlugin extends Plugin {}

afterEach(() => {
  shownNotices.length = 0;
  indexWaitMs.busy = 5000;
  document.body.empty();
});

const settle = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A vault Obsidian is still indexing, with "Automatically update internal links" off. */
function stillIndexing(files: Record<string, string>): { app: App; cache: WitnessMetadataCache; port: ObsidianVault; plugin: HostPlugin; firstIndex: FirstIndex } {
  const app = App.createConfigured__({ files });
  const cache = makeVaultFaithful(app, { alwaysUpdateLinks: false, deferFirstIndex: true });
  const plugin = new HostPlugin(app, readManifest());
  plugin.load();
  const firstIndex = new FirstIndex(plugin as never);
  return { app, cache, port: new ObsidianVault(app as never), plugin, firstIndex };
}

function settingsWith(): ReeveSettings {
  const s = structuredClone(DEFAULT_SETTINGS);
  s.rules = [{ name: 'Meetings', if: 'file.name.startsWith("Meeting")', thenMoveTo: 'Meetings', enabled: true }];
  s.automatic = { enabled: true, watchedFolders: ['Inbox'], delaySeconds: 1 };
  return s;
}

describe("waiting for Obsidian's first index", () => {
  it('automatic mode files a new note only once the index is done, so the links to it are rewritten', async () => {
    const h = stillIndexing({ 'Home.md': 'Agenda: [[Inbox/Meeting with Ana]]\n' });
    const selfWrites = new SelfWrites();
    const port = trackSelfWrites(h.port, selfWrites);
    const settings = settingsWith();
    const runs: unknown[] = [];
    registerAutomaticOrganize(h.plugin as never, { port: () => port, settings: () => settings, selfWrites, indexReady: h.firstIndex, onRun: (r) => runs.push(r) });
    await h.app.vault.create('Inbox/Meeting with Ana.md', 'notes');
    // Past the quiet period (1 s) and the 3 s after which the wait is said: nothing moved yet.
    await settle(4300);
    expect(runs).toEqual([]);
    expect(await port.exists('Inbox/Meeting with Ana.md')).toBe(true);
    expect(shownNotices.some((n) => /waiting for Obsidian to finish indexing the vault before automatic mode/.test(n))).toBe(true);
    h.cache.finishFirstIndex__();
    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 5000 });
    expect(await port.read('Inbox/Meetings/Meeting with Ana.md')).toBe('notes');
    expect(await port.read('Home.md')).toBe('Agenda: [[Meeting with Ana]]\n');
  }, 15_000);

  it('organize plans only once the index is done, and says in its window that it waits', async () => {
    const h = stillIndexing({ 'Inbox/Meeting 1.md': 'a', 'Home.md': 'See [[Inbox/Meeting 1]].\n' });
    const modal = new OrganizeModal(h.app as never, 'Inbox');
    modal.onOpen();
    document.body.append(modal.contentEl);
    const settings = settingsWith();
    let done = false;
    const run = organizeInModal({ app: h.app as never, port: () => h.port, settings: () => settings, indexReady: h.firstIndex }, 'Inbox', modal).then(() => (done = true));
    await settle(200);
    expect(done).toBe(false);
    expect(modal.contentEl.textContent).toContain('Waiting for Obsidian to finish indexing the vault');
    expect((await h.port.list()).some((e) => e.path.startsWith('Reeve/'))).toBe(false);
    h.cache.finishFirstIndex__();
    await run;
    expect(modal.contentEl.textContent).toMatch(/review them in the plan note/);
  });

  it('a vault Obsidian indexed before Reeve loaded waits for nothing', () => {
    const app = App.createConfigured__({ files: { 'a.md': 'x' } });
    makeVaultFaithful(app);
    const plugin = new HostPlugin(app, readManifest());
    plugin.load();
    expect(new FirstIndex(plugin as never).isReady).toBe(true);
  });

  it('a write after which Obsidian is still busy is reported, not read as if indexed', async () => {
    indexWaitMs.busy = 100;
    const app = App.createConfigured__({ files: { 'a.md': 'x' } });
    makeVaultFaithful(app, { deferFirstIndex: true });
    const busy: string[][] = [];
    const port = new ObsidianVault(app as never, { onIndexBusy: (notes) => busy.push(notes) });
    await port.create('New.md', 'to [[a]]');
    expect(busy).toEqual([['New.md']]);
    expect(port.backlinks('a.md')).toEqual([]);
  });
});
