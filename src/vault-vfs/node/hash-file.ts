// SHA-256 of a file on disk, read a slice at a time through one reused buffer: memory stays at one
// slice whatever the size (a file over 2 GiB cannot be read whole by Node at all).
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';

const SLICE = 1024 * 1024;

export async function hashFileAt(abs: string): Promise<string> {
  const hash = createHash('sha256');
  const handle = await fs.open(abs, 'r');
  try {
    const buffer = Buffer.allocUnsafe(SLICE);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, SLICE, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}
