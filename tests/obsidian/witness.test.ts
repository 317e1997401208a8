// @vitest-environment happy-dom
// The runtime's witness of Obsidian behaves as Obsidian's docs say, on its own (no Reeve code):
// the cache catches up after writes (`changed` per note, then `resolved`), renameFile updates
// links only with "Automatically update internal links" on, and does not protect links a new
// name captures; opening a file hands its OpenViewState's eState to the leaf.
import './dom';
import { describe, expect, it } from 'vitest';
import { App, type TFile } from 'obsidian-test-mocks/obsidian';
import { cacheSettled, makeVaultFaithful } from './faithful-vault';
import { installFaithfulWorkspace } from './faithful-workspace';

installFaithfulWorkspace();

function vaultWith(files: Record<string, string>, alwaysUpdateLinks = true): App {
  const app = App.createConfigured__({ files });
  makeVaultFaithful(app, { alwaysUpdateLinks });
  return app;
}

const file = (app: App, p: string): TFile => {
  const f = app.vault.getFileByPath(p);
  if (!f) throw new Error(`no ${p}`);
  return f;
};

describe('the witness metadata cache', () => {
  it('can be still indexing when the vault opens: nothing known, writes wait, then one pass and resolved', async () => {
    const app = App.createConfigured__({ files: { 'a.md': 'to [[b]]', 'b.md': '# B' } });
    const cache = makeVaultFaithful(app, { deferFirstIndex: true });
    const mc = app.metadataCache as unknown as { initialized: boolean };
    const events: string[] = [];
    app.metadataCache.on('changed', (...data: unknown[]) => events.push(`changed ${(data[0] as { path: string }).path}`));
    app.metadataCache.on('resolved', () => events.push('resolved'));
    expect(mc.initialized).toBe(false);
    expect(app.metadataCache.getCache('a.md')).toBeNull();
    expect(app.metadataCache.resolvedLinks).toEqual({});
    await app.vault.create('c.md', 'to [[a]]');
    await new Promise((r) => setTimeout(r, 20));
    expect(events).toEqual([]);
    expect(app.metadataCache.getCache('c.md')).toBeNull();
    cache.finishFirstIndex__();
    expect(mc.initialized).toBe(true);
    expect(events.sort()).toEqual(['changed a.md', 'changed b.md', 'changed c.md', 'resolved']);
    expect(app.metadataCache.resolvedLinks).toEqual({ 'a.md': { 'b.md': 1 }, 'b.md': {}, 'c.md': { 'a.md': 1 } });
  });

  it('answers for the old text until it has indexed a write, then fires changed and resolved', async () => {
    const app = vaultWith({ 'a.md': 'no links', 'b.md': '# B' });
    const events: string[] = [];
    app.metadataCache.on('changed', (...data: unknown[]) => events.push(`changed ${(data[0] as { path: string }).path}`));
    app.metadataCache.on('resolved', () => events.push('resolved'));
    await app.vault.modify(file(app, 'a.md'), 'now [[b]]');
    expect(app.metadataCache.getCache('a.md')?.links).toBeUndefined();
    expect(app.metadataCache.resolvedLinks['a.md']).toEqual({});
    await cacheSettled(app);
    expect(events).toEqual(['changed a.md', 'resolved']);
    expect(app.metadataCache.getCache('a.md')?.links?.map((l) => l.link)).toEqual(['b']);
    expect(app.metadataCache.resolvedLinks['a.md']).toEqual({ 'b.md': 1 });
  });

  it('does not fire changed for a rename, and resolves links to the new path', async () => {
    const app = vaultWith({ 'a.md': '[[b]]', 'b.md': '# B' }, false);
    const events: string[] = [];
    app.metadataCache.on('changed', (...data: unknown[]) => events.push(`changed ${(data[0] as { path: string }).path}`));
    await app.vault.rename(file(app, 'b.md'), 'sub/b.md');
    await cacheSettled(app);
    expect(events).toEqual([]);
    expect(app.metadataCache.getCache('sub/b.md')?.headings?.[0]?.heading).toBe('B');
    expect(app.metadataCache.resolvedLinks['a.md']).toEqual({ 'sub/b.md': 1 });
  });
});

describe('the witness renameFile', () => {
  const files = { 'Notes/a.md': '[[Projects/b|bee]] and [x](../Projects/b.md#Top)', 'Projects/b.md': '# Top' };

  it('rewrites links that would break when "Automatically update internal links" is on', async () => {
    const app = vaultWith(files, true);
    await app.fileManager.renameFile(file(app, 'Projects/b.md'), 'Archive/b.md');
    expect(await app.vault.adapter.read('Notes/a.md')).toBe('[[b|bee]] and [x](b.md#Top)');
  });

  it('leaves every link as it was when the setting is off', async () => {
    const app = vaultWith(files, false);
    await app.fileManager.renameFile(file(app, 'Projects/b.md'), 'Archive/b.md');
    expect(await app.vault.adapter.read('Notes/a.md')).toBe(files['Notes/a.md']);
  });

  it('does not protect a link that the new name captures', async () => {
    const app = vaultWith({ 'Projects/Foobar.md': '', 'Notes/X.md': '[[Foobar]]', 'Inbox/Other.md': '' });
    await app.fileManager.renameFile(file(app, 'Inbox/Other.md'), 'Inbox/Foobar.md');
    await cacheSettled(app);
    expect(await app.vault.adapter.read('Notes/X.md')).toBe('[[Foobar]]');
    expect(app.metadataCache.resolvedLinks['Notes/X.md']).toEqual({ 'Inbox/Foobar.md': 1 });
  });
});

describe('the witness workspace', () => {
  it('openFile shows the note in a markdown view and hands the leaf its eState, replacing the last one', async () => {
    const app = vaultWith({ 'a.md': 'one\ntwo\nthree', 'b.md': '# B' });
    const leaf = app.workspace.getLeaf(false);
    await leaf.openFile(file(app, 'a.md'), { active: true, eState: { line: 2 } });
    expect(leaf.getViewState()).toMatchObject({ type: 'markdown', state: { file: 'a.md' }, active: true });
    expect(leaf.getEphemeralState()).toEqual({ line: 2 });
    expect(app.workspace.getActiveFile()?.path).toBe('a.md');
    await leaf.openFile(file(app, 'b.md'));
    expect(leaf.getEphemeralState()).toEqual({});
  });

  it("openLinkText resolves the link from its source and passes the subpath in eState", async () => {
    const app = vaultWith({ 'Notes/a.md': '[[b#Top]]', 'Projects/b.md': '# Top' });
    await app.workspace.openLinkText('b#Top', 'Notes/a.md', false, { eState: { line: 0 } });
    const leaf = app.workspace.getLeaf(false);
    expect(leaf.getViewState().state).toEqual({ file: 'Projects/b.md' });
    expect(leaf.getEphemeralState()).toEqual({ line: 0, subpath: '#Top' });
  });
});
