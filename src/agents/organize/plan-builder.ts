// Turns "this file (or folder) goes into that folder" into shadow-VFS operations: every folder
// that has to exist is created first (parents first), names that are taken get a numeric suffix
// and are reported, and folder spelling on disk is reused so `documents` does not create
// `Documents` beside it.
import type { PlannedOperation } from '../../vault-vfs/operations';
import { extOf, nameOf, parentOf } from '../../vault-vfs/path-safety';
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

/** `a.pdf` -> `a 1.pdf`, `a 2.pdf`, ... until the name is free. */
export function freeName(path: string, taken: ReadonlySet<string>): string {
  const ext = extOf(path);
  const stem = ext === '' ? path : path.slice(0, -(ext.length + 1));
  const suffix = ext === '' ? '' : `.${ext}`;
  for (let n = 1; ; n++) {
    const candidate = `${stem} ${n}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

function* ancestors(folder: string): Generator<string> {
  if (folder === '') return;
  const segments = folder.split('/');
  for (let i = 1; i <= segments.length; i++) yield segments.slice(0, i).join('/');
}

export class PlanBuilder {
  private readonly taken = new Set<string>();
  private readonly folderCase = new Map<string, string>();
  private readonly created: { path: string; rule: string }[] = [];
  private readonly moves: PlannedOperation[] = [];
  readonly collisions: BuiltPlan['collisions'] = [];

  constructor(existing: readonly VaultEntry[]) {
    for (const e of existing) {
      this.taken.add(e.path.toLowerCase());
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
    if (this.taken.has(target.toLowerCase()) && target.toLowerCase() !== p.source.toLowerCase()) {
      const wanted = target;
      target = freeName(wanted, this.taken);
      this.collisions.push({ paths: [p.source, wanted], detail: `${wanted} is taken; ${p.source} goes to ${target} instead` });
    }
    for (const f of ancestors(folder)) {
      if (this.folderCase.has(f.toLowerCase())) continue;
      this.folderCase.set(f.toLowerCase(), f);
      this.taken.add(f.toLowerCase());
      this.created.push({ path: f, rule: p.rule });
    }
    this.taken.add(target.toLowerCase());
    const type = parentOf(target) === parentOf(p.source) ? 'rename' : 'move';
    this.moves.push({ opId: '', type, source: p.source, destination: target, rule: p.rule, reason: p.reason });
    return target;
  }

  build(makeOpId: (index: number) => string): BuiltPlan {
    const operations: PlannedOperation[] = [
      ...this.created.map((f): PlannedOperation => ({ opId: '', type: 'create_folder', path: f.path, rule: f.rule, reason: 'files are filed here' })),
      ...this.moves,
    ].map((op, i) => ({ ...op, opId: makeOpId(i) }));
    return { operations, collisions: this.collisions };
  }
}
