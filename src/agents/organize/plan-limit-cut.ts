// A plan larger than the operation limit is not refused whole: the most certain operations are
// planned up to the limit, each with the folders it needs, and the rest are left for a later run
// (organize again once this plan is applied) with how many and why. Certainty, highest first: the
// user's rules, then the heuristics by their strength (ambiguity.ts: dated names, the attachment
// folder and conflict copies before types, tags and hubs), whole folders, similarity scores, the
// agent's placements, naming renames, and last the trash of duplicates. Ties keep plan order.
import type { PlannedOperation } from '../../vault-vfs/operations';
import { parentOf } from '../../vault-vfs/path-safety';
import { SIGNAL_SCORE } from './heuristics/ambiguity';

export type Stage = 'rules' | 'heuristics' | 'agent' | 'naming' | 'trash';

const STAGE: Record<Stage, number> = { rules: 2, heuristics: 1, agent: 0.45, naming: 0.42, trash: 0.3 };

/** How certain an operation is (higher first), from the stage that planned it and its rule. */
export function certaintyOf(op: PlannedOperation, stage: Stage): number {
  if (stage !== 'heuristics') return STAGE[stage];
  const rule = op.rule ?? '';
  if (rule in SIGNAL_SCORE) return SIGNAL_SCORE[rule as keyof typeof SIGNAL_SCORE];
  // A whole folder agreed on by most of its files; then similarity scores and anything else.
  return rule === 'whole folder' ? 0.8 : 0.5;
}

export interface LimitCut {
  kept: PlannedOperation[];
  /** Operations (folders aside) left for a later run. */
  left: PlannedOperation[];
}

/** The most certain operations whose count, with the folders they need, stays within `limit`. */
export function cutToLimit(ops: readonly PlannedOperation[], certainty: (op: PlannedOperation) => number, limit: number): LimitCut {
  if (ops.length <= limit) return { kept: [...ops], left: [] };
  const folders = new Map(ops.flatMap((op) => (op.type === 'create_folder' ? [[op.path.toLowerCase(), op] as const] : [])));
  const keptFolders = new Set<string>();
  const needs = (op: PlannedOperation): PlannedOperation[] => {
    if (op.type !== 'move' && op.type !== 'rename') return [];
    const out: PlannedOperation[] = [];
    for (let f = parentOf(op.destination); f !== ''; f = parentOf(f)) {
      const folder = folders.get(f.toLowerCase());
      if (folder && !keptFolders.has(f.toLowerCase())) out.push(folder);
    }
    return out;
  };
  const ranked = ops.filter((op) => op.type !== 'create_folder').map((op, i) => ({ op, i, c: certainty(op) })).sort((a, b) => b.c - a.c || a.i - b.i);
  const chosen = new Set<PlannedOperation>();
  const left: PlannedOperation[] = [];
  let count = 0;
  for (const { op } of ranked) {
    const extra = needs(op);
    if (count + extra.length + 1 > limit) {
      left.push(op);
      continue;
    }
    for (const f of extra) {
      chosen.add(f);
      keptFolders.add((f as { path: string }).path.toLowerCase());
    }
    chosen.add(op);
    count += extra.length + 1;
  }
  return { kept: ops.filter((op) => chosen.has(op)), left };
}
