// Paths Reeve itself has just written (plan notes, moves and renames of an organize run, the
// journal's own files): automatic mode must not react to its own work, or a rule's move would
// trigger the rules again. The port every Reeve job writes through records them here.
import type { VaultPort } from '../../../vault-vfs/vault-port';

/** How long a written path counts as Reeve's own: vault events arrive shortly after the write. */
const DEFAULT_TTL_MS = 10_000;

export class SelfWrites {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  private readonly subtrees = new Map<string, number>();
  private pruneAt = 64;

  /**
   * Marks a path Reeve writes. `subtree` for a move or trash of what may be a folder: every
   * path under it is Reeve's too. A folder Reeve merely creates is not: files the user or
   * sync puts into it are theirs.
   */
  mark(path: string, subtree = false): void {
    const t = this.now();
    // Expired marks are dropped now and then, not on every write: a big job writes thousands.
    if (this.written.size + this.subtrees.size > this.pruneAt) {
      for (const map of [this.written, this.subtrees]) for (const [p, until] of map) if (until < t) map.delete(p);
      this.pruneAt = 2 * (this.written.size + this.subtrees.size) + 64;
    }
    (subtree ? this.subtrees : this.written).set(path.toLowerCase(), t + this.ttlMs);
  }

  /** True when Reeve wrote `path` (or moved a folder holding it) in the last few seconds. */
  isOwn(path: string): boolean {
    const t = this.now();
    const key = path.toLowerCase();
    if ((this.written.get(key) ?? -1) >= t) return true;
    for (const [p, until] of this.subtrees) if (until >= t && (key === p || key.startsWith(p + '/'))) return true;
    return false;
  }
}

/** The paths each writing call touches, and whether whole subtrees move with them. */
const WRITES: Record<string, { paths: (args: unknown[]) => unknown[]; subtree: boolean }> = {
  create: { paths: (a) => [a[0]], subtree: false },
  createBinary: { paths: (a) => [a[0]], subtree: false },
  createFolder: { paths: (a) => [a[0]], subtree: false },
  process: { paths: (a) => [a[0]], subtree: false },
  processFrontMatter: { paths: (a) => [a[0]], subtree: false },
  rename: { paths: (a) => [a[0], a[1]], subtree: true },
  trash: { paths: (a) => [a[0]], subtree: true },
  restoreFromTrash: { paths: (a) => [a[0], a[1]], subtree: true },
};

/** `port`, with every path it writes marked as Reeve's own before the write starts. */
export function trackSelfWrites(port: VaultPort, writes: SelfWrites): VaultPort {
  return new Proxy(port, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      const write = typeof key === 'string' ? WRITES[key] : undefined;
      return (...args: unknown[]): unknown => {
        if (write) for (const p of write.paths(args)) if (typeof p === 'string') writes.mark(p, write.subtree);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
