// Held rewrites and deferred syncs on real files: a rename given the notes the journal recorded
// holds exactly their link rewrites (every other write is written and synced as it lands), a file
// that moves while it waits is written and synced where it went, and a flush that fails keeps what
// it still owes.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeferredSyncs } from '../../../src/vault-vfs/node/deferred-syncs';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';

let dir = '';
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reeve-deferred-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function write(files: Record<string, string>): Promise<void> {
  for (const [p, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, p)), { recursive: true });
    await fs.writeFile(path.join(dir, p), text);
  }
}

describe.runIf(DeferredSyncs.supported)('deferred syncs', () => {
  it('holds only the recorded notes\' rewrites, and syncDeferredWrites writes and syncs them', async () => {
    await write({ 'Inbox/a.md': '# a\n', 'Notes/one.md': 'see [[Inbox/a]]\n', 'Notes/two.md': 'and [a](../Inbox/a.md)\n' });
    const vault = await NodeVault.open(dir);
    await vault.rename('Inbox/a.md', 'Done/a.md', { recordedNotes: new Set(['Notes/one.md']) });
    // The recorded note's rewrite is held (the disk keeps its text before), the other written and synced.
    expect(await fs.readFile(path.join(dir, 'Notes/one.md'), 'utf8')).toBe('see [[Inbox/a]]\n');
    expect(await vault.read('Notes/one.md')).toBe('see [[a]]\n');
    expect(await fs.readFile(path.join(dir, 'Notes/two.md'), 'utf8')).not.toBe('and [a](../Inbox/a.md)\n');
    expect(vault.heldNotes()).toEqual(['Notes/one.md']);
    expect(vault.unsyncedFiles()).toEqual([]);
    await vault.syncDeferredWrites();
    expect(await fs.readFile(path.join(dir, 'Notes/one.md'), 'utf8')).toBe('see [[a]]\n');
    expect(vault.heldNotes()).toEqual([]);
    expect(vault.unsyncedFiles()).toEqual([]);
  });

  it('syncs nothing later for a rename without recorded notes', async () => {
    await write({ 'Inbox/a.md': '# a\n', 'Notes/one.md': 'see [[Inbox/a]]\n' });
    const vault = await NodeVault.open(dir);
    await vault.rename('Inbox/a.md', 'Done/a.md');
    expect(vault.unsyncedFiles()).toEqual([]);
  });

  it('follows a held or waiting file when it moves, alone or with its folder', async () => {
    await write({ 'Inbox/a.md': '# a\n', 'Notes/one.md': 'see [[Inbox/a]]\n' });
    const vault = await NodeVault.open(dir);
    await vault.rename('Inbox/a.md', 'Done/a.md', { recordedNotes: new Set(['Notes/one.md']) });
    await vault.rename('Notes/one.md', 'Notes/uno.md');
    expect(vault.heldNotes()).toEqual(['Notes/uno.md']);
    expect(await vault.read('Notes/uno.md')).toBe('see [[a]]\n');
    await vault.rename('Notes', 'Archive/Notes');
    expect(vault.heldNotes()).toEqual(['Archive/Notes/uno.md']);
    // A call on the file itself (here its hash's copy) writes it first; its sync still waits.
    await vault.copyToState('Archive/Notes/uno.md', 'copy');
    expect(vault.heldNotes()).toEqual([]);
    expect(vault.unsyncedFiles()).toEqual(['Archive/Notes/uno.md']);
    await vault.rename('Archive/Notes', 'Notes');
    expect(vault.unsyncedFiles()).toEqual(['Notes/uno.md']);
    await vault.syncDeferredWrites();
    expect(vault.unsyncedFiles()).toEqual([]);
    expect(await fs.readFile(path.join(dir, 'Notes/uno.md'), 'utf8')).toBe('see [[a]]\n');
  });

  it('forgets a waiting file that is gone, and keeps what a failed flush still owes', async () => {
    await write({ 'a.md': 'a', 'b.md': 'b' });
    const syncs = new DeferredSyncs();
    syncs.addFile(path.join(dir, 'a.md'));
    await fs.rm(path.join(dir, 'a.md'));
    await syncs.flush();
    expect([...syncs.pendingFiles]).toEqual([]);
    // A path under a file cannot be opened (ENOTDIR): the flush fails and owes both files still.
    syncs.addFile(path.join(dir, 'b.md'));
    syncs.addFile(path.join(dir, 'b.md', 'inner'));
    await expect(syncs.flush()).rejects.toThrow(/ENOTDIR/);
    expect([...syncs.pendingFiles].sort()).toEqual([path.join(dir, 'b.md'), path.join(dir, 'b.md', 'inner')]);
  });
});
