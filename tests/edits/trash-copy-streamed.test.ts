// Undo of a trash whose `.trash/` was emptied puts the file back from the journal's copy. The copy
// is made and read back a slice at a time (copy-file.ts), so a file over 2 GiB, which Node cannot
// read whole, is trashed and restored too; zeros stay holes, and the bytes come back the same.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { undoJob } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { hashFileAt } from '../../src/vault-vfs/node/hash-file';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

const SIZE = 2 ** 31 + 3 * 2 ** 20;
let vault: TempVault | null = null;
afterEach(async () => {
  await vault?.cleanup();
  vault = null;
});

describe('trash of a file over 2 GiB', () => {
  it('is undone from the journal\'s copy when the trash was emptied, byte for byte', async () => {
    vault = await makeTempVault({ '.obsidian/app.json': '{}\n' });
    const file = path.join(vault.dir, 'Files', 'disk.img');
    await fs.mkdir(path.dirname(file));
    // Sparse, with data at the start, in the middle and at the very end.
    const handle = await fs.open(file, 'w');
    await handle.write(Buffer.from('start'), 0, 5, 0);
    await handle.write(Buffer.from('middle'), 0, 6, 2 ** 30 + 17);
    await handle.write(Buffer.from('end'), 0, 3, SIZE - 3);
    await handle.close();
    const hash = await hashFileAt(file);

    const port = await NodeVault.open(vault.dir);
    const job = await executeJob(port, { description: 'trash', operations: [{ opId: 'o1', type: 'trash', path: 'Files/disk.img' }] });
    expect(job.failure).toBeNull();
    await fs.rm(path.join(vault.dir, '.trash'), { recursive: true });

    const undone = await undoJob(await NodeVault.open(vault.dir));
    expect(undone.notes.join('\n')).toContain('was recreated from Reeve\'s copy');
    expect((await fs.stat(file)).size).toBe(SIZE);
    expect(await hashFileAt(file)).toBe(hash);
  }, 600_000);
});
