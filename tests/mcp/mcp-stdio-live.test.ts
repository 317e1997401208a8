// `reeve mcp` kept running while another process changes the vault, as Claude Desktop keeps the
// server for hours while the user writes in Obsidian: a note created, edited, renamed or deleted
// on disk between two calls is found, or not found, by search, read_note, list_notes, list_tags and
// related; and a note created inside a walled folder never shows, in any of them. The SDK's own
// client over stdio, the real binary, a real temp folder; the changes are made by this test's
// process, which is not the server's.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCliBundle, removeCliBundle } from '../helpers/cli';
import { connectReeve, textOf, type McpSession } from '../helpers/mcp-stdio-client';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

/** Longer than the server's least gap between two catch-ups (disk-follower.ts: 200 ms on a small vault). */
const SETTLE_MS = 400;

describe('reeve mcp keeps up with a vault another program changes', () => {
  let bin = '';
  let vault: TempVault;
  let s: McpSession;

  const paths = (r: unknown, key: 'hits' | 'entries' | 'related'): string[] => ((r as { structuredContent: Record<string, { path: string }[]> }).structuredContent[key] ?? []).map((h) => h.path);
  const search = async (query: string): Promise<string[]> => paths(await s.call('search', { query }), 'hits');
  const tags = async (): Promise<string[]> => ((await s.call('list_tags')).structuredContent as { tags: { tag: string }[] }).tags.map((t) => t.tag);
  const listed = async (folder?: string): Promise<string[]> => paths(await s.call('list_notes', folder === undefined ? {} : { folder }), 'entries');
  const related = async (note: string): Promise<string[]> => paths(await s.call('related', { path: note }), 'related');
  const readable = async (note: string): Promise<boolean> => (await s.call('read_note', { path: note })).isError !== true;
  /** Another program changes the disk; the next call comes after the server's gap. */
  const onDisk = async (change: () => Promise<void>): Promise<void> => {
    await change();
    await sleep(SETTLE_MS);
  };
  /** The first sign of a change: on a busy machine a catch-up may take longer, and so the gap. */
  const eventually = (check: () => Promise<void>): Promise<void> => vi.waitFor(check, { timeout: 10_000, interval: 150 });

  beforeAll(async () => {
    bin = await buildCliBundle();
    vault = await makeTempVault({
      '.obsidian/plugins/reeve/data.json': JSON.stringify({ excludedFolders: ['Private'] }),
      'Projects/Solar.md': '# Solar\nsolar panels plan #energy\n',
      'Private/Secret.md': '# Secret\nhunter2\n',
      'Old/Gone.md': '# Gone\nan obsolete quagga census #gonetag\n',
    });
    s = await connectReeve(bin, [vault.dir]);
    // The server has answered once: whatever comes next was not in its start-up scan.
    expect(await search('solar')).toEqual(['Projects/Solar.md']);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    removeCliBundle(bin);
    await vault?.cleanup();
  });

  it('finds a note created on disk after the server started, in every read tool', async () => {
    await onDisk(() => vault.write('Projects/Tidal.md', '# Tidal\ntidal turbines in the estuary #ocean\nSee [[Solar]].\n'));
    await eventually(async () => expect(await search('estuary')).toEqual(['Projects/Tidal.md']));
    expect(await readable('Projects/Tidal.md')).toBe(true);
    expect(textOf(await s.call('read_note', { path: 'Projects/Tidal' }))).toContain('2| tidal turbines in the estuary #ocean');
    expect(await listed('Projects')).toEqual(['Projects/Solar.md', 'Projects/Tidal.md']);
    expect(await tags()).toContain('ocean');
    expect(await related('Projects/Solar.md')).toEqual(['Projects/Tidal.md']);
  });

  it('sees an edit: the new words are found, the old ones and the old tag are gone', async () => {
    await onDisk(() => vault.write('Projects/Tidal.md', '# Tidal\na lagoon scheme behind a sea wall #lagoon\n'));
    await eventually(async () => expect(await search('lagoon')).toEqual(['Projects/Tidal.md']));
    expect(await search('estuary')).toEqual([]);
    expect(await tags()).not.toContain('ocean');
    expect(await tags()).toContain('lagoon');
    expect(textOf(await s.call('read_note', { path: 'Projects/Tidal.md' }))).toContain('2| a lagoon scheme behind a sea wall #lagoon');
    // The link to Solar was edited away.
    expect(await related('Projects/Solar.md')).toEqual([]);
  });

  it('follows a rename into a new folder: the note is found at its new path only', async () => {
    await onDisk(async () => {
      await mkdir(path.join(vault.dir, 'Archive'));
      await rename(path.join(vault.dir, 'Projects/Tidal.md'), path.join(vault.dir, 'Archive/Lagoon.md'));
    });
    await eventually(async () => expect(await search('lagoon')).toEqual(['Archive/Lagoon.md']));
    expect(await readable('Projects/Tidal.md')).toBe(false);
    expect(await readable('Archive/Lagoon.md')).toBe(true);
    expect(await listed()).toEqual(['Archive', 'Old', 'Projects']);
    expect(await listed('Projects')).toEqual(['Projects/Solar.md']);
    expect(await listed('Archive')).toEqual(['Archive/Lagoon.md']);
  });

  it('forgets deleted notes and folders, those there at the start and those created since', async () => {
    expect(await search('quagga')).toEqual(['Old/Gone.md']);
    await onDisk(async () => {
      await rm(path.join(vault.dir, 'Archive'), { recursive: true });
      await rm(path.join(vault.dir, 'Old/Gone.md'));
    });
    await eventually(async () => expect(await search('quagga')).toEqual([]));
    expect(await search('lagoon')).toEqual([]);
    expect(await readable('Archive/Lagoon.md')).toBe(false);
    expect(await readable('Old/Gone.md')).toBe(false);
    expect(await listed()).toEqual(['Old', 'Projects']);
    expect(await listed('Old')).toEqual([]);
    expect(await tags()).not.toContain('lagoon');
    expect(await tags()).not.toContain('gonetag');
    expect((await s.call('list_notes', { folder: 'Archive' })).isError).toBe(true);
    await onDisk(() => rm(path.join(vault.dir, 'Old'), { recursive: true }));
    await eventually(async () => expect(await listed()).toEqual(['Projects']));
  });

  it('never shows a note created in a walled folder, nor a new folder inside one, nor a link into them', async () => {
    const before = { top: textOf(await s.call('list_notes', {})), tags: textOf(await s.call('list_tags')) };
    await onDisk(async () => {
      await vault.write('Private/Zebra plans.md', '# Zebra plans\nzebracode 4471 #walltag\n[[Solar]]\n');
      await vault.write('Private/Deeper/Inner.md', 'zebracode inner #walltag\n');
      await writeFile(path.join(vault.dir, 'Projects/Points in.md'), 'see [[Zebra plans]] for zebracode\n');
    });
    // The note outside the wall that names the word is found; nothing behind the wall is.
    await eventually(async () => expect(await search('zebracode')).toEqual(['Projects/Points in.md']));
    expect(JSON.stringify(await s.call('search', { query: 'zebracode 4471 walltag' }))).not.toMatch(/Private|Zebra plans\.md|Inner/);
    for (const p of ['Private/Zebra plans.md', 'Private/Zebra plans', 'private/zebra plans.md', 'Private/Deeper/Inner.md']) expect(await readable(p), p).toBe(false);
    expect((await s.call('list_notes', { folder: 'Private/Deeper' })).isError).toBe(true);
    expect(await related('Projects/Points in.md')).toEqual([]);
    expect(await related('Projects/Solar.md')).toEqual([]);
    expect(textOf(await s.call('list_tags'))).toBe(before.tags);
    // The top of the vault gained the one note outside the wall, and no folder or count behind it.
    expect(before.top).toContain('Projects/ (1 notes)');
    expect(textOf(await s.call('list_notes', {}))).toBe(before.top.replace('Projects/ (1 notes)', 'Projects/ (2 notes)'));
    expect(await listed('Projects')).toEqual(['Projects/Points in.md', 'Projects/Solar.md']);
  });

  it('proposes an edit to a note another program created, as a pending block in it', async () => {
    await onDisk(() => vault.write('Inbox.md', '# Inbox\nfirst line\n'));
    expect(await readable('Inbox.md')).toBe(true);
    const r = await s.call('propose_edits', { summary: 'add a line', edits: [{ file: 'Inbox.md', position: 'end', content: 'added by the agent' }] });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(await vault.read('Inbox.md')).toMatch(/```ai-edit[\s\S]*added by the agent/);
    expect(s.stderr()).toContain('test-agent proposed 1 edits');
  });
});
