// A journaled job of many moves writes each note that links to the moved notes once (issue 29:
// 1,000 moves at 10k notes wrote 4,468 notes 10,568 times, once per moved note they link to):
// the Node adapter holds a recorded note's link rewrite until the journal's next done record,
// and the journal chains batches of moves without writing their done records in between. The
// writes are counted on the real files: every atomic write ends with a rename of its temp file
// over the note, seen here through node:fs itself (the builtin's named exports follow its
// CommonJS object, module.syncBuiltinESMExports). Undo still gives back every byte.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { recoverJobs, undoJob } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { linkedNotes } from './helpers/linked-notes';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

let vault: TempVault | null = null;
const restore: (() => void)[] = [];
afterEach(async () => {
  for (const r of restore.splice(0)) r();
  if (vault) await removeVault(vault);
  vault = null;
});

/** Counts, per vault path, the temp files renamed over a file of `dir` (one per atomic write). */
function countWrites(dir: string): Map<string, number> {
  const counts = new Map<string, number>();
  const seen = (from: unknown, to: unknown): void => {
    if (typeof from !== 'string' || typeof to !== 'string' || !from.endsWith('.reeve-tmp') || !to.startsWith(dir + path.sep)) return;
    const p = path.relative(dir, to).split(path.sep).join('/');
    counts.set(p, (counts.get(p) ?? 0) + 1);
  };
  const sync = fs.renameSync;
  const async = fs.promises.rename;
  fs.renameSync = (from, to) => (seen(from, to), sync(from, to));
  fs.promises.rename = (from, to) => (seen(from, to), async(from, to));
  syncBuiltinESMExports();
  restore.push(() => {
    fs.renameSync = sync;
    fs.promises.rename = async;
    syncBuiltinESMExports();
  });
  return counts;
}

const N = 12;
const names = Array.from({ length: N }, (_, i) => `n${i}`);

/** N notes in A/, each linking to every other by path (wikilink) and by a relative markdown link, and a note that stays, linking to all. */
const notes = (): Record<string, string> => linkedNotes(names, (m) => `See [[A/${m}]] and [${m}](${m}.md).`, (m) => `- [[A/${m}]]`);

const moves = names.map((n, i) => ({ opId: `o${i}`, type: 'move' as const, source: `A/${n}.md`, destination: `B/${n}.md` }));

describe('a job of moves whose notes link to each other', () => {
  it('writes each linking note once, with links that lead to the moved notes, and undo gives back every byte', async () => {
    vault = await tempVault(notes());
    const before = await snapshot(vault.dir);
    const counts = countWrites(vault.dir);
    const report = await executeJob(vault.port, { description: 'move all', operations: moves });
    expect(report.failure).toBeNull();
    const written = Object.fromEntries([...counts].filter(([p]) => !p.startsWith('.obsidian/')));
    // Every moved note and the index: each written exactly once (it links to every moved note).
    expect(written).toEqual(Object.fromEntries([...names.map((n) => [`B/${n}.md`, 1]), ['Index.md', 1]]));
    // The links lead where the notes went, read from disk by a fresh open.
    const reopened = await NodeVault.open(vault.dir);
    expect(reopened.unresolvedLinks()).toEqual(Object.fromEntries(Object.entries(reopened.unresolvedLinks()).filter(([, v]) => Object.keys(v).length > 0)));
    expect(Object.keys(reopened.resolvedLinks()['Index.md'] ?? {}).sort()).toEqual(names.map((n) => `B/${n}.md`).sort());
    for (const n of names) expect(Object.keys(reopened.resolvedLinks()[`B/${n}.md`] ?? {}).length).toBe(N - 1);
    // Undo, on a fresh open as the CLI does: every byte back.
    const undone = await undoJob(reopened, report.job);
    expect(undone.state).toBe('reverted');
    expect(await snapshot(vault.dir)).toEqual(before);
  });

  it('carries the held rewrites along when a later move of the chain moves their folder', async () => {
    vault = await tempVault(notes());
    const before = await snapshot(vault.dir);
    const counts = countWrites(vault.dir);
    const all = [...moves, { opId: 'folder', type: 'move' as const, source: 'B', destination: 'C/D' }];
    const report = await executeJob(vault.port, { description: 'move all, then their folder', operations: all });
    expect(report.failure).toBeNull();
    const written = Object.fromEntries([...counts].filter(([p]) => !p.startsWith('.obsidian/')));
    expect(written).toEqual(Object.fromEntries([...names.map((n) => [`C/D/${n}.md`, 1]), ['Index.md', 1]]));
    const reopened = await NodeVault.open(vault.dir);
    expect(Object.keys(reopened.resolvedLinks()['Index.md'] ?? {}).sort()).toEqual(names.map((n) => `C/D/${n}.md`).sort());
    for (const n of names) expect(Object.keys(reopened.resolvedLinks()[`C/D/${n}.md`] ?? {}).length).toBe(N - 1);
    expect((await undoJob(reopened, report.job)).state).toBe('reverted');
    expect(await snapshot(vault.dir)).toEqual(before);
  });

  it.each(['rollback', 'resume'] as const)('%s after the process died with the chain in flight (its held rewrites lost) gives the vault byte for byte', async (mode) => {
    // What a clean run leaves, for the resume.
    const clean = await tempVault(notes());
    expect((await executeJob(clean.port, { description: 'move all', operations: moves })).failure).toBeNull();
    const after = await snapshot(clean.dir);
    await removeVault(clean);
    vault = await tempVault(notes());
    const before = await snapshot(vault.dir);
    // The process "dies" right after the last rename: nothing held was written, no done record went out.
    const port = vault.port;
    let renames = 0;
    const rename = port.rename.bind(port);
    port.rename = async (...args) => {
      await rename(...args);
      if (++renames === N) throw new Error('simulated crash');
    };
    const sync = port.syncDeferredWrites.bind(port);
    port.syncDeferredWrites = () => (renames >= N ? Promise.reject(new Error('dead')) : sync());
    await expect(executeJob(port, { description: 'move all', operations: moves })).rejects.toThrow(/simulated crash/);
    // The renames happened, the rewrites did not reach the disk.
    expect(await fs.promises.readFile(path.join(vault.dir, 'Index.md'), 'utf8')).toBe(notes()['Index.md']);
    const fresh = await NodeVault.open(vault.dir);
    const { reports } = await recoverJobs(fresh, mode);
    expect(reports.map((r) => r.state)).toEqual([mode === 'rollback' ? 'reverted' : 'applied']);
    expect(await snapshot(vault.dir)).toEqual(mode === 'rollback' ? before : after);
  });
});
