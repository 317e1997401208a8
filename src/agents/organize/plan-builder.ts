// Turns "this file (or folder) goes into that folder" into shadow-VFS operations: every folder
// that has to exist is created first (parents first), names that are taken get a numeric suffix
// and are reported, and folder spelling on disk is reused so `documents` does not create
// `Documents` beside it.
import type { PlannedOperation } from '../../vault-vfs/operations';
import { CaseFolded } from '../../vault-vfs/case-folded';
import { nameOf, parentOf } from '../../vault-vfs/path-safety';
import { freeName } from '../../dsl/plan-rules';
import type { VaultEntry } from '../../vault-vfs/vault-port';

export interface Placement {
  source: string;
  /** Destination folder, a vault path. */
  folder: string;
  /** New name, if it changes. */
  name?: string;
  rule: string;
  reason: string;
}

export interface BuiltPlan {
  operations: PlannedOperation[];
  collisions: { paths: string[]; detail: string }[];
}

function* ancestors(folder: string): Generator<string> {
  if (folder === '') return;
  const segments = folder.split('/');
  for (let i = 1; i <= segments.length; i++) yield segments.slice(0, i).join('/');
}

export class PlanBuilder {
  /** Every spelling of each taken name (a case-sensitive disk may hold several). */
  private readonly taken = new CaseFolded();
  private readonly folderCase = new Map<string, string>();
  private readonly created: { path: string; rule: string }[] = [];
  private readonly moves: PlannedOperation[] = [];
  readonly collisions: BuiltPlan['collisions'] = [];

  constructor(existing: readonly VaultEntry[]) {
    for (const e of existing) {
      this.taken.add(e.path);
      if (e.kind === 'folder') this.folderCase.set(e.path.toLowerCase(), e.path);
      for (const f of ancestors(parentOf(e.path))) if (!this.folderCase.has(f.toLowerCase())) this.folderCase.set(f.toLowerCase(), f);
    }
  }


  /** The folder path as it is already spelled in the vault, where it exists. */
  private spelled(folder: string): string {
    let out = '';
    for (const f of ancestors(folder)) {
      const next = out === '' ? f.slice(f.lastIndexOf('/') + 1) : `${out}/${f.slice(f.lastIndexOf('/') + 1)}`;
      out = this.folderCase.get(next.toLowerCase()) ?? next;
    }
    return out;
  }

  /** Adds a move; returns its destination, or null when the file is already there. */
  place(p: Placement): string | null {
    const folder = this.spelled(p.folder);
    let target = folder === '' ? (p.name ?? nameOf(p.source)) : `${folder}/${p.name ?? nameOf(p.source)}`;
    if (target === p.source) return null;
    // Taken ignoring case, by anything but the file itself: Obsidian takes `Case.md` and
    // `case.md` for one name, so a plan never puts a file beside a name differing only in case.
    const holder = this.taken.get(target).find((t) => t !== p.source);
    if (holder !== undefined) {
      const wanted = target;
      target = freeName(wanted, this.taken);
      const why = holder === wanted ? `${wanted} is taken` : `${wanted} differs only in case from ${holder}, which Obsidian takes for the same name`;
      this.collisions.push({ paths: [p.source, wanted], detail: `${why}; ${p.source} goes to ${target} instead` });
    }
    for (const f of ancestors(folder)) {
      if (this.folderCase.has(f.toLowerCase())) continue;
      this.folderCase.set(f.toLowerCase(), f);
      this.taken.add(f);
      this.created.push({ path: f, rule: p.rule });
    }
    this.taken.add(target);
    this.carrySubfolders(p.source, target);
    const type = parentOf(target) === parentOf(p.source) ? 'rename' : 'move';
    this.moves.push({ opId: '', type, source: p.source, destination: target, rule: p.rule, reason: p.reason });
    return target;
  }

  /**
   * A folder that moves takes its subfolders along: they exist at the new place, so a later
   * placement into one of them (after the move, in plan order) does not create it anew.
   */
  private carrySubfolders(source: string, target: string): void {
    const prefix = source.toLowerCase() + '/';
    if (!this.folderCase.has(source.toLowerCase())) return;
    this.folderCase.set(target.toLowerCase(), target);
    for (const [key, spelled] of [...this.folderCase]) {
      if (!key.startsWith(prefix)) continue;
      const moved = target + spelled.slice(source.length);
      this.folderCase.set(moved.toLowerCase(), moved);
      this.taken.add(moved);
    }
  }

  build(makeOpId: (index: number) => string): BuiltPlan {
    const operations: PlannedOperation[] = [
      ...this.created.map((f): PlannedOperation => ({ opId: '', type: 'create_folder', path: f.path, rule: f.rule, reason: 'files are filed here' })),
      ...this.moves,
    ].map((op, i) => ({ ...op, opId: makeOpId(i) }));
    return { operations, collisions: this.collisions };
  }
}
