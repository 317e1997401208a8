// The shadow VFS: planned operations applied virtually over a snapshot of the vault, so a plan can
// be previewed, checked and measured without touching a file. An operation that would conflict is
// not applied; it is reported with what is wrong, and the rest of the plan still simulates.
import { isNoteEdit, type PlannedOperation, opPaths } from '../operations';
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

interface Node {
  entry: VaultEntry;
}

export class ShadowVfs {
  private readonly byLower = new Map<string, Node>();
  /** Destinations already claimed by an earlier operation of this plan. */
  private readonly claimed = new Map<string, string>();
  /** Moved files: lower-case path before the plan -> path now, and back, so note edits find their note. */
  private readonly movedTo = new Map<string, string>();
  private readonly movedFrom = new Map<string, string>();

  constructor(entries: readonly VaultEntry[], private readonly opts: ShadowOptions) {
    for (const entry of entries) this.byLower.set(entry.path.toLowerCase(), { entry: { ...entry } });
  }

  private get(p: string): VaultEntry | undefined {
    return this.byLower.get(p.toLowerCase())?.entry;
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
    const after = [...this.byLower.values()].map((n) => n.entry).sort((a, b) => a.path.localeCompare(b.path));
    return { after, applied, conflicts };
  }

  /** Applies one operation, or returns why it cannot be applied (and changes nothing). */
  private apply(op: PlannedOperation): Conflict | null {
    const fail = (kind: ConflictKind, detail: string, paths = opPaths(op)): Conflict => ({ kind, paths, detail, opId: op.opId });
    for (const p of opPaths(op)) {
      if (isProtectedPath(p, this.opts)) return fail('protected_path', `${p} is in a protected folder`);
      const check = checkVaultPath(p, this.opts);
      if (!check.ok) return fail('illegal_name', check.reason, [p]);
    }
    if (op.type === 'create_folder') {
      const existing = this.get(op.path);
      if (existing?.kind === 'folder' && existing.path === op.path) return null; // already there: nothing to do
      if (existing) return fail(existing.path === op.path ? 'destination_exists' : 'case_collision', `${existing.path} already exists`);
      this.addFolderChain(op.path);
      return null;
    }
    if (isNoteEdit(op)) {
      // An edit names the note by its path before the plan; it runs after the note's move.
      const key = op.path.toLowerCase();
      const now = this.movedTo.get(key) ?? (this.movedFrom.has(key) ? undefined : op.path);
      const note = now === undefined ? undefined : this.get(now);
      if (note?.kind !== 'file' || !note.path.toLowerCase().endsWith('.md')) return fail('missing_source', `${op.path} is not a note of the vault${now !== undefined && now !== op.path ? ` (it would be at ${now})` : ''}`);
      return null;
    }
    if (op.type === 'trash') {
      if (!this.get(op.path)) return fail('missing_source', `${op.path} does not exist`);
      this.removeTree(op.path);
      return null;
    }
    const source = this.get(op.source);
    if (!source || source.path !== op.source) return fail('missing_source', `${op.source} does not exist`);
    const dst = op.destination;
    if (source.kind === 'folder' && dst.toLowerCase().startsWith(op.source.toLowerCase() + '/')) {
      return fail('folder_into_itself', `${op.source} cannot move into itself`);
    }
    const claimedBy = this.claimed.get(dst.toLowerCase());
    if (claimedBy !== undefined) return fail('duplicate_destination', `${dst} is also the destination of ${claimedBy}`, [op.source, claimedBy, dst]);
    const existing = this.get(dst);
    const caseOnly = op.source.toLowerCase() === dst.toLowerCase();
    if (existing && !caseOnly) {
      return fail(existing.path === dst ? 'destination_exists' : 'case_collision', `${existing.path} already exists`, [op.source, existing.path]);
    }
    this.claimed.set(dst.toLowerCase(), op.source);
    if (source.kind === 'file') this.moveFile(source, dst);
    else this.moveTree(op.source, dst);
    return null;
  }

  /** Remembers where the file first at some path is now. */
  private track(from: string, to: string): void {
    const origin = this.movedFrom.get(from.toLowerCase()) ?? from.toLowerCase();
    this.movedFrom.delete(from.toLowerCase());
    this.movedFrom.set(to.toLowerCase(), origin);
    this.movedTo.set(origin, to);
  }

  private addFolderChain(p: string): void {
    for (let f = p; f !== '' && !this.get(f); f = parentOf(f)) this.byLower.set(f.toLowerCase(), { entry: { kind: 'folder', path: f } });
  }

  private removeTree(p: string): void {
    const prefix = p.toLowerCase() + '/';
    for (const key of [...this.byLower.keys()]) if (key === p.toLowerCase() || key.startsWith(prefix)) this.byLower.delete(key);
  }

  /** A file moves in O(1); only folders need their subtree walked. */
  private moveFile(source: VaultEntry, to: string): void {
    this.track(source.path, to);
    this.byLower.delete(source.path.toLowerCase());
    const parent = parentOf(to);
    if (parent !== '') this.addFolderChain(parent);
    this.byLower.set(to.toLowerCase(), { entry: { ...source, path: to } });
  }

  private moveTree(from: string, to: string): void {
    const prefix = from.toLowerCase() + '/';
    const moved: VaultEntry[] = [];
    for (const [key, node] of [...this.byLower]) {
      if (key === from.toLowerCase() || key.startsWith(prefix)) {
        this.byLower.delete(key);
        moved.push({ ...node.entry, path: to + node.entry.path.slice(from.length) });
        if (node.entry.kind === 'file') this.track(node.entry.path, to + node.entry.path.slice(from.length));
      }
    }
    const parent = parentOf(to);
    if (parent !== '') this.addFolderChain(parent);
    for (const entry of moved) this.byLower.set(entry.path.toLowerCase(), { entry });
  }
}


/** Convenience: simulate a plan over a snapshot. */
export function simulatePlan(entries: readonly VaultEntry[], ops: readonly PlannedOperation[], opts: ShadowOptions): Simulation {
  return new ShadowVfs(entries, opts).simulate(ops);
}
