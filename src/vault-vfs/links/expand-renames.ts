// Renames as the link rewriter takes them: file by file, all at once. A folder move is expanded
// into one rename per file inside it; the result is checked so that no two files end up on one
// path, nor on two paths that differ only in case (one name to Obsidian, and on macOS and Windows)
// unless they already did (the case rule: collidesByCase in case-folded.ts).
import { collidesByCase } from '../case-folded';

export interface RenameEntry {
  from: string;
  to: string;
}

/**
 * Answers about the vault's files that a caller may already keep (the vault index does), so a
 * single rename is checked in time proportional to the renames, not to the whole vault.
 */
export interface FileLookup {
  has(path: string): boolean;
  /** Every file whose path is `lowerPath` ignoring case (a case-sensitive disk can hold several). */
  filesIgnoringCase(lowerPath: string): readonly string[];
}

export interface RenameCheckOptions {
  /**
   * Destinations may differ only in case from other files: the renames put back names the vault
   * had (an undo, on a case-sensitive disk that held both). Only an exact path taken collides.
   */
  allowCaseVariants?: boolean;
}

export class InvalidRenameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRenameError';
  }
}

/**
 * Expands renames of files or folders into renames of files. `files` is every file in the vault
 * before the renames. An entry whose `from` is a file renames that file; otherwise it renames the
 * folder `from` and every file under it. Entries apply to the vault before any of them.
 */
export function expandRenames(files: readonly string[], renames: readonly RenameEntry[], lookup?: FileLookup, opts: RenameCheckOptions = {}): RenameEntry[] {
  const fileSet: { has(path: string): boolean } = lookup ?? new Set(files);
  const out: RenameEntry[] = [];
  for (const { from, to } of renames) {
    if (fileSet.has(from)) {
      out.push({ from, to });
      continue;
    }
    const prefix = from + '/';
    if (to === from || to.startsWith(prefix)) {
      throw new InvalidRenameError(`cannot move folder "${from}" into itself ("${to}")`);
    }
    const inside = files.filter((f) => f.startsWith(prefix));
    if (inside.length === 0) throw new InvalidRenameError(`nothing to rename: no file or folder "${from}"`);
    for (const f of inside) out.push({ from: f, to: to + '/' + f.slice(prefix.length) });
  }
  validateFileRenames(files, out, lookup, opts);
  return out;
}

/** Checks file-level renames against the vault's files; throws InvalidRenameError. */
export function validateFileRenames(files: readonly string[], renames: readonly RenameEntry[], lookup?: FileLookup, opts: RenameCheckOptions = {}): void {
  const fileSet: { has(path: string): boolean } = lookup ?? new Set(files);
  const moved = new Map<string, string>();
  for (const { from, to } of renames) {
    if (!fileSet.has(from)) throw new InvalidRenameError(`cannot rename "${from}": no such file`);
    if (moved.has(from)) throw new InvalidRenameError(`"${from}" is renamed twice`);
    if (to === '' || to.startsWith('/') || to.endsWith('/')) throw new InvalidRenameError(`"${to}" is not a file path`);
    moved.set(from, to);
  }
  const restore = opts.allowCaseVariants === true;
  const clash = (a: RenameEntry, b: RenameEntry): never => {
    throw new InvalidRenameError(`two files would be at "${a.to}"${a.to === b.to ? '' : ` and "${b.to}" (names that differ only in case)`}: "${b.from}" and "${a.from}"`);
  };
  if (lookup) {
    // Files that stay put already coexist: only a destination can collide, with another
    // destination or with a file that is not moving away.
    const destinations = new Map<string, RenameEntry[]>();
    for (const r of renames) {
      const key = r.to.toLowerCase();
      const claimed = destinations.get(key) ?? [];
      for (const other of claimed) if (collidesByCase(r, other, restore)) clash(r, other);
      const staying = lookup.has(r.to) ? [r.to] : [];
      for (const f of [...staying, ...lookup.filesIgnoringCase(key)]) {
        if (!moved.has(f) && collidesByCase(r, { from: f, to: f }, restore)) clash(r, { from: f, to: f });
      }
      destinations.set(key, [...claimed, r]);
    }
    return;
  }
  const taken = new Map<string, RenameEntry[]>();
  for (const f of files) {
    const r = { from: f, to: moved.get(f) ?? f };
    const key = r.to.toLowerCase();
    const there = taken.get(key) ?? [];
    for (const other of there) if ((moved.has(f) || moved.has(other.from)) && collidesByCase(r, other, restore)) clash(r, other);
    taken.set(key, [...there, r]);
  }
}

/** The path of a file after the renames (unchanged when it is not renamed). */
export function pathMapper(renames: readonly RenameEntry[]): (path: string) => string {
  const map = new Map(renames.map((r) => [r.from, r.to] as const));
  return (path) => map.get(path) ?? path;
}
