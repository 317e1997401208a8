// Files of any size can be organized: two attachments over 2 GiB of one size (sparse files, so the
// disk holds next to nothing) are compared for duplicates, moved and moved back. Node cannot read
// a file over 2 GiB whole, so before, `--dry-run` failed on the duplicate check and a move failed
// on its hash: both are streamed now (hash-file.ts), and a move is a rename (same inode after).
// Peak memory is measured by the bench workload huge-files (a child process per command).
import { stat, truncate, writeFile, rm } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashFileAt } from '../../src/vault-vfs/node/hash-file';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

const OVER_2_GIB = 2 ** 31 + 2 ** 20;

describe('attachments over 2 GiB', () => {
  let vault: TempVault;
  let rules = '';
  beforeAll(async () => {
    vault = await makeTempVault({ '.obsidian/app.json': '{}\n', 'Inbox/note.md': '# A note\n' });
    for (const name of ['twin-a.bin', 'twin-b.bin']) {
      await writeFile(path.join(vault.dir, 'Inbox', name), '');
      await truncate(path.join(vault.dir, 'Inbox', name), OVER_2_GIB);
    }
    rules = `${vault.dir}-rules.json`;
    await writeFile(rules, JSON.stringify({ rules: [{ name: 'Binaries', if: 'file.ext == "bin"', thenMoveTo: 'Binaries' }] }));
  });
  afterAll(async () => {
    await vault.cleanup();
    await rm(rules, { force: true });
  });

  it('are found identical by --dry-run, moved by --apply as renames, and put back by undo', async () => {
    const args = ['organize', vault.dir, '--folder', 'Inbox', '--rules', rules, '--sources', 'rules'];
    const inode = async (rel: string): Promise<number> => (await stat(path.join(vault.dir, rel))).ino;
    const before = { a: await inode('Inbox/twin-a.bin'), b: await inode('Inbox/twin-b.bin'), hash: await hashFileAt(path.join(vault.dir, 'Inbox/twin-a.bin')) };

    const dry = await runReeve([...args, '--dry-run']);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('duplicates (identical content): Inbox/twin-a.bin, Inbox/twin-b.bin');
    expect(dry.stdout).toContain('move          Inbox/twin-a.bin -> Inbox/Binaries/twin-a.bin');

    const applied = await runReeve([...args, '--apply']);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(await inode('Inbox/Binaries/twin-a.bin')).toBe(before.a);
    expect(await inode('Inbox/Binaries/twin-b.bin')).toBe(before.b);

    const undo = await runReeve(['undo', vault.dir]);
    expect(undo.stderr).toBe('');
    expect(undo.code).toBe(0);
    for (const [name, ino] of [['twin-a.bin', before.a], ['twin-b.bin', before.b]] as const) {
      const st = await stat(path.join(vault.dir, 'Inbox', name));
      expect([st.ino, st.size]).toEqual([ino, OVER_2_GIB]);
    }
    expect(await hashFileAt(path.join(vault.dir, 'Inbox/twin-b.bin'))).toBe(before.hash);
  }, 600_000);
});
