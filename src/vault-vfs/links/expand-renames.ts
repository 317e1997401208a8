// Renames as the link rewriter takes them: file by file, all at once. A folder move is expanded
// into one rename per file inside it; the result is checked so that no two files end up on one
// path (compared case-insensitively, as on macOS and Windows), except a file's own case change.

export interface RenameEntry {
  from: string;
  to: string;
}

/**
 * Answers about the vault's files that a caller may already keep (the vault index does), so a
 * single rename is checked in time proportional to the renames, not to the whole vault. It names
 * one file per case-insensitive path: for a vault where two files differ only in case (possible
 * on a case-sensitive disk, never made by Steward or Obsidian), pass no lookup.
 */
export interface FileLookup {
  has(path: string): boolean;
  /** The file whose path is `lowerPath` ignoring case, if any. */
  fileIgnoringCase(lowerPath: string): string | undefined;
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
export function expandRenames(files: readonly string[], renames: readonly RenameEntry[], lookup?: FileLookup): RenameEntry[] {
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
  validateFileRenames(files, out, lookup);
  return out;
}

/** Checks file-level renames against the vault's files; throws InvalidRenameError. */
export function validateFileRenames(files: readonly string[], renames: readonly RenameEntry[], lookup?: FileLookup): void {
  const fileSet: { has(path: string): boolean } = lookup ?? new Set(files);
  const moved = new Map<string, string>();
  for (const { from, to } of renames) {
    if (!fileSet.has(from)) throw new InvalidRenameError(`cannot rename "${from}": no such file`);
    if (moved.has(from)) throw new InvalidRenameError(`"${from}" is renamed twice`);
    if (to === '' || to.startsWith('/') || to.endsWith('/')) throw new InvalidRenameError(`"${to}" is not a file path`);
    moved.set(from, to);
  }
  if (lookup) {
    // Files that stay put already coexist: only a destination can collide, with another
    // destination or with a file that is not moving away (its own case change aside).
    const destinations = new Map<string, string>();
    for (const { from, to } of renames) {
      const key = to.toLowerCase();
      // A file at exactly `to` first: on a case-sensitive disk `A.md` and `a.md` can both exist.
      const exact = to !== from && lookup.has(to) ? to : undefined;
      const other = destinations.get(key) ?? exact ?? lookup.fileIgnoringCase(key);
      if (other !== undefined && other !== from && (destinations.has(key) || !moved.has(other))) {
        throw new InvalidRenameError(`two files would be at "${to}": "${other}" and "${from}"`);
      }
      destinations.set(key, from);
    }
    return;
  }
  const taken = new Map<string, string>();
  for (const f of files) {
    const after = moved.get(f) ?? f;
    const key = after.toLowerCase();
    const other = taken.get(key);
    if (other !== undefined && (moved.has(f) || moved.has(other))) {
      throw new InvalidRenameError(`two files would be at "${after}": "${other}" and "${f}"`);
    }
    taken.set(key, f);
  }
}

/** The path of a file after the renames (unchanged when it is not renamed). */
export function pathMapper(renames: readonly RenameEntry[]): (path: string) => string {
  const map = new Map(renames.map((r) => [r.from, r.to] as const));
  return (path) => map.get(path) ?? path;
}
