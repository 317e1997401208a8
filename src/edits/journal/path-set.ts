// A set of vault paths that also answers "does this path overlap one in the set": equal, inside,
// or containing. The journal groups steps that touch no common path into one batch, so their
// intent records go to disk in one append. Compared case-insensitively, as a case-insensitive
// file system would see them.

function ancestors(p: string): string[] {
  const out: string[] = [];
  for (let i = p.lastIndexOf('/'); i > 0; i = p.lastIndexOf('/', i - 1)) out.push(p.slice(0, i));
  return out;
}

export class PathSet {
  private readonly exact = new Set<string>();
  private readonly containing = new Set<string>();

  get size(): number {
    return this.exact.size;
  }

  overlaps(paths: readonly string[]): boolean {
    for (const raw of paths) {
      const p = raw.toLowerCase();
      if (this.exact.has(p) || this.containing.has(p)) return true;
      if (ancestors(p).some((a) => this.exact.has(a))) return true;
    }
    return false;
  }

  add(paths: readonly string[]): void {
    for (const raw of paths) {
      const p = raw.toLowerCase();
      this.exact.add(p);
      for (const a of ancestors(p)) this.containing.add(a);
    }
  }

  clear(): void {
    this.exact.clear();
    this.containing.clear();
  }
}
