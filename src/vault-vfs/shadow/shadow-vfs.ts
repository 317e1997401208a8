// The shadow VFS: planned operations applied virtually over a snapshot of the vault, so a plan can
// be previewed, checked and measured without touching a file. An operation that would conflict is
// not applied; it is reported with what is wrong, and the rest of the plan still simulates.
import { isNoteEdit, type PlannedOperation, opPaths } from '../operations';
import { CaseFolded, caseCollision } from '../case-folded';
import { checkVaultPath, isProtectedPath, parentOf } from '../path-safety';
import type { VaultEntry } from '../vault-port';

export type ConflictKind =
  | 'destination_exists'
  | 'duplicate_destination'
  | 'case_collision'
  | 'folder_into_itself'
  | 'missing_source'
  | 'illegal_name'
  | 'protected_path'
  | 'limit_exceeded';

/** As the organize plan JSON shows it: `{"kind","paths","detail"}`, plus the operation. */
export interface Conflict {
  kind: ConflictKind;
  paths: string[];
  detail: string;
  opId: string;
}

export interface ShadowOptions {
  configDir: string;
  /** Most operations a plan may hold; default 5,000. */
  limit?: number;
}

export interface Simulation {
  /** Files and folders after the applied operations. */
  after: VaultEntry[];
  applied: PlannedOperation[];
  conflicts: Conflict[];
}

export const DEFAULT_PLAN_LIMIT = 5000;

/** Every ancestor folder of `p`, outermost first. */
function ancestorsOf(p: string): string[] {
  const out: string[] = [];
  for (let f = parentOf(p); f !== ''; f = parentOf(f)) out.unshift(f);
  return out;
}

export class ShadowVfs {
  /** Entries by exact path: a case-sensitive disk can hold `Case.md` beside `case.md`. */
  private readonly entries = new Map<string, VaultEntry>();
  private readonly folded = new CaseFolded();
  /** Destinations already claimed by an earlier operation of this plan (lower-cased). */
  private readonly claimed = new Map<string, string>();
  /** Moved files: path before the plan -> path now, and back, so note edits find their note. */
  private readonly movedTo = new Map<string, string>();
  private readonly movedFrom = new Map<string, string>();

  constructor(entries: readonly VaultEntry[], private readonly opts: ShadowOptions) {
    for (const entry of entries) this.set({ ...entry });
  }

  private set(entry: VaultEntry): void {
    this.entries.set(entry.path, entry);
    this.folded.add(entry.path);
  }

  private delete(p: string): void {
    this.entries.delete(p);
    this.folded.remove(p);
  }

  simulate(ops: readonly PlannedOperation[]): Simulation {
    const limit = this.opts.limit ?? DEFAULT_PLAN_LIMIT;
    const applied: PlannedOperation[] = [];
    const conflicts: Conflict[] = [];
    ops.forEach((op, i) => {
      if (i >= limit) {
        conflicts.push({ kind: 'limit_exceeded', paths: opPaths(op), detail: `the plan holds ${ops.length} operations; the limit is ${limit}`, opId: op.opId });
        return;
      }
      const conflict = this.apply(op);
      if (conflict) conflicts.push(conflict);
      else applied.push(op);
    });
    const after = [...this.entries.values()].sort((a, b) => a.path.localeCompare(b.path));
    return { after, applied, conflicts };
  }

  /**
   * A new path (and the folders it needs) must not differ only in case from a path in the vault
   * (the case rule, see case-folded.ts); `source` is what moves there, if anything.
   */
  private firstCaseCollision(p: string, source?: string): { path: string; existing: string } | null {
    for (const f of [...ancestorsOf(p), p]) {
      if (this.entries.has(f)) continue;
      const existing = caseCollision({ to: f, ...(source !== undefined ? { from: source } : {}) }, this.folded.get(f));
      if (existing !== undefined) return { path: f, existing };
    }
    return null;
  }

  /** Applies one operation, or returns why it cannot be applied (and changes nothing). */
  private apply(op: PlannedOperation): Conflict | null {
    const fail = (kind: ConflictKind, detail: string, paths = opPaths(op)): Conflict => ({ kind, paths, detail, opId: op.opId });
    const caseFail = (c: { path: string; existing: string }, paths: string[]): Conflict =>
      fail('case_collision', `${c.existing} already exists and differs from ${c.path} only in case (Obsidian takes them for one name)`, paths);
    for (const p of opPaths(op)) {
      if (isProtectedPath(p, this.opts)) return fail('protected_path', `${p} is in a protected folder`);
      const check = checkVaultPath(p, this.opts);
      if (!check.ok) return fail('illegal_name', check.reason, [p]);
    }
    if (op.type === 'create_folder') {
      const existing = this.entries.get(op.path);
      if (existing?.kind === 'folder') return null; // already there: nothing to do
      if (existing) return fail('destination_exists', `${existing.path} already exists`);
      const c = this.firstCaseCollision(op.path);
      if (c) return caseFail(c, [op.path, c.existing]);
      this.addFolderChain(op.path);
      return null;
    }
    if (isNoteEdit(op)) {
      // An edit names the note by its path before the plan; it runs after the note's move.
      const now = this.movedTo.get(op.path) ?? (this.movedFrom.has(op.path) ? undefined : op.path);
      const note = now === undefined ? undefined : this.entries.get(now);
      if (note?.kind !== 'file' || !note.path.toLowerCase().endsWith('.md')) return fail('missing_source', `${op.path} is not a note of the vault${now !== undefined && now !== op.path ? ` (it would be at ${now})` : ''}`);
      return null;
    }
    if (op.type === 'trash') {
      if (!this.entries.has(op.path)) return fail('missing_source', `${op.path} does not exist`);
      this.removeTree(op.path);
      return null;
    }
    const source = this.entries.get(op.source);
    if (!source) return fail('missing_source', `${op.source} does not exist`);
    const dst = op.destination;
    if (source.kind === 'folder' && dst.toLowerCase().startsWith(op.source.toLowerCase() + '/')) {
      return fail('folder_into_itself', `${op.source} cannot move into itself`);
    }
    const claimedBy = this.claimed.get(dst.toLowerCase());
    if (claimedBy !== undefined) return fail('duplicate_destination', `${dst} is also the destination of ${claimedBy}`, [op.source, claimedBy, dst]);
    if (this.entries.has(dst) && dst !== op.source) return fail('destination_exists', `${dst} already exists`, [op.source, dst]);
    const c = this.firstCaseCollision(dst, op.source);
    if (c) return caseFail(c, [op.source, c.existing]);
    this.claimed.set(dst.toLowerCase(), op.source);
    if (source.kind === 'file') this.moveFile(source, dst);
    else this.moveTree(op.source, dst);
    return null;
  }

  /** Remembers where the file first at some path is now. */
  private track(from: string, to: string): void {
    const origin = this.movedFrom.get(from) ?? from;
    this.movedFrom.delete(from);
    this.movedFrom.set(to, origin);
    this.movedTo.set(origin, to);
  }

  private addFolderChain(p: string): void {
    for (let f = p; f !== '' && !this.entries.has(f); f = parentOf(f)) this.set({ kind: 'folder', path: f });
  }

  private removeTree(p: string): void {
    const prefix = p + '/';
    for (const key of [...this.entries.keys()]) if (key === p || key.startsWith(prefix)) this.delete(key);
  }

  /** A file moves in O(1); only folders need their subtree walked. */
  private moveFile(source: VaultEntry, to: string): void {
    this.track(source.path, to);
    this.delete(source.path);
    const parent = parentOf(to);
    if (parent !== '') this.addFolderChain(parent);
    this.set({ ...source, path: to });
  }

  private moveTree(from: string, to: string): void {
    const prefix = from + '/';
    const moved: VaultEntry[] = [];
    for (const [key, entry] of [...this.entries]) {
      if (key === from || key.startsWith(prefix)) {
        this.delete(key);
        moved.push({ ...entry, path: to + entry.path.slice(from.length) });
        if (entry.kind === 'file') this.track(entry.path, to + entry.path.slice(from.length));
      }
    }
    const parent = parentOf(to);
    if (parent !== '') this.addFolderChain(parent);
    for (const entry of moved) this.set(entry);
  }
}

/** Convenience: simulate a plan over a snapshot. */
export function simulatePlan(entries: readonly VaultEntry[], ops: readonly PlannedOperation[], opts: ShadowOptions): Simulation {
  return new ShadowVfs(entries, opts).simulate(ops);
}
