// Automatic mode's decisions, under plain Node: which files, the quiet-period queue, the opt-out,
// and Reeve's own writes.
import { describe, expect, it } from 'vitest';
import { optedOut, watchedFolderOf } from '../../../src/agents/organize/auto/auto-candidates';
import { DebounceQueue, type Timers } from '../../../src/agents/organize/auto/debounce-queue';
import { SelfWrites, trackSelfWrites } from '../../../src/agents/organize/auto/self-writes';
import type { VaultPort } from '../../../src/vault-vfs/vault-port';

/** Timers driven by the test: `tick(ms)` runs whatever is due. */
function fakeTimers(): Timers & { tick(ms: number): void } {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    set: (fn, ms) => {
      due.set(next, { at: now + ms, fn });
      return next++;
    },
    clear: (id) => void due.delete(id),
    tick(ms) {
      now += ms;
      for (const [id, t] of [...due]) if (t.at <= now) {
        due.delete(id);
        t.fn();
      }
    },
  };
}

describe('watchedFolderOf', () => {
  const scope = { watchedFolders: ['Inbox', 'Inbox/Deep'], excludedFolders: ['Inbox/Keep'], planFolder: 'Reeve/Plans', configDir: '.obsidian' };
  it('gives the deepest watched folder holding the file', () => {
    expect(watchedFolderOf('Inbox/a.md', scope)).toBe('Inbox');
    expect(watchedFolderOf('Inbox/Deep/b.md', scope)).toBe('Inbox/Deep');
  });
  it('refuses excluded folders, the plan folder, the config folder and unwatched places', () => {
    expect(watchedFolderOf('Inbox/Keep/a.md', scope)).toBeNull();
    expect(watchedFolderOf('Notes/a.md', scope)).toBeNull();
    expect(watchedFolderOf('Inbox', scope)).toBeNull();
    expect(watchedFolderOf('.obsidian/x.md', { ...scope, watchedFolders: ['.obsidian'] })).toBeNull();
    expect(watchedFolderOf('Reeve/Plans/p.md', { ...scope, watchedFolders: ['Reeve'] })).toBeNull();
  });
});

describe('optedOut', () => {
  it.each([
    [{ reeve: 'ignore' }, true],
    [{ Reeve: 'IGNORE ' }, true],
    [{ reeve: ['keep', 'ignore'] }, true],
    [{ reeve: 'organize' }, false],
    [{ other: 'ignore' }, false],
    [null, false],
  ])('%j -> %s', (fm, expected) => {
    expect(optedOut(fm)).toBe(expected);
  });
});

describe('DebounceQueue', () => {
  it('flushes once, sorted, after the last change has been quiet for the delay', () => {
    const timers = fakeTimers();
    const flushed: string[][] = [];
    const q = new DebounceQueue(() => 1000, (p) => flushed.push(p), timers);
    q.add('b.md');
    timers.tick(900);
    q.add('a.md');
    timers.tick(900);
    expect(flushed).toEqual([]);
    timers.tick(100);
    expect(flushed).toEqual([['a.md', 'b.md']]);
  });

  it('waits again when a queued note is written again, and ignores writes to notes not queued', () => {
    const timers = fakeTimers();
    const flushed: string[][] = [];
    const q = new DebounceQueue(() => 1000, (p) => flushed.push(p), timers);
    q.add('new.md');
    timers.tick(900);
    q.touch('new.md'); // the template fills it in
    timers.tick(900);
    expect(flushed).toEqual([]);
    q.touch('elsewhere.md');
    timers.tick(100);
    expect(flushed).toEqual([['new.md']]);
  });

  it('forgets removed paths and flushes nothing after dispose', () => {
    const timers = fakeTimers();
    const flushed: string[][] = [];
    const q = new DebounceQueue(() => 10, (p) => flushed.push(p), timers);
    q.add('a.md');
    q.remove('a.md');
    timers.tick(10);
    expect(flushed).toEqual([]);
    q.add('b.md');
    q.dispose();
    timers.tick(10);
    q.add('c.md');
    timers.tick(10);
    expect(flushed).toEqual([]);
  });
});

describe('SelfWrites', () => {
  it('marks what a port writes (both ends of a rename, with what a moved folder holds) until it expires', async () => {
    let now = 0;
    const writes = new SelfWrites(() => now, 1000);
    const calls: string[] = [];
    const port = { configDir: '.obsidian', rename: async (a: string, b: string) => void calls.push(`${a}->${b}`), createFolder: async () => undefined, read: async () => 'x' } as unknown as VaultPort;
    const tracked = trackSelfWrites(port, writes);
    await tracked.rename('Inbox/a.md', 'Inbox/Done/a.md');
    await tracked.read('Inbox/b.md');
    expect(calls).toEqual(['Inbox/a.md->Inbox/Done/a.md']);
    expect(writes.isOwn('Inbox/Done/a.md')).toBe(true);
    expect(writes.isOwn('inbox/a.md')).toBe(true);
    expect(writes.isOwn('Inbox/b.md')).toBe(false);
    await tracked.rename('Projects', 'Archive/Projects');
    expect(writes.isOwn('Archive/Projects/plan.md')).toBe(true);
    // A folder Reeve only creates stays the user's to fill: their new files there count.
    await tracked.createFolder('New');
    expect(writes.isOwn('New')).toBe(true);
    expect(writes.isOwn('New/inside.md')).toBe(false);
    now = 1001;
    expect(writes.isOwn('Inbox/Done/a.md')).toBe(false);
  });
});
