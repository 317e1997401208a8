// SHA-256 of a file on disk. A small file (nearly every note) is read whole, synchronously, as the
// adapter's other reads are (vault-fs.ts): a journaled rename job hashes every moved file before
// its step, and the streamed read's four fs.promises round trips (open, read, read, close) cost
// 200 µs of CPU a file, 1 s of a 5,000-rename job. A large file is read a slice at a time through
// one reused buffer: memory stays at one slice whatever the size (a file over 2 GiB cannot be read
// whole by Node at all), and the process is not stalled by it.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, promises as fs, readSync } from 'node:fs';

const SLICE = 1024 * 1024;

/** Files up to this size are hashed from one synchronous read. */
const SYNC_LIMIT = SLICE;

/** The hash of a file read synchronously, or null when it is larger than SYNC_LIMIT. */
function hashSmallFile(abs: string): string | null {
  const fd = openSync(abs, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > SYNC_LIMIT) return null;
    // One byte more than the size: a file that grew since the stat is read on, not cut short.
    const buffer = Buffer.allocUnsafe(size + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length === buffer.length) return null;
    }
    return createHash('sha256').update(buffer.subarray(0, length)).digest('hex');
  } finally {
    closeSync(fd);
  }
}

export async function hashFileAt(abs: string): Promise<string> {
  const small = hashSmallFile(abs);
  if (small !== null) return small;
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
