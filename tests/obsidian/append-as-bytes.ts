// DataAdapter.append as Obsidian documents it: "Add text to the end of a plaintext file"
// (https://docs.obsidian.md/Reference/TypeScript+API/DataAdapter/append): a file, which is bytes
// ("Size on disk, as bytes", FileStats.size), gets the text's bytes at its end. The mocks'
// in-memory adapter instead builds the file's whole text again as one string per append, so a
// file appended to past the longest string (2^29 - 24 characters, about 512 MB) fails with
// "Invalid string length", a limit Obsidian's adapter does not have (Reeve's journal of a big job
// is appended to this way: BENCHMARKS.md, obsidian-adapter). Here an appended file is held as its
// UTF-8 bytes in a buffer that grows by doubling (each append copies its own bytes, amortized):
// `read` decodes them (the same text as before), `readBinary` gives those bytes, and `stat` says
// their size in bytes.
import type { DataWriteOptions } from 'obsidian';
import type { App } from 'obsidian-test-mocks/obsidian';

interface InMemoryAdapter {
  textFiles: Map<string, string>;
  binaryFiles: Map<string, ArrayBuffer>;
  fileMeta: Map<string, { ctime: number; mtime: number; size: number }>;
  append(p: string, data: string, options?: DataWriteOptions): Promise<void>;
  readBinary(p: string): Promise<ArrayBuffer>;
}

/** ES2024's resizable ArrayBuffer (Node 20 has it; the project's lib is ES2022). */
type Resizable = ArrayBuffer & { resizable: boolean; maxByteLength: number; resize(n: number): void };
const Growable = ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => Resizable;

const encoder = new TextEncoder();

/** A buffer of `bytes` with room to grow to twice its size (at least 64 KiB). */
function growable(bytes: Uint8Array, room: number): Resizable {
  const buf = new Growable(bytes.byteLength, { maxByteLength: Math.max(64 * 1024, 2 * room) });
  new Uint8Array(buf).set(bytes);
  return buf;
}

export function installAppendAsBytes(app: App): void {
  const adapter = app.vault.adapter as unknown as InMemoryAdapter;
  const ensureParents = adapter.append.bind(adapter);
  adapter.append = async (p: string, data: string, options?: DataWriteOptions): Promise<void> => {
    const added = encoder.encode(data);
    const text = adapter.textFiles.get(p);
    let buf = adapter.binaryFiles.get(p) as Resizable | undefined;
    if (buf === undefined && text === undefined) {
      // A new file: the mocks make it (parent folders, case keys, times), empty, then it grows here.
      await ensureParents(p, '', options);
      adapter.textFiles.delete(p);
    }
    if (text !== undefined) {
      // A file written as text: from now on it is held as its bytes.
      adapter.textFiles.delete(p);
      const old = encoder.encode(text);
      buf = growable(old, old.byteLength + added.byteLength);
    } else if (buf === undefined) buf = growable(new Uint8Array(), added.byteLength);
    const at = buf.byteLength;
    if (!buf.resizable || at + added.byteLength > buf.maxByteLength) buf = growable(new Uint8Array(buf), at + added.byteLength);
    buf.resize(at + added.byteLength);
    new Uint8Array(buf).set(added, at);
    adapter.binaryFiles.set(p, buf);
    const now = Date.now();
    const meta = adapter.fileMeta.get(p);
    adapter.fileMeta.set(p, { ctime: options?.ctime ?? meta?.ctime ?? now, mtime: options?.mtime ?? now, size: buf.byteLength });
  };
  // The bytes as they are now: a copy, not the buffer that later appends grow.
  const readBinary = adapter.readBinary.bind(adapter);
  adapter.readBinary = async (p: string): Promise<ArrayBuffer> => {
    const buf = await readBinary(p);
    return (buf as Resizable).resizable ? buf.slice(0) : buf;
  };
}
