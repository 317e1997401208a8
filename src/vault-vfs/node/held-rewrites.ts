// Link rewrites of recorded notes held in memory until the journal asks for them (see
// RenameOptions.recordedNotes): a job of many moves rewrites a note that links to several moved
// notes once per move, and writing each of those texts (temp file, rename, later fsync) cost a job
// of 1,000 moves at 10k notes 10,568 writes of 4,468 notes. Held, a note is written once, with
// the text of the last move, when `syncDeferredWrites` runs (before any record that says a step
// ran). What a crash or power loss loses of them is what the journal's intent records hold: the
// disk then has a note's older text, as when a move stopped inside the adapter, and recovery puts
// every recorded note back.
/** Vault path (after the moves so far) -> the note's new text, not yet on disk. */
export class HeldRewrites {
  private readonly texts = new Map<string, string>();

  get size(): number {
    return this.texts.size;
  }

  get(vp: string): string | undefined {
    return this.texts.get(vp);
  }

  has(vp: string): boolean {
    return this.texts.has(vp);
  }

  set(vp: string, text: string): void {
    this.texts.set(vp, text);
  }

  paths(): string[] {
    return [...this.texts.keys()];
  }

  /** Whether a held text is at `vp` or under it (a folder). */
  holdsAtOrUnder(vp: string): boolean {
    if (this.texts.has(vp)) return true;
    const prefix = vp + '/';
    for (const p of this.texts.keys()) if (p.startsWith(prefix)) return true;
    return false;
  }

  /**
   * A file or folder moved: its held texts follow it. A file's is one lookup; only a folder's move
   * looks at every held text (a job of 1,000 file moves holding 4,468 notes copied and scanned
   * them all on every move).
   */
  moved(from: string, to: string, kind: 'file' | 'folder'): void {
    if (this.texts.size === 0) return;
    const text = this.texts.get(from);
    if (text !== undefined) {
      this.texts.delete(from);
      this.texts.set(to, text);
    }
    if (kind === 'file') return;
    const prefix = from + '/';
    const under: [string, string][] = [];
    for (const [p, t] of this.texts) if (p.startsWith(prefix)) under.push([p, t]);
    for (const [p, t] of under) {
      this.texts.delete(p);
      this.texts.set(to + p.slice(from.length), t);
    }
  }

  /** Removes and returns the held texts at or under `vp` (all of them when `vp` is null). */
  take(vp: string | null): [string, string][] {
    const out: [string, string][] = [];
    for (const [p, t] of this.texts) {
      if (vp === null || p === vp || p.startsWith(vp + '/') || vp === '') out.push([p, t]);
    }
    for (const [p] of out) this.texts.delete(p);
    return out;
  }
}
