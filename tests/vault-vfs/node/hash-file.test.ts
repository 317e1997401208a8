// The Node adapter's file hash (hash-file.ts): a note is hashed from one synchronous read, not
// through the thread pool (a journaled rename job hashes every moved file before its step), and a
// file of any size, at and around the size where the streamed read takes over, hashes to the
// SHA-256 of its bytes.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashFileAt } from '../../../src/vault-vfs/node/hash-file';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';

let tv: TempVault | undefined;
afterEach(async () => {
  await tv?.cleanup();
  tv = undefined;
});

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('hashFileAt', () => {
  it('hashes every size to the SHA-256 of the bytes, around the 1 MiB slice', async () => {
    tv = await makeTempVault({});
    for (const size of [0, 1, 4096, 2 ** 20 - 1, 2 ** 20, 2 ** 20 + 1, 3 * 2 ** 20 + 5]) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 31 + size) & 0xff);
      const file = path.join(tv.dir, `f${size}.bin`);
      await fs.writeFile(file, bytes);
      expect(await hashFileAt(file), `size ${size}`).toBe(sha256(bytes));
    }
  });

  it('hashes a note without waiting on the thread pool', async () => {
    tv = await makeTempVault({ 'n.md': '# A note\n\nwith [[a link]].\n' });
    // A callback queued for the event loop's next turn runs before any fs.promises call returns:
    // the streamed read made each hash wait for four such round trips.
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const hash = await hashFileAt(path.join(tv.dir, 'n.md'));
    expect(turned).toBe(false);
    expect(hash).toBe(sha256(Buffer.from('# A note\n\nwith [[a link]].\n')));
  });

  it('refuses a missing file as the streamed read did', async () => {
    tv = await makeTempVault({});
    await expect(hashFileAt(path.join(tv.dir, 'gone.md'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
