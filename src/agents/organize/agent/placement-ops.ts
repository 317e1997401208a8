// The organize agent's decisions about ambiguous items, as operations over the vault as it will be
// after what is already planned. A decision that cannot be carried out as asked is not turned into
// an operation (no numbered name is invented for a model's guess) but reported as a conflict, for
// the conflict pass: a destination that exists or that another item already takes, a folder into
// itself, or a contradiction (a destination, or the item itself, inside a folder that moves
// elsewhere in the same plan).
import type { PlannedOperation } from '../../../vault-vfs/operations';
import { nameOf, parentOf } from '../../../vault-vfs/path-safety';
import type { VaultEntry } from '../../../vault-vfs/vault-port';

export interface Decision {
  /** The file or folder that moves. */
  source: string;
  kind: 'file' | 'folder';
  /** Destination folder, a vault path. */
  folder: string;
  rule: string;
  reason: string;
}

export interface DecisionConflict {
  /** Index into the decisions. */
  index: number;
  destination: string;
  detail: string;
}

export interface PlacementOps {
  operations: PlannedOperation[];
  conflicts: DecisionConflict[];
}

const under = (path: string, folder: string): boolean => path.toLowerCase().startsWith(folder.toLowerCase() + '/');

/**
 * `after`: the vault once the already planned operations have run; `movingFolders`: folders the
 * plan moves away, to where (the decisions' own folder moves are added).
 */
export function placementOps(decisions: readonly Decision[], after: readonly VaultEntry[], movingFolders: ReadonlyMap<string, string>): PlacementOps {
  const taken = new Set(after.map((e) => e.path.toLowerCase()));
  const spelling = new Map(after.filter((e) => e.kind === 'folder').map((e) => [e.path.toLowerCase(), e.path]));
  const away = new Map(movingFolders);
  for (const d of decisions) {
    const to = d.folder === '' ? nameOf(d.source) : `${d.folder}/${nameOf(d.source)}`;
    // A folder move into itself never happens, so it moves nothing away.
    if (d.kind === 'folder' && !under(to, d.source)) away.set(d.source, to);
  }
  const created: PlannedOperation[] = [];
  const moves: PlannedOperation[] = [];
  const conflicts: DecisionConflict[] = [];
  decisions.forEach((d, index) => {
    const folder = spelled(d.folder, spelling);
    const destination = folder === '' ? nameOf(d.source) : `${folder}/${nameOf(d.source)}`;
    if (destination.toLowerCase() === d.source.toLowerCase()) return;
    const fail = (detail: string): void => void conflicts.push({ index, destination, detail });
    if (d.kind === 'folder' && under(destination, d.source)) return fail(`${d.source} cannot move into itself`);
    const moving = [...away];
    const movingParent = moving.find(([m]) => m.toLowerCase() !== d.source.toLowerCase() && under(d.source, m));
    if (movingParent !== undefined) return fail(`contradictory: ${d.source} is inside ${movingParent[0]}, which moves to ${movingParent[1]} in this plan`);
    const movingTarget = moving.find(([m]) => m.toLowerCase() !== d.source.toLowerCase() && (folder.toLowerCase() === m.toLowerCase() || under(folder, m)));
    if (movingTarget !== undefined) {
      const [m, to] = movingTarget;
      return fail(folder.toLowerCase() === m.toLowerCase() ? `contradictory: the destination ${folder} moves to ${to} in this plan` : `contradictory: the destination ${folder} is inside ${m}, which moves to ${to} in this plan`);
    }
    if (taken.has(destination.toLowerCase())) return fail(`${destination} already exists, or another item is planned to go there`);
    taken.add(destination.toLowerCase());
    for (const f of ancestors(folder)) {
      if (spelling.has(f.toLowerCase())) continue;
      spelling.set(f.toLowerCase(), f);
      taken.add(f.toLowerCase());
      created.push({ opId: '', type: 'create_folder', path: f, rule: d.rule, reason: 'items are filed here' });
    }
    moves.push({ opId: '', type: parentOf(destination) === parentOf(d.source) ? 'rename' : 'move', source: d.source, destination, rule: d.rule, reason: d.reason });
  });
  const operations = [...created, ...moves].map((op, i) => ({ ...op, opId: `p${i}` }));
  return { operations, conflicts };
}

/** The folder as the vault already spells it, segment by segment, where it exists. */
function spelled(folder: string, spelling: ReadonlyMap<string, string>): string {
  let out = '';
  for (const segment of folder.split('/').filter((s) => s !== '')) {
    const next = out === '' ? segment : `${out}/${segment}`;
    out = spelling.get(next.toLowerCase()) ?? next;
  }
  return out;
}

function ancestors(folder: string): string[] {
  const parts = folder.split('/').filter((s) => s !== '');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}
