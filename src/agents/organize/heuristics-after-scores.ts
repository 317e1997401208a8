// The heuristics once more, over the tree the similarity scores leave: what a second organize would
// see. The scores' own moves can create the evidence a heuristic acts on: a folder they fill with
// PDFs and photos reaches the five attachments that make it an attachment home (attachment-home.ts),
// and a photo left loose, or scored into `Misc/`, would be filed there by the next organize. A plan
// that leaves its second run something to do is not a plan the owner can trust, so such a file is
// filed by this plan: the scored move is redirected (or a move added), never a whole folder, and
// only for files nothing else decided (the same `free` the scores had).
import type { FileRecord } from '../../vault-vfs/file-record';
import { nameOf } from '../../vault-vfs/path-safety';
import type { HeuristicsResult } from './heuristics/run-heuristics';
import { recordsAfter } from './scoring/plan-quality';
import { relocated, type ScorePlacement } from './scoring/score-pass';

/** A move into a folder (vault path), by the scores or by a heuristic over the scored tree. */
export interface LatePlacement {
  source: string;
  into: string;
  rule: string;
  reason: string;
}

export interface HeuristicsAfterInput {
  folder: string;
  /** The records as the rules and heuristics leave them (the tree the scores ran on), with the maps from and to the paths before them. */
  settled: { records: readonly FileRecord[]; originOf: (path: string) => string; pathOf: (path: string) => string };
  /** The scores' placements, in order, over `records`. */
  placements: readonly ScorePlacement[];
  /** The files nothing else decided, by their paths in `records`. */
  free: ReadonlySet<string>;
  /** The heuristics as this organize runs them, over the records of a tree and its paths' maps from and to the vault as it is. */
  heuristics: (records: readonly FileRecord[], tree: MovedTree) => HeuristicsResult;
}

/** Paths of the tree after the plan's moves: a path's original, and where an original path ends up. */
export interface MovedTree {
  originOf: (path: string) => string;
  pathOf: (path: string) => string;
}

const join = (folder: string, rel: string): string => [folder, rel].filter((s) => s !== '').join('/');
const destinationOf = (p: { source: string; into: string }): string => join(p.into, nameOf(p.source));

/**
 * The scores' placements with the moves the heuristics make over the tree they leave, in order,
 * and the files those moves file (their paths in the settled tree).
 */
export function heuristicsAfterScores(input: HeuristicsAfterInput): { placements: LatePlacement[]; filed: string[] } {
  const out: LatePlacement[] = [...input.placements];
  const filed: string[] = [];
  if (input.placements.length === 0) return { placements: out, filed };
  const moves = input.placements.map((p) => ({ opId: '', type: 'move' as const, source: p.source, destination: destinationOf(p) }));
  const { settled } = input;
  const after = recordsAfter(settled.records, moves);
  const again = input.heuristics(after.records, { originOf: (p) => settled.originOf(after.originOf(p)), pathOf: (p) => after.pathOf(settled.pathOf(p)) });
  for (const p of again.files) {
    const before = after.originOf(p.path);
    if (!input.free.has(before)) continue;
    filed.push(before);
    const into = join(input.folder, p.folder);
    const late: LatePlacement = { source: p.path, into, rule: p.heuristic, reason: `${p.reason} (in the folders as this plan leaves them)` };
    // The file's own scored move, when nothing else carries it: it goes straight to the heuristic's folder.
    const own = out.findIndex((s) => s.source === before && s.rule === 'similarity score');
    const others = out.filter((_, i) => i !== own);
    if (own >= 0 && relocated(destinationOf(out[own] as LatePlacement), out.slice(own + 1)) === p.path && relocated(before, others) === before) {
      out.splice(own, 1);
      out.push({ ...late, source: before });
    } else {
      out.push(late);
    }
  }
  return { placements: out, filed };
}
