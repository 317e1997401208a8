// Keeps the test runtime's vault files on disk instead of in the JavaScript heap, as Obsidian's
// own adapters do: `FileSystemAdapter` (desktop) and `CapacitorAdapter` (mobile) read each file
// from the device's storage when asked ("DataAdapter ... Work directly with files and folders
// inside a vault", https://docs.obsidian.md/Reference/TypeScript+API/DataAdapter), and
// `Vault.cachedRead` caches only what Obsidian has open or read lately
// (https://docs.obsidian.md/Reference/TypeScript+API/Vault/cachedRead). obsidian-test-mocks'
// adapters keep every file's text in a Map for the whole run, so a measurement of a plugin's
// memory on the runtime carries the whole vault in the same heap (965 MiB at 100k generated
// notes), and V8 sizes its collections after what is live: a phone's heap does not hold that.
//
// The mocks' adapter keeps its files in two Maps (path -> text, path -> ArrayBuffer) and does
// every operation through get / set / has / delete / keys on them. Swapping those Maps for
// ones that keep only the keys in memory and the contents in files under a temp folder leaves
// every adapter method as the mocks wrote it, with the text on disk. Reads are synchronous file
// reads inside the adapter's async methods (observed: a note of a few KB takes tens of µs).
import * as fs from 'node:fs';
import * as path from 'node:path';

/** A Map whose values are the contents of files under `dir`, named by their keys. */
abstract class DiskMap<V> extends Map<string, V> {
  private readonly made = new Set<string>();

  constructor(private readonly dir: string) {
    super();
  }

  protected abstract encode(value: V): string | Uint8Array;
  protected abstract decode(bytes: Buffer): V;

  private fileOf(key: string): string {
    return path.join(this.dir, ...key.split('/'));
  }

  override get(key: string): V | undefined {
    if (!super.has(key)) return undefined;
    return this.decode(fs.readFileSync(this.fileOf(key)));
  }

  override set(key: string, value: V): this {
    const file = this.fileOf(key);
    const parent = path.dirname(file);
    if (!this.made.has(parent)) {
      fs.mkdirSync(parent, { recursive: true });
      this.made.add(parent);
    }
    fs.writeFileSync(file, this.encode(value));
    // Only the key is kept in memory; the value is read back from the file by `get`.
    return super.set(key, undefined as V);
  }

  override delete(key: string): boolean {
    if (!super.delete(key)) return false;
    fs.rmSync(this.fileOf(key), { force: true });
    return true;
  }

  override clear(): void {
    for (const key of [...super.keys()]) this.delete(key);
  }

  override *values(): MapIterator<V> {
    for (const key of super.keys()) yield this.get(key) as V;
  }

  override *entries(): MapIterator<[string, V]> {
    for (const key of super.keys()) yield [key, this.get(key) as V];
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  override forEach(fn: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) fn.call(thisArg, value, key, this);
  }
}

class DiskTextFiles extends DiskMap<string> {
  protected encode(value: string): string {
    return value;
  }
  protected decode(bytes: Buffer): string {
    return bytes.toString('utf8');
  }
}

class DiskBinaryFiles extends DiskMap<ArrayBuffer> {
  protected encode(value: ArrayBuffer): Uint8Array {
    return new Uint8Array(value);
  }
  protected decode(bytes: Buffer): ArrayBuffer {
    // A copy of its own, as a real read returns: not a view of Node's shared pool.
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
}

/**
 * Moves the contents of an empty mocks adapter (`FileSystemAdapter.create__` or
 * `CapacitorAdapter.create__`) to files under `dir`; call before anything is written to it.
 */
export function keepFilesOnDisk(adapter: object, dir: string): void {
  const a = adapter as { textFiles: Map<string, string>; binaryFiles: Map<string, ArrayBuffer> };
  if (a.textFiles.size > 0 || a.binaryFiles.size > 0) throw new Error('keepFilesOnDisk: the adapter already holds files');
  fs.mkdirSync(dir, { recursive: true });
  a.textFiles = new DiskTextFiles(path.join(dir, 'text'));
  a.binaryFiles = new DiskBinaryFiles(path.join(dir, 'binary'));
}
