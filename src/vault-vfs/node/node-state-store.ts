// StateStore on disk: `<vault>/.obsidian/plugins/reeve/` (or another config folder).
import { promises as fs, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { LockAttempt, LockOwner, StateStore } from '../vault-port';
import { writeFileAtomic } from './atomic-write';
import { isNotFound } from './not-found';
import { takeOverStaleLock, tryProcessLock } from './process-lock';

export class NodeStateStore implements StateStore {
  constructor(readonly root: string) {}

  /** The absolute path of a state name (checked to stay in the state folder). */
  pathOf(name: string): string {
    return this.resolve(name);
  }

  private resolve(name: string): string {
    const full = path.resolve(this.root, name);
    if (full !== this.root && !full.startsWith(this.root + path.sep)) {
      throw new Error(`state name "${name}" leaves the plugin folder`);
    }
    return full;
  }

  async read(name: string): Promise<string | null> {
    try {
      return await fs.readFile(this.resolve(name), 'utf8');
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async readBinary(name: string): Promise<Uint8Array | null> {
    try {
      // Synchronous, as the adapter's note reads (vault-fs.ts): fs.promises.readFile takes a file
      // in 512 KiB pieces, one thread-pool round trip each (a 45 MB metadata cache: 90 of them,
      // 30-46 ms of CPU against 22 ms, and the waits between them at a busy machine's pace).
      const b = await Promise.resolve(readFileSync(this.resolve(name)));
      // The file's own memory where it has it (a large file: no copy of a 200 MB metadata cache);
      // a small file's Buffer may sit in Node's shared pool, so it gets a copy of its own.
      return b.byteOffset === 0 && b.buffer.byteLength === b.byteLength ? new Uint8Array(b.buffer) : new Uint8Array(b);
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async write(name: string, data: string | Uint8Array): Promise<void> {
    const full = this.resolve(name);
    await fs.mkdir(path.dirname(full), { recursive: true });
    await writeFileAtomic(full, data);
  }

  async append(name: string, data: string): Promise<void> {
    const full = this.resolve(name);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const handle = await fs.open(full, 'a');
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async list(folder: string): Promise<string[]> {
    try {
      const entries = await fs.readdir(this.resolve(folder), { withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => (folder ? `${folder}/${e.name}` : e.name)).sort();
    } catch (e) {
      if (isNotFound(e)) return [];
      throw e;
    }
  }

  async remove(name: string): Promise<void> {
    await fs.rm(this.resolve(name), { force: true });
  }

  tryLock(name: string): Promise<LockAttempt> {
    return tryProcessLock(this.resolve(name));
  }

  takeOverLock(name: string, owner: LockOwner): Promise<boolean> {
    return takeOverStaleLock(this.resolve(name), owner);
  }

  async rename(from: string, to: string): Promise<void> {
    const target = this.resolve(to);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(this.resolve(from), target);
  }
}

