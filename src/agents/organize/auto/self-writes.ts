// Paths Steward itself has just written (plan notes, moves and renames of an organize run, the
// journal's own files): automatic mode must not react to its own work, or a rule's move would
// trigger the rules again. The port every Steward job writes through records them here.
import type { VaultPort } from '../../../vault-vfs/vault-port';

/** How long a written path counts as Steward's own: vault events arrive shortly after the write. */
const DEFAULT_TTL_MS = 10_000;

export class SelfWrites {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  mark(path: string): void {
    this.written.set(path.toLowerCase(), this.now() + this.ttlMs);
  }

  /** True when Steward wrote `path` (or a folder holding it) in the last few seconds. */
  isOwn(path: string): boolean {
    const t = this.now();
    const key = path.toLowerCase();
    for (const [p, until] of this.written) {
      if (until < t) this.written.delete(p);
      else if (key === p || key.startsWith(p + '/')) return true;
    }
    return false;
  }
}

const WRITES: Record<string, (args: unknown[]) => unknown[]> = {
  create: (a) => [a[0]],
  createBinary: (a) => [a[0]],
  createFolder: (a) => [a[0]],
  process: (a) => [a[0]],
  rename: (a) => [a[0], a[1]],
  trash: (a) => [a[0]],
  restoreFromTrash: (a) => [a[0], a[1]],
};

/** `port`, with every path it writes marked as Steward's own before the write starts. */
export function trackSelfWrites(port: VaultPort, writes: SelfWrites): VaultPort {
  return new Proxy(port, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      const pathsOf = typeof key === 'string' ? WRITES[key] : undefined;
      return (...args: unknown[]): unknown => {
        if (pathsOf) for (const p of pathsOf(args)) if (typeof p === 'string') writes.mark(p);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
