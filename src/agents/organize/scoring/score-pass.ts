// The FileVyasa pass: for what rules and heuristics left undecided, score each candidate
// destination (an existing folder of the organized tree) and act only on clear answers (see
// thresholds.ts): a cohesive folder moves whole, a low-cohesion folder is split, a loose file is
// filed. Every placement carries its numbers; every file left gets its best candidates, for the
// organize agent and the plan note.
import { isInFolder } from '../../../dsl/file-records';
import type { FileRecord } from '../../../vault-vfs/file-record';
import { parentOf } from '../../../vault-vfs/path-safety';
import type { FeatureSource, FileFeatures } from './file-features';
import { type Group, type Signals, cohesion, combine, destinationSignals, groupOf, memberSignals, signalsText } from './signals';
import type { ScoringThresholds } from './thresholds';

export interface ScoredCandidate {
  /** Destination folder, a vault path. */
  folder: string;
  score: number;
  signals: Signals;
}

export interface ScorePlacement {
  /** The file or folder that moves. */
  source: string;
  /** The folder it moves into, a vault path (a folder keeps its name inside it). */
  into: string;
  rule: 'similarity score' | 'similarity score (whole folder)' | 'similarity score (split folder)';
  reason: string;
}

export interface ScoreResult {
  placements: ScorePlacement[];
  /** The best destinations of each undecided file that did not move, best first (at most 3). */
  candidates: Map<string, ScoredCandidate[]>;
}

export interface ScorePassInput {
  /** The organized folder, a vault path. */
  folder: string;
  /** Every visible file in scope, where it is now. */
  records: readonly FileRecord[];
  /** Files no rule or heuristic decided anything about (moved or left as placed). */
  free: ReadonlySet<string>;
  thresholds: ScoringThresholds;
  features: FeatureSource;
}

/** Most destination folders scored, the largest kept: a bound on work in huge trees. */
const MAX_DESTINATIONS = 500;

const fmt = (x: number): string => x.toFixed(2);

function subfoldersOf(records: readonly FileRecord[], folder: string): string[] {
  const out = new Set<string>();
  for (const r of records) for (let f = r.folder; f !== folder && f !== '' && isInFolder(f, folder); f = parentOf(f)) out.add(f);
  return [...out].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

/** Candidates for a unit, best first: destinations not containing it and not inside it. */
function rank(unit: Group, from: string, unitPath: string, dests: readonly Group[]): ScoredCandidate[] {
  return dests
    .filter((d) => !isInFolder(unitPath, d.folder) && !isInFolder(d.folder, unitPath))
    .map((d) => {
      const signals = destinationSignals(unit, d, from);
      return { folder: d.folder, score: combine(signals), signals };
    })
    .sort((a, b) => b.score - a.score || a.folder.localeCompare(b.folder));
}

/** The one destination over the bar, or null (none, or two or more: ambiguous). */
function clearBest(ranked: readonly ScoredCandidate[], bar: number): ScoredCandidate | null {
  const [first, second] = ranked;
  if (!first || first.score < bar) return null;
  return second && second.score >= bar ? null : first;
}

function why(best: ScoredCandidate, ranked: readonly ScoredCandidate[], bar: number): string {
  const next = ranked[1];
  return `${best.folder} scores ${fmt(best.score)} (at least ${fmt(bar)}; ${signalsText(best.signals)})${next ? `; next best ${next.folder} ${fmt(next.score)}` : ''}`;
}

export async function scorePass(input: ScorePassInput): Promise<ScoreResult> {
  const { folder, records, free, thresholds: t } = input;
  const result: ScoreResult = { placements: [], candidates: new Map() };
  const subfolders = subfoldersOf(records, folder);
  const looseFree = records.filter((r) => r.folder === folder && free.has(r.path));
  const anyFreeInSub = records.some((r) => r.folder !== folder && free.has(r.path));
  if (subfolders.length === 0 || (looseFree.length === 0 && !anyFreeInSub)) return result;

  // The undecided files are read first, so the read budget goes to what may move.
  const features = new Map<string, FileFeatures>();
  for (const r of [...records.filter((x) => free.has(x.path)), ...records.filter((x) => !free.has(x.path))]) features.set(r.path, await input.features.of(r));
  const feat = (r: FileRecord): FileFeatures => features.get(r.path) as FileFeatures;
  const subtree = new Map(subfolders.map((s) => [s, records.filter((r) => isInFolder(r.folder, s))]));
  const dests = subfolders
    .map((s) => groupOf(s, (subtree.get(s) ?? []).map(feat)))
    .sort((a, b) => b.members.length - a.members.length || a.folder.localeCompare(b.folder))
    .slice(0, MAX_DESTINATIONS);
  // Folders moved whole, and the folders they move into: neither moves again in this plan.
  const settled: string[] = [];
  const targets = new Set<string>();
  const standing = (): Group[] => dests.filter((d) => !settled.some((s) => isInFolder(d.folder, s)));
  const leave = (path: string, ranked: ScoredCandidate[]): void => void result.candidates.set(path, ranked.slice(0, 3));

  for (const sub of subfolders) {
    if (settled.some((s) => isInFolder(sub, s)) || [...targets].some((d) => isInFolder(d, sub))) continue;
    const inside = subtree.get(sub) ?? [];
    if (inside.length === 0 || !inside.every((r) => free.has(r.path) && !feat(r).unread)) continue;
    const unit = groupOf(sub, inside.map(feat));
    const c = cohesion(unit);
    if (c >= t.folderCohesion) {
      const ranked = rank(unit, parentOf(sub), sub, standing());
      const best = clearBest(ranked, t.destinationScore);
      if (best) {
        result.placements.push({ source: sub, into: best.folder, rule: 'similarity score (whole folder)', reason: `its files belong together (cohesion ${fmt(c)}, at least ${fmt(t.folderCohesion)}) and ${why(best, ranked, t.destinationScore)}; the folder moves whole` });
        settled.push(sub);
        targets.add(best.folder);
      }
      continue;
    }
    if (c >= t.splitCohesion) continue;
    const direct = records.filter((r) => r.folder === sub);
    const here = groupOf(sub, direct.map(feat));
    for (const r of direct) {
      if (!free.has(r.path) || feat(r).unread) continue;
      const ranked = rank(groupOf(sub, [feat(r)], false), sub, r.path, standing());
      const fit = combine({ ...memberSignals(feat(r), here), path: 1 });
      const best = clearBest(ranked, t.destinationScore);
      if (best && best.score > fit) {
        result.placements.push({ source: r.path, into: best.folder, rule: 'similarity score (split folder)', reason: `${sub} is split (cohesion ${fmt(c)}, below ${fmt(t.splitCohesion)}): ${why(best, ranked, t.destinationScore)}, against ${fmt(fit)} where it is` });
      } else leave(r.path, ranked);
    }
  }

  for (const r of looseFree) {
    if (feat(r).unread) continue;
    const ranked = rank(groupOf(folder, [feat(r)], false), folder, r.path, standing());
    const best = clearBest(ranked, t.destinationScore);
    if (best) result.placements.push({ source: r.path, into: best.folder, rule: 'similarity score', reason: why(best, ranked, t.destinationScore) });
    else leave(r.path, ranked);
  }
  return result;
}
