// The Node adapter's vault as it changes: the files on disk and the vault index kept in step, and
// every change announced to listeners. What NodeVault's mutating calls share lives here: whether
// a path is free (the case rule), making the folders above a path, and taking a file's new state
// into the index.
import { promises as fs, statSync } from 'node:fs';
import { caseCollision } from '../case-folded';
import type { NoteMetadata } from '../metadata-types';
import { parentOf } from '../path-safety';
import type { VaultIndex } from '../vault-index';
import { type VaultChange, VaultPathExistsError } from '../vault-port';
import { type VaultFs, fileStatOf } from './vault-fs';

export class VaultTree {
  private readonly listeners = new Set<(change: VaultChange) => void>();

  constructor(
    readonly disk: VaultFs,
    readonly index: VaultIndex,
  ) {}

  onChange(listener: (change: VaultChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: VaultChange): void {
    for (const l of this.listeners) l(change);
  }

  /** Takes the file's stat from the disk, and the note's metadata from `text` (or `parsed`), into the index. */
  refreshFile(vp: string, text: string | null, parsed?: NoteMetadata): void {
    this.index.setFile(vp, fileStatOf(statSync(this.disk.abs(vp))), text, parsed);
  }

  /**
   * Refuses a path taken by another file or folder, by the case rule (see case-folded.ts): a new
   * name never differs only in case from one in the vault, except where a case-sensitive disk
   * already holds such names side by side: a case-only rename of `source` keeps the pair a pair,
   * and a restore (undo, rollback) puts back a name the vault had. Where the disk itself does not
   * tell the names apart, nothing can make it hold both.
   */
  async assertFree(vp: string, source?: string, restore = false): Promise<void> {
    const held = this.index.findAllInsensitive(vp);
    const taken = caseCollision({ to: vp, ...(source !== undefined ? { from: source } : {}) }, held, restore);
    if (taken !== undefined) throw new VaultPathExistsError(taken);
    const caseOnly = source !== undefined && source.toLowerCase() === vp.toLowerCase();
    if (!caseOnly && (await this.disk.exists(this.disk.abs(vp)))) {
      const first = held[0];
      throw new VaultPathExistsError(first === undefined ? vp : `${vp} (this disk does not tell it apart from ${first})`);
    }
  }

  /** Creates missing parent folders of `vp`, announcing each. */
  async ensureParents(vp: string): Promise<void> {
    const missing: string[] = [];
    for (let parent = parentOf(vp); parent !== '' && !this.index.isFolder(parent); parent = parentOf(parent)) missing.unshift(parent);
    for (const folder of missing) {
      await fs.mkdir(this.disk.abs(folder), { recursive: true });
      this.index.addFolder(folder);
      this.emit({ type: 'create', path: folder, kind: 'folder' });
    }
  }
}
