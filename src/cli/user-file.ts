// A file the user names on the command line (`--history`, `--rules`), read only when it is a
// regular file: reading a FIFO waits for a writer that may never come, and a device may never end.
import { promises as fs } from 'node:fs';

/** The file's text, null when it does not exist; else throws an Error whose message says why it cannot be read. */
export async function readUserFile(file: string): Promise<string | null> {
  const st = await fs.stat(file).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw new Error(`cannot read it (${e.code ?? e.message})`);
  });
  if (st === null) return null;
  if (st.isDirectory()) throw new Error('it is a folder');
  if (!st.isFile()) throw new Error('it is not a regular file (a FIFO, socket or device), so it is not read');
  return fs.readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new Error(`cannot read it (${e.code ?? e.message})`);
  });
}
