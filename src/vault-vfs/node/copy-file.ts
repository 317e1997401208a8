// A file copied a slice at a time (the journal's copy of a file it trashes, and the file put back
// from that copy): memory stays at one slice whatever the size. The copy is written beside its
// target under a temporary name, synced and renamed over it, so it is whole or absent. Slices of
// zeros are not written but left as holes (the length is set at the end): a sparse file stays
// sparse, and the bytes read back are the same.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { syncFolder, tempPathFor } from './atomic-write';

const SLICE = 1024 * 1024;

const ZEROS = Buffer.alloc(SLICE);

function allZero(bytes: Buffer): boolean {
  return bytes.equals(ZEROS.subarray(0, bytes.length)); // one memcmp
}

/** Copies `from` to `to` (replacing it atomically), streamed. */
export async function copyFileStreamed(from: string, to: string): Promise<void> {
  const temp = tempPathFor(to);
  const source = await fs.open(from, 'r');
  try {
    const target = await fs.open(temp, 'wx');
    try {
      const buffer = Buffer.allocUnsafe(SLICE);
      let at = 0;
      for (;;) {
        const { bytesRead } = await source.read(buffer, 0, SLICE, at);
        if (bytesRead === 0) break;
        const slice = buffer.subarray(0, bytesRead);
        if (!allZero(slice)) await target.write(slice, 0, bytesRead, at);
        at += bytesRead;
      }
      await target.truncate(at);
      await target.sync();
    } finally {
      await target.close();
    }
    await fs.rename(temp, to);
  } catch (e) {
    await fs.rm(temp, { force: true });
    throw e;
  } finally {
    await source.close();
  }
  await syncFolder(path.dirname(to));
}
