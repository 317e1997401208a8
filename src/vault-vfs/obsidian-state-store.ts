// StateStore on Obsidian's DataAdapter, in `<configDir>/plugins/reeve/`: Reeve's journal,
// index shards and caches, kept out of data.json and out of the notes.
import { type DataAdapter, FileSystemAdapter } from 'obsidian';
import type { LockAttempt, LockOwner, StateStore } from './vault-port';

/** Within one process the journal's own queue already runs one job at a time. */
const HELD_ALONE: LockAttempt = { ok: true, release: () => Promise.resolve() };

/**
 * Takes the lock file `file` (absolute) of the vault folder `base`, or answers null when `base`
 * is not a folder on this disk. The desktop plugin passes the CLI's own lock (obsidian-desktop-lock.ts).
 */
export type FileLock = ((base: string, file: string) => Promise<LockAttempt | null>) & {
  /** Takes over the stale lock `file` of another computer's `owner` (process-lock.ts); false if it is not that, or not stale. */
  takeOver?(file: string, owner: LockOwner): Promise<boolean>;
};

export class ObsidianStateStore implements StateStore {
  constructor(
    private readonly adapter: DataAdapter,
    private readonly root: string,
    private readonly fileLock?: FileLock,
  ) {}

  private path(name: string): string {
    if (name.split('/').some((s) => s === '..' || s === '')) throw new Error(`state name "${name}" leaves the plugin folder`);
    return `${this.root}/${name}`;
  }

  private async ensureFolder(full: string): Promise<void> {
    const folder = full.slice(0, full.lastIndexOf('/'));
    if (!(await this.adapter.exists(folder))) await this.adapter.mkdir(folder);
  }

  async read(name: string): Promise<string | null> {
    const p = this.path(name);
    if (await this.adapter.exists(p)) return this.adapter.read(p);
    // A crash between the remove and the rename of `write` leaves only the new file, as the temp.
    return (await this.adapter.exists(`${p}.reeve-tmp`)) ? this.adapter.read(`${p}.reeve-tmp`) : null;
  }

  async readBinary(name: string): Promise<Uint8Array | null> {
    const p = this.path(name);
    return (await this.adapter.exists(p)) ? new Uint8Array(await this.adapter.readBinary(p)) : null;
  }

  /** Writes a sibling and swaps it in, so a crash leaves the old or the new file whole. */
  async write(name: string, data: string | Uint8Array): Promise<void> {
    const p = this.path(name);
    await this.ensureFolder(p);
    const temp = `${p}.reeve-tmp`;
    if (typeof data === 'string') await this.adapter.write(temp, data);
    else await this.adapter.writeBinary(temp, data.slice().buffer);
    if (await this.adapter.exists(p)) await this.adapter.remove(p);
    await this.adapter.rename(temp, p);
  }

  async append(name: string, data: string): Promise<void> {
    const p = this.path(name);
    await this.ensureFolder(p);
    await this.adapter.append(p, data);
  }

  async list(folder: string): Promise<string[]> {
    const p = folder ? this.path(folder) : this.root;
    if (!(await this.adapter.exists(p))) return [];
    const listed = await this.adapter.list(p);
    return listed.files.map((f) => f.slice(this.root.length + 1)).filter((f) => !f.endsWith('.reeve-tmp')).sort();
  }

  async remove(name: string): Promise<void> {
    const p = this.path(name);
    if (await this.adapter.exists(p)) await this.adapter.remove(p);
  }

  /**
   * The lock the CLI takes, in the same file and format (process-lock.ts: created exclusively,
   * holding pid and host, taken over only from a dead owner), so the plugin and a `reeve` run on
   * the same vault never both run a job. Desktop only: the vault is a folder on this computer
   * (FileSystemAdapter) and Node is there. On mobile no other Reeve process can reach the vault.
   */
  async tryLock(name: string): Promise<LockAttempt> {
    const adapter = this.adapter;
    if (!this.fileLock || !(adapter instanceof FileSystemAdapter)) return HELD_ALONE;
    return (await this.fileLock(adapter.getBasePath(), adapter.getFullPath(this.path(name)))) ?? HELD_ALONE;
  }

  async takeOverLock(name: string, owner: LockOwner): Promise<boolean> {
    const adapter = this.adapter;
    if (!this.fileLock?.takeOver || !(adapter instanceof FileSystemAdapter)) return false;
    return this.fileLock.takeOver(adapter.getFullPath(this.path(name)), owner);
  }

  async rename(from: string, to: string): Promise<void> {
    const target = this.path(to);
    await this.ensureFolder(target);
    await this.adapter.rename(this.path(from), target);
  }
}
