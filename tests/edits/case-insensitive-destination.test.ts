// Item 3 of issue 11, its last sub-point: a pair of names that differ only by case (`Case.md` beside
// `case.md`, which a case-sensitive disk holds) moving into a folder whose disk does not tell them
// apart must be refused clearly, never let the second rename replace the first. No case-insensitive
// file system can be mounted on this machine (the kernel has no vfat and no casefold; a FUSE FAT
// cannot append), so the folder's disk is played at the adapter's one disk boundary (VaultFs):
// inside it, `exists` and `rename` ignore case as macOS and Windows disks do, and a rename onto a
// name it takes for the same really replaces that file. Reeve's own code runs unchanged.
import { promises as fs, renameSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import type { VaultFs } from '../../src/vault-vfs/node/vault-fs';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

/** The name in `abs`'s folder equal to its name ignoring case, or null. */
function sameIgnoringCase(abs: string): string | null {
  let names: string[];
  try {
    names = readdirSync(path.dirname(abs));
  } catch {
    return null;
  }
  const name = names.find((n) => n.toLowerCase() === path.basename(abs).toLowerCase());
  return name === undefined ? null : path.join(path.dirname(abs), name);
}

/** Makes `folder` (absolute) of the port's disk ignore case, as a case-insensitive disk would. */
function caseInsensitiveFolder(port: NodeVault, folder: string): void {
  const disk = (port as unknown as { disk: VaultFs }).disk;
  const inside = (abs: string): boolean => abs.startsWith(folder + path.sep);
  const exists = disk.exists.bind(disk);
  const move = disk.move.bind(disk);
  disk.exists = async (abs) => (inside(abs) ? sameIgnoringCase(abs) !== null : exists(abs));
  disk.move = async (from, to) => {
    const existing = inside(to) ? sameIgnoringCase(to) : null;
    // What such a disk does: the rename replaces the file it takes for the same name.
    if (existing !== null && existing !== from) return void renameSync(from, existing);
    return move(from, to);
  };
}

describe('a pair differing only by case, moving into a folder that ignores case', () => {
  it('is refused with the reason and the job rolls back: every byte of both files is kept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(['Case.md', 'case.md'], ['Plan.MD', 'plan.md', 'PLAN.md']), fc.boolean(), async (names, folderExists) => {
        const files = Object.fromEntries(names.map((n, i) => [`Inbox/${n}`, `copy ${i} of ${n}\n`]));
        vault = await tempVault(folderExists ? { ...files, 'Sorted/other.md': 'o\n' } : files);
        await fs.mkdir(path.join(vault.dir, 'Sorted'), { recursive: true });
        const before = await snapshot(vault.dir);
        const port = await NodeVault.open(vault.dir);
        caseInsensitiveFolder(port, path.join(vault.dir, 'Sorted'));
        const report = await executeJob(port, {
          description: 'sort',
          operations: names.map((n, i) => ({ opId: `o${i}`, type: 'move' as const, source: `Inbox/${n}`, destination: `Sorted/${n}` })),
        });
        expect(report.failure?.reason).toMatch(/^Sorted\/\S+ cannot go beside Sorted\/\S+: the disk there does not tell names apart by case/);
        expect(await snapshot(vault.dir)).toEqual(before);
        await removeVault(vault);
        vault = null;
      }),
      { numRuns: 6 },
    );
  });
});
