// Paths grouped by their lower-cased form. Obsidian compares names ignoring case (macOS, Windows
// and mobile disks do too), but a case-sensitive disk can hold `Inbox/Case.md` and
// `Inbox/case.md` side by side: each group keeps every spelling, so removing one never forgets
// the other.

const NONE: readonly string[] = [];

export class CaseFolded {
  private readonly groups = new Map<string, string[]>();

  add(path: string): void {
    const key = path.toLowerCase();
    const group = this.groups.get(key);
    if (!group) this.groups.set(key, [path]);
    else if (!group.includes(path)) group.push(path);
  }

  remove(path: string): void {
    const key = path.toLowerCase();
    const group = this.groups.get(key);
    if (!group) return;
    const i = group.indexOf(path);
    if (i !== -1) group.splice(i, 1);
    if (group.length === 0) this.groups.delete(key);
  }

  /** Whether some spelling of `path` is held, ignoring case. */
  has(path: string): boolean {
    return this.groups.has(path.toLowerCase());
  }

  /** Every spelling of `path` ignoring case (`path` may be given in any case), oldest first. */
  get(path: string): readonly string[] {
    return this.groups.get(path.toLowerCase()) ?? NONE;
  }
}

/** A name a file or folder is to have (`to`), and the one it has now when it is moving (`from`). */
export interface NameClaim {
  from?: string;
  to: string;
}

/**
 * The case rule, the one place it is written (the shadow VFS, the Node adapter and the rename
 * check all ask it): two names that differ only by case collide, as Obsidian compares them (and
 * macOS, Windows and mobile disks). `claim` collides with `held` (another file or folder, as
 * `{from: p, to: p}` when it stays at `p`) when both end at the same path, or at the same path
 * ignoring case, except:
 * - where both were one name ignoring case already: a case-sensitive disk holds `Case.md` beside
 *   `case.md`, and a case-only rename, or a folder moving with the pair, keeps the pair a pair
 *   rather than making one;
 * - with `restore`, when the caller puts back names the vault had (undo, rollback): then only the
 *   same path collides.
 * A file never collides with itself.
 */
export function collidesByCase(claim: NameClaim, held: NameClaim, restore = false): boolean {
  if (claim.from !== undefined && claim.from === held.from) return false;
  if (claim.to === held.to) return true;
  if (restore || claim.to.toLowerCase() !== held.to.toLowerCase()) return false;
  return claim.from === undefined || held.from === undefined || claim.from.toLowerCase() !== held.from.toLowerCase();
}

/** The name among `held` (staying where they are) that `claim` collides with: the same path first. */
export function caseCollision(claim: NameClaim, held: readonly string[], restore = false): string | undefined {
  const collides = (p: string): boolean => collidesByCase(claim, { from: p, to: p }, restore);
  return held.find((p) => p === claim.to && collides(p)) ?? held.find(collides);
}
