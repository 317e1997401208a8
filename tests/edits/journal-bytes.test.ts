// Every byte and every written note through a move and its undo: notes that are not UTF-8 keep
// their bytes when a link in them is rewritten, and notes rewritten because a new name shadows
// their link are journaled, so undo puts them back.
import fc from 'fast-check';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { undoJob } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

describe('notes that are not UTF-8', () => {
  it('keeps every byte when a move rewrites a link in them, and undo restores the file exactly', async () => {
    const bytes = Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from(' [[Inbox/target]] '), Buffer.from([0xff, 0xfe, 0x80]), Buffer.from('\n')]);
    vault = await tempVault({ 'Inbox/target.md': 'target\n', 'Notes/l.md': bytes });
    const before = await snapshot(vault.dir);
    const report = await executeJob(vault.port, { description: 'move', operations: [{ opId: 'o1', type: 'move', source: 'Inbox/target.md', destination: 'Moved/target.md' }] });
    expect(report.failure).toBeNull();
    const after = await fs.readFile(path.join(vault.dir, 'Notes/l.md'));
    expect(after.equals(Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from(' [[target]] '), Buffer.from([0xff, 0xfe, 0x80]), Buffer.from('\n')]))).toBe(true);
    await undoJob(await NodeVault.open(vault.dir));
    expect(await snapshot(vault.dir)).toEqual(before);
  });

  it('round-trips any bytes around a link through move and undo', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ maxLength: 40 }), async (head, tail) => {
        const safe = (b: Uint8Array): Buffer => Buffer.from(b.filter((x) => x !== 0x5b && x !== 0x5d && x !== 0x0a && x !== 0x0d && x !== 0x60));
        const note = Buffer.concat([safe(head), Buffer.from('\n[[t]]\n'), safe(tail)]);
        const v = await tempVault({ 'A/t.md': 'target\n', 'B/n.md': note });
        try {
          const before = await snapshot(v.dir);
          await executeJob(v.port, { description: 'move', operations: [{ opId: 'o1', type: 'rename', source: 'A/t.md', destination: 'A/u.md' }] });
          const moved = await fs.readFile(path.join(v.dir, 'B/n.md'));
          expect(moved.equals(Buffer.concat([safe(head), Buffer.from('\n[[u]]\n'), safe(tail)]))).toBe(true);
          await undoJob(v.port);
          expect(await snapshot(v.dir)).toEqual(before);
        } finally {
          await removeVault(v);
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it('restores a trashed note that is not UTF-8 from the copy, byte for byte', async () => {
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0xe9, 0x0a]);
    vault = await tempVault({ 'n.md': bytes });
    const before = await snapshot(vault.dir);
    await executeJob(vault.port, { description: 'trash', operations: [{ opId: 'o1', type: 'trash', path: 'n.md' }] });
    await fs.rm(path.join(vault.dir, '.trash'), { recursive: true });
    await undoJob(vault.port);
    expect(await snapshot(vault.dir)).toEqual(before);
  });
});

describe('notes rewritten because a new name shadows their link', () => {
  it('are journaled, and undo restores them', async () => {
    vault = await tempVault({ 'Projects/Foobar.md': 'project\n', 'Notes/X.md': 'see [[Foobar]]\n', 'Inbox/Other.md': 'other\n' });
    const before = await snapshot(vault.dir);
    await executeJob(vault.port, { description: 'rename', operations: [{ opId: 'o1', type: 'rename', source: 'Inbox/Other.md', destination: 'Inbox/Foobar.md' }] });
    // X's link keeps its target.
    expect(vault.port.resolveLink((await vault.port.read('Notes/X.md')).match(/\[\[(.+)\]\]/)?.[1] ?? '', 'Notes/X.md')).toBe('Projects/Foobar.md');
    const report = await undoJob(await NodeVault.open(vault.dir));
    expect(report.state).toBe('reverted');
    expect(await snapshot(vault.dir)).toEqual(before);
  });

  it('are journaled whatever the names, so undo gives back the same bytes', async () => {
    const name = fc.constantFrom('a', 'b', 'c');
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.tuple(fc.constantFrom('P', 'Q', 'R'), name), { minLength: 1, maxLength: 4, selector: ([d, n]) => `${d}/${n}` }), name, name, fc.constantFrom('A', 'Z'), async (files, link, to, home) => {
        const tree: Record<string, string> = {};
        for (const [d, n] of files) tree[`${d}/${n}.md`] = `${d} ${n}\n`;
        tree['Notes/x.md'] = `[[${link}]]\n`;
        tree[`${home}/other.md`] = 'other\n';
        if (tree[`${home}/${to}.md`] !== undefined) return;
        const v = await tempVault(tree);
        try {
          const before = await snapshot(v.dir);
          const target = v.port.resolveLink(link, 'Notes/x.md');
          await executeJob(v.port, { description: 'rename', operations: [{ opId: 'o1', type: 'rename', source: `${home}/other.md`, destination: `${home}/${to}.md` }] });
          const after = await NodeVault.open(v.dir);
          const first = (await after.read('Notes/x.md')).match(/\[\[([^\]]+)\]\]/)?.[1] ?? '';
          // A link that resolved keeps its target (one that did not may now find the new name, as in Obsidian).
          if (target !== null) expect(after.resolveLink(first, 'Notes/x.md')).toBe(target);
          await undoJob(after);
          expect(await snapshot(v.dir)).toEqual(before);
        } finally {
          await removeVault(v);
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
