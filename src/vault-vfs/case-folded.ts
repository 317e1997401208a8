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
