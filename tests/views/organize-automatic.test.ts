// @vitest-environment happy-dom
// Automatic mode on the faithful runtime vault: files created or renamed in a watched folder are
// filed by the saved rules after a quiet period, through the journal (undoable), except notes
// that opt out, excluded folders, the plan folder, and Reeve's own moves.
import '../obsidian/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelfWrites, trackSelfWrites } from '../../src/agents/organize/auto/self-writes';
import { listFinishedJobs, undoJob } from '../../src/edits/journal/recover-jobs';
import { DEFAULT_SETTINGS, type ReeveSettings } from '../../src/settings/settings';
import { registerAutomaticOrganize } from '../../src/views/organize/automatic-organize';
import { shownNotices } from '../obsidian/notices';
import { createHarness } from './widget-harness';

afterEach(() => {
  shownNotices.length = 0;
});

function settingsWith(over: Partial<ReeveSettings['automatic']> = {}, excludedFolders: string[] = []): ReeveSettings {
  const s = structuredClone(DEFAULT_SETTINGS);
  s.rules = [{ name: 'Meetings', if: 'file.name.startsWith("Meeting")', thenMoveTo: 'Meetings', enabled: true }];
  s.automatic = { enabled: true, watchedFolders: ['Inbox'], delaySeconds: 1, ...over };
  s.excludedFolders = excludedFolders;
  return s;
}

function start(settings: ReeveSettings, files: Record<string, string> = { 'Inbox/readme.md': 'hi' }) {
  const h = createHarness(files);
  const selfWrites = new SelfWrites();
  const port = trackSelfWrites(h.port, selfWrites);
  const runs: unknown[] = [];
  const queue = registerAutomaticOrganize(h.plugin as never, { port: () => port, settings: () => settings, selfWrites, onRun: (r) => runs.push(r) });
  return { ...h, port, runs, queue };
}

const settle = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('automatic mode', () => {
  it('files a new note in a watched folder once it has settled, as one undoable organize job', async () => {
    const h = start(settingsWith());
    await h.app.vault.create('Inbox/Meeting with Ana.md', 'notes');
    // Still inside the quiet period: nothing has moved yet.
    await settle(300);
    expect(await h.port.exists('Inbox/Meeting with Ana.md')).toBe(true);
    await vi.waitFor(() => expect(h.runs).toHaveLength(1), { timeout: 5000 });
    expect(await h.port.read('Inbox/Meetings/Meeting with Ana.md')).toBe('notes');
    expect(shownNotices.some((n) => n.includes('"Undo last organize" reverses it'))).toBe(true);
    const jobs = await listFinishedJobs(h.port);
    expect(jobs.at(-1)?.description).toMatch(/^organize plan auto-.* \(automatic, Inbox\): 2 operations$/);
    await undoJob(h.port, jobs.at(-1)?.job);
    expect(await h.port.read('Inbox/Meeting with Ana.md')).toBe('notes');
    expect(await h.port.exists('Inbox/Meetings')).toBe(false);
  });

  it('applies a rule\'s tags and properties too, after the move, through processFrontMatter, and undo gives the note back byte for byte', async () => {
    const settings = settingsWith();
    settings.rules = [{ name: 'Meetings', if: 'file.name.startsWith("Meeting")', thenMoveTo: 'Meetings', thenAddTags: ['meeting'], thenSetProperties: { status: 'filed' }, enabled: true }];
    const h = start(settings);
    const text = '---\nstatus: new\n---\nnotes\r\nmore\n';
    await h.app.vault.create('Inbox/Meeting with Bo.md', text);
    await vi.waitFor(() => expect(h.runs).toHaveLength(1), { timeout: 5000 });
    const filed = await h.port.read('Inbox/Meetings/Meeting with Bo.md');
    expect(filed).toContain('tags:\n  - meeting');
    expect(filed).toContain('status: filed');
    expect(filed.endsWith('notes\r\nmore\n')).toBe(true);
    const jobs = await listFinishedJobs(h.port);
    expect(jobs.at(-1)?.description).toMatch(/\(automatic, Inbox\): 4 operations$/);
    await undoJob(h.port, jobs.at(-1)?.job);
    expect(await h.port.read('Inbox/Meeting with Bo.md')).toBe(text);
  });

  it('waits for the last of several changes and runs once for all of them (debounce)', async () => {
    const h = start(settingsWith());
    await h.app.vault.create('Inbox/Meeting 1.md', 'a');
    await settle(600);
    await h.app.vault.create('Inbox/Meeting 2.md', 'b');
    await settle(600);
    // 1.2 s after the first file but only 0.6 s after the second: the queue is still waiting.
    expect(h.runs).toHaveLength(0);
    await vi.waitFor(() => expect(h.runs).toHaveLength(1), { timeout: 5000 });
    expect((h.runs[0] as { considered: string[] }).considered).toEqual(['Inbox/Meeting 1.md', 'Inbox/Meeting 2.md']);
    // Reeve's own moves fire rename events in the watched folder; they must not start a new run.
    await settle(1500);
    expect(h.runs).toHaveLength(1);
  });

  it('leaves a note with "reeve: ignore" in its frontmatter alone', async () => {
    const h = start(settingsWith());
    await h.app.vault.create('Inbox/Meeting private.md', '---\nreeve: ignore\n---\nprivate');
    await h.app.vault.create('Inbox/Meeting public.md', 'public');
    await vi.waitFor(() => expect(h.runs).toHaveLength(1), { timeout: 5000 });
    expect(await h.port.exists('Inbox/Meeting private.md')).toBe(true);
    expect(await h.port.exists('Inbox/Meetings/Meeting public.md')).toBe(true);
  });

  it('ignores excluded folders, unwatched folders, and renames into a watched folder are considered', async () => {
    const h = start(settingsWith({}, ['Inbox/Keep']), { 'Inbox/Keep/x.md': '', 'Elsewhere/Meeting old.md': 'old' });
    await h.app.vault.create('Inbox/Keep/Meeting kept.md', 'k');
    await h.app.vault.create('Other/Meeting other.md', 'o');
    await settle(1500);
    expect(h.runs).toHaveLength(0);
    expect(h.queue.size).toBe(0);
    const file = h.app.vault.getFileByPath('Elsewhere/Meeting old.md');
    if (!file) throw new Error('fixture missing');
    await h.app.fileManager.renameFile(file, 'Inbox/Meeting old.md');
    await vi.waitFor(() => expect(h.runs).toHaveLength(1), { timeout: 5000 });
    expect(await h.port.exists('Inbox/Meetings/Meeting old.md')).toBe(true);
    expect(await h.port.exists('Inbox/Keep/Meeting kept.md')).toBe(true);
    expect(await h.port.exists('Other/Meeting other.md')).toBe(true);
  });

  it('holds every wall of the settings, not only the excluded folders: an exported chat in the chat folder stays', async () => {
    const settings = settingsWith();
    settings.agents.chatFolder = 'Inbox/Chats';
    const h = start(settings);
    await h.app.vault.create('Inbox/Chats/Meeting prep chat.md', 'chat');
    await h.app.vault.create('Inbox/Meeting with Bo.md', 'bo');
    await vi.waitFor(() => expect(h.runs).toHaveLength(1), { timeout: 5000 });
    expect(await h.port.exists('Inbox/Meetings/Meeting with Bo.md')).toBe(true);
    expect(await h.port.exists('Inbox/Chats/Meeting prep chat.md')).toBe(true);
  });

  it('does nothing while automatic mode is off, and drops its queue on unload', async () => {
    const off = start(settingsWith({ enabled: false }));
    await off.app.vault.create('Inbox/Meeting x.md', 'x');
    expect(off.queue.size).toBe(0);
    const on = start(settingsWith());
    await on.app.vault.create('Inbox/Meeting y.md', 'y');
    expect(on.queue.size).toBe(1);
    on.plugin.unload();
    await settle(1500);
    expect(on.runs).toHaveLength(0);
    expect(await on.port.exists('Inbox/Meeting y.md')).toBe(true);
  });
});

describe('automatic mode on two devices sharing a synced vault', () => {
  const CLAIM = '.obsidian/plugins/reeve/automatic-mode.json';

  it('stays idle while another device runs it, and takes over once that device has not run it for the staleness period', async () => {
    const h = start(settingsWith());
    await h.app.vault.adapter.mkdir('.obsidian/plugins/reeve');
    await h.app.vault.adapter.write(CLAIM, JSON.stringify({ id: 'the-laptop', label: 'a desktop (device lap-0001)', touched: Date.now() - 60_000 }));
    await h.app.vault.create('Inbox/Meeting with Ana.md', 'notes');
    await vi.waitFor(() => expect(h.runs).toHaveLength(1), { timeout: 5000 });
    expect(h.runs[0]).toBeInstanceOf(Error);
    expect(await h.port.exists('Inbox/Meeting with Ana.md')).toBe(true);
    expect(shownNotices.some((n) => n.includes('automatic mode runs on a desktop (device lap-0001)') && n.includes('stays idle here'))).toBe(true);

    // The laptop has not run automatic mode for 11 minutes: this device claims it and files the note.
    await h.app.vault.adapter.write(CLAIM, JSON.stringify({ id: 'the-laptop', label: 'a desktop (device lap-0001)', touched: Date.now() - 11 * 60_000 }));
    await h.app.vault.create('Inbox/Meeting with Bo.md', 'more');
    await vi.waitFor(() => expect(h.runs).toHaveLength(2), { timeout: 5000 });
    expect(await h.port.exists('Inbox/Meetings/Meeting with Bo.md')).toBe(true);
    const claim = JSON.parse(await h.app.vault.adapter.read(CLAIM)) as { id: string };
    expect(claim.id).not.toBe('the-laptop');
  });
});
