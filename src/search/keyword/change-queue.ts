// What the indexer still has to do, by path: index a file (read it), remove it, or look into a
// folder that appeared (by a rename, or restored from the trash) for the files it holds. Vault
// events and the start-up reconciliation both land here; the latest word on a path wins, so a
// note edited ten times while the indexer was busy is read once.

import type { FileStat, VaultChange } from '../../vault-vfs/vault-port';

export type FileTask = { op: 'index'; stat?: FileStat } | { op: 'remove' };

export interface Batch {
  files: [string, FileTask][];
  /** Folders to list and index the files of. */
  folders: string[];
}

export class ChangeQueue {
  private readonly files = new Map<string, FileTask>();
  private readonly folders = new Set<string>();

  /** `indexed` lists the paths in the index, to expand a removed folder into its files. */
  constructor(private readonly indexed: () => Iterable<string>) {}

  get size(): number {
    return this.files.size + this.folders.size;
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  /** Paths queued to be (re)indexed, in work order, without taking them. */
  queuedFiles(): string[] {
    const out: string[] = [];
    for (const [path, task] of this.files) if (task.op === 'index') out.push(path);
    return out;
  }

  indexFile(path: string, stat?: FileStat): void {
    this.files.delete(path); // re-inserted last: Map order is the work order
    this.files.set(path, stat === undefined ? { op: 'index' } : { op: 'index', stat });
  }

  removeFile(path: string): void {
    this.files.delete(path);
    this.files.set(path, { op: 'remove' });
  }

  /** Queues what a vault event means for the index. */
  apply(change: VaultChange): void {
    switch (change.type) {
      case 'create':
        if (change.kind === 'file') this.indexFile(change.path);
        else this.folders.add(change.path);
        break;
      case 'modify':
        this.indexFile(change.path);
        break;
      case 'delete':
        this.remove(change.path, change.kind);
        break;
      case 'rename':
        this.remove(change.oldPath, change.kind);
        if (change.kind === 'file') this.indexFile(change.path);
        else this.folders.add(change.path);
        break;
    }
  }

  private remove(path: string, kind: 'file' | 'folder'): void {
    if (kind === 'file') {
      this.removeFile(path);
      return;
    }
    const prefix = `${path}/`;
    for (const p of this.indexed()) if (p.startsWith(prefix)) this.removeFile(p);
  }

  /** Takes up to `max` file tasks, and every pending folder. */
  take(max: number): Batch {
    const files: [string, FileTask][] = [];
    for (const entry of this.files) {
      if (files.length >= max) break;
      files.push(entry);
    }
    for (const [p] of files) this.files.delete(p);
    const folders = [...this.folders];
    this.folders.clear();
    return { files, folders };
  }
}
