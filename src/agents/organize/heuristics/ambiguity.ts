// What the heuristics cannot decide, at any depth, for the organize agent: every heuristic's
// suggestion for a file becomes a scored candidate, and an item is ambiguous when
//   - a loose file in the organized folder has no candidate at all, or
//   - a file's two best candidates name different places (neither inside the other) and score
//     within MARGIN of each other, or
//   - a subfolder would be scattered: some of its files would move, but no single outcome (one
//     destination, or staying) holds at least AGREEMENT of its files. The top-most such subfolder
//     is one item (its files are not asked about one by one).
// Scores are the strength of the signal that made the suggestion (a daily-note name is near
// certain, a shared tag is a hint), or a proposal's own confidence where it gives one (a note
// dated first with another title 0.6; an attachment folder found by its contents, not named by
// the user's setting, 0.7); a folder's
// candidates score the share of its files that would go there.
import { isInFolder as within } from '../../../dsl/file-records';
import type { HeuristicName, HeuristicProposal } from './proposal';

export interface Candidate {
  /** Destination folder, relative to the organized folder ('' is the folder itself). */
  folder: string;
  score: number;
  /** Which signal suggested it ('stay' for a folder's files that would stay). */
  signal: HeuristicName | 'stay' | 'files inside' | 'similarity score';
  reason: string;
}

export interface AmbiguousItem {
  kind: 'file' | 'folder';
  /** Vault path of the file or folder. */
  path: string;
  /** Files the item stands for (1 for a file). */
  files: number;
  /** Best first. */
  candidates: Candidate[];
  /** Why the heuristics did not decide, in words. */
  why: string;
  /** What the heuristics would do with the item's files if nobody decides otherwise. */
  defaults: DefaultMove[];
}

/** A move the item's files get unless the agent decides otherwise (folder relative, or a vault path once handed over). */
export interface DefaultMove {
  path: string;
  folder: string;
  /** The heuristic or score behind it, the operation's rule. */
  heuristic: string;
  reason: string;
}

export const SIGNAL_SCORE: Record<HeuristicName, number> = {
  'dated name': 0.9,
  'attachment folder': 0.9,
  'frontmatter type': 0.85,
  'attachment type': 0.7,
  'shared tag': 0.6,
  'hub note': 0.55,
  'shared property': 0.5,
  // A conflict copy follows its original, as certain as the original's own move.
  'conflict copy': 0.9,
};
export const MARGIN = 0.15;
export const AGREEMENT = 0.7;

const nested = (a: string, b: string): boolean => within(a, b) || within(b, a);

/** Every suggestion for each file, one per folder (the best), best first. */
export function candidatesOf(proposals: readonly HeuristicProposal[]): Map<string, Candidate[]> {
  const out = new Map<string, Candidate[]>();
  for (const p of proposals) {
    const score = p.confidence ?? SIGNAL_SCORE[p.heuristic];
    const list = out.get(p.path) ?? [];
    const same = list.find((c) => c.folder === p.folder);
    if (!same) list.push({ folder: p.folder, score, signal: p.heuristic, reason: p.reason });
    else if (score > same.score) Object.assign(same, { score, signal: p.heuristic, reason: p.reason });
    out.set(p.path, list);
  }
  // Stable: on equal scores the suggestion of the heuristic with precedence stays first.
  for (const list of out.values()) list.sort((a, b) => b.score - a.score);
  return out;
}

/** Two best candidates that disagree and are close, or null. */
export function closeCall(candidates: readonly Candidate[]): [Candidate, Candidate] | null {
  const [best] = candidates;
  if (!best) return null;
  const rival = candidates.find((c) => !nested(c.folder, best.folder));
  return rival && best.score - rival.score < MARGIN ? [best, rival] : null;
}

export interface AmbiguityInput {
  folder: string;
  /** Vault paths of every file considered, with the folder each sits in (relative). */
  files: readonly { path: string; here: string }[];
  candidates: ReadonlyMap<string, Candidate[]>;
  /** The move the heuristics chose for each file that moves. */
  moving: ReadonlyMap<string, HeuristicProposal>;
  /** Files held where they are (attachment homes, cohesion): never ambiguous. */
  held: ReadonlySet<string>;
  /** Subfolders (relative) that move whole: settled. */
  movedWhole: readonly string[];
  /** Subfolders (relative) that are attachment homes: settled. */
  homes: readonly string[];
}

export function findAmbiguous(input: AmbiguityInput): AmbiguousItem[] {
  const { folder } = input;
  const vaultPath = (rel: string): string => (folder === '' ? rel : rel === '' ? folder : `${folder}/${rel}`);
  const settled = [...input.movedWhole, ...input.homes].filter((s) => s !== '');
  const subfolders = new Set<string>();
  for (const f of input.files) {
    const parts = f.here === '' ? [] : f.here.split('/');
    for (let i = 1; i <= parts.length; i++) subfolders.add(parts.slice(0, i).join('/'));
  }
  const items: AmbiguousItem[] = [];
  const covered: string[] = [];
  for (const sub of [...subfolders].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))) {
    if (settled.some((s) => within(sub, s)) || covered.some((c) => within(sub, c))) continue;
    const inside = input.files.filter((f) => within(f.here, sub));
    const outcomes = new Map<string, number>();
    for (const f of inside) {
      const to = input.moving.get(f.path)?.folder;
      const key = to === undefined ? '\u0000stay' : to;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    const moved = inside.filter((f) => input.moving.has(f.path)).length;
    const top = Math.max(...outcomes.values());
    if (inside.length < 2 || moved === 0 || top / inside.length >= AGREEMENT) continue;
    const candidates: Candidate[] = [...outcomes]
      .map(([to, n]): Candidate => (to === '\u0000stay' ? { folder: parentOf(sub), score: n / inside.length, signal: 'stay', reason: `${n} of its ${inside.length} files would stay` } : { folder: to, score: n / inside.length, signal: 'files inside', reason: `${n} of its ${inside.length} files would go there` }))
      .sort((a, b) => b.score - a.score || a.folder.localeCompare(b.folder));
    const defaults = inside.flatMap((f) => input.moving.get(f.path) ?? []);
    items.push({ kind: 'folder', path: vaultPath(sub), files: inside.length, candidates, why: `its files would be scattered (${outcomes.size} different outcomes, none for ${Math.round(AGREEMENT * 100)}% of them)`, defaults });
    covered.push(sub);
  }
  for (const f of input.files) {
    if (input.held.has(f.path) || covered.some((c) => within(f.here, c)) || settled.some((s) => within(f.here, s))) continue;
    const candidates = input.candidates.get(f.path) ?? [];
    const moving = input.moving.get(f.path);
    if (candidates.length === 0) {
      if (f.here === '') items.push({ kind: 'file', path: f.path, files: 1, candidates: [], why: 'no heuristic places it', defaults: [] });
      continue;
    }
    const close = closeCall(candidates);
    if (close) {
      const [a, b] = close;
      items.push({ kind: 'file', path: f.path, files: 1, candidates, why: `${a.signal} and ${b.signal} disagree (${a.score.toFixed(2)} against ${b.score.toFixed(2)})`, defaults: moving ? [moving] : [] });
    }
  }
  return items;
}

function parentOf(rel: string): string {
  return rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
}
