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
  /** A record's original path when `records` are where earlier moves put them (the features' key). */
  originOf?: (path: string) => string;
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

/**
 * From the chosen destination on down: once inside it, would the unit clearly belong in one of
 * its subfolders? Then it goes there now, so a second organize finds nothing more to do. The
 * chain of destinations, the first one first.
 */
function settle(unit: Group, unitPath: string, first: ScoredCandidate, dests: readonly Group[], bar: number): ScoredCandidate[] {
  const chain = [first];
  for (let at = first; ; ) {
    const inside = dests.filter((d) => d.folder !== at.folder && isInFolder(d.folder, at.folder));
    const next = inside.length === 0 ? null : clearBest(rank(unit, at.folder, unitPath, inside), bar);
    if (!next) return chain;
    chain.push(next);
    at = next;
  }
}

/** The destination at the end of the chain, and why, with every score on the way. */
function chosen(chain: readonly ScoredCandidate[], ranked: readonly ScoredCandidate[], bar: number): { into: string; why: string } {
  const first = chain[0] as ScoredCandidate;
  const deeper = chain.slice(1).map((c) => `; inside it, ${c.folder} scores ${fmt(c.score)} (${signalsText(c.signals)})`);
  return { into: (chain[chain.length - 1] as ScoredCandidate).folder, why: why(first, ranked, bar) + deeper.join('') };
}

function why(best: ScoredCandidate, ranked: readonly ScoredCandidate[], bar: number): string {
  const next = ranked[1];
  return `${best.folder} scores ${fmt(best.score)} (at least ${fmt(bar)}; ${signalsText(best.signals)})${next ? `; next best ${next.folder} ${fmt(next.score)}` : ''}`;
}

/** Where a path is after the placements, in order (a folder keeps its name inside its destination). */
export function relocated(path: string, placements: readonly Pick<ScorePlacement, 'source' | 'into'>[]): string {
  let at = path;
  for (const p of placements) {
    if (!isInFolder(at, p.source)) continue;
    at = `${p.into === '' ? '' : p.into + '/'}${p.source.slice(p.source.lastIndexOf('/') + 1)}${at.slice(p.source.length)}`;
  }
  return at;
}

/** Most rounds: a round's moves can make another move clear (a folder now one step away). */
const MAX_ROUNDS = 4;

/**
 * The pass, repeated over the tree its own moves make until nothing more moves (at most
 * MAX_ROUNDS): a plan that stopped after one round would leave the second organize something to
 * do. Later rounds' placements are in the paths of the tree after the earlier ones, in order.
 */
export async function scorePass(input: ScorePassInput): Promise<ScoreResult> {
  const out: ScoreResult = { placements: [], candidates: new Map() };
  if (!worthScoring(input.records, input.free, input.folder)) return out;
  // The undecided files are read first, so the read budget goes to what may move.
  const byOrigin = new Map<string, FileFeatures>();
  const ordered = [...input.records.filter((x) => input.free.has(x.path)), ...input.records.filter((x) => !input.free.has(x.path))];
  const read = await input.features.ofAll(ordered, Infinity, (r) => input.originOf?.(r.path) ?? r.path);
  ordered.forEach((r, i) => byOrigin.set(r.path, read[i] as FileFeatures));
  let origin = new Map(input.records.map((r) => [r.path, r.path]));
  let records = input.records;
  let free = input.free;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const now = origin;
    const r = onePass({ ...input, records, free }, (x) => byOrigin.get(now.get(x.path) ?? x.path) as FileFeatures);
    if (round === 0) out.candidates = r.candidates;
    if (r.placements.length === 0) break;
    out.placements.push(...r.placements);
    const move = (p: string): string => relocated(p, r.placements);
    for (const [p, o] of origin) if (move(p) !== p) out.candidates.delete(o);
    origin = new Map([...origin].map(([p, o]) => [move(p), o]));
    records = records.map((x) => {
      const to = move(x.path);
      return to === x.path ? x : { ...x, path: to, folder: parentOf(to) };
    });
    free = new Set([...free].map(move));
  }
  return out;
}

function worthScoring(records: readonly FileRecord[], free: ReadonlySet<string>, folder: string): boolean {
  return subfoldersOf(records, folder).length > 0 && records.some((r) => free.has(r.path));
}

function onePass(input: ScorePassInput, feat: (r: FileRecord) => FileFeatures): ScoreResult {
  const { folder, records, free, thresholds: t } = input;
  const result: ScoreResult = { placements: [], candidates: new Map() };
  const subfolders = subfoldersOf(records, folder);
  const looseFree = records.filter((r) => r.folder === folder && free.has(r.path));
  // Each subfolder's files (its whole subtree) and its own, in one walk up from every file.
  const subtree = new Map<string, FileRecord[]>(subfolders.map((s) => [s, []]));
  const direct = new Map<string, FileRecord[]>();
  for (const r of records) {
    const own = direct.get(r.folder);
    if (own) own.push(r);
    else direct.set(r.folder, [r]);
    for (let f = r.folder; f !== folder && f !== ''; f = parentOf(f)) subtree.get(f)?.push(r);
  }
  const groups = new Map(subfolders.map((s) => [s, groupOf(s, (subtree.get(s) ?? []).map(feat))]));
  const dests = [...groups.values()].sort((a, b) => b.members.length - a.members.length || a.folder.localeCompare(b.folder)).slice(0, MAX_DESTINATIONS);
  // Folders moved whole, and the folders they move into: neither moves again in this plan.
  const settled: string[] = [];
  const targets = new Set<string>();
  const standing = (): Group[] => dests.filter((d) => !settled.some((s) => isInFolder(d.folder, s)));
  const leave = (path: string, ranked: ScoredCandidate[]): void => void result.candidates.set(path, ranked.slice(0, 3));
  // In the owner's terms first: which of their existing folders it joins, and how many files are there.
  const joins = (into: string): string => {
    const n = groups.get(into)?.members.length ?? 0;
    return `joins your ${into} (${n} file${n === 1 ? '' : 's'} there)`;
  };

  for (const sub of subfolders) {
    if (settled.some((s) => isInFolder(sub, s)) || [...targets].some((d) => isInFolder(d, sub))) continue;
    const inside = subtree.get(sub) ?? [];
    if (inside.length === 0 || !inside.every((r) => free.has(r.path) && !feat(r).unread)) continue;
    const unit = groups.get(sub) ?? groupOf(sub, inside.map(feat));
    const c = cohesion(unit);
    if (c >= t.folderCohesion) {
      const ranked = rank(unit, parentOf(sub), sub, standing());
      const clear = clearBest(ranked, t.destinationScore);
      // Where it is counts too: the rest of its parent folder, scored as a destination.
      const parent = parentOf(sub);
      const home = clear ? combine(destinationSignals(unit, groupOf(parent, (parent === folder ? records.filter((r) => isInFolder(r.folder, folder)) : (subtree.get(parent) ?? [])).filter((r) => !isInFolder(r.folder, sub)).map(feat)), parent)) : 0;
      if (clear && clear.score > home) {
        const to = chosen(settle(unit, sub, clear, standing(), t.destinationScore), ranked, t.destinationScore);
        result.placements.push({ source: sub, into: to.into, rule: 'similarity score (whole folder)', reason: `its files belong together (cohesion ${fmt(c)}, at least ${fmt(t.folderCohesion)}) and ${to.why}; against ${fmt(home)} where it is; the folder moves whole` });
        settled.push(sub);
        targets.add(to.into);
      }
      continue;
    }
    if (c >= t.splitCohesion) continue;
    const own = direct.get(sub) ?? [];
    const here = groupOf(sub, own.map(feat));
    for (const r of own) {
      if (!free.has(r.path) || feat(r).unread) continue;
      const ranked = rank(groupOf(sub, [feat(r)], false), sub, r.path, standing());
      const fit = combine({ ...memberSignals(feat(r), here), path: 1 });
      const clear = clearBest(ranked, t.destinationScore);
      if (clear && clear.score > fit) {
        const to = chosen(settle(groupOf(sub, [feat(r)], false), r.path, clear, standing(), t.destinationScore), ranked, t.destinationScore);
        result.placements.push({ source: r.path, into: to.into, rule: 'similarity score (split folder)', reason: `${joins(to.into)}: ${sub} is split (cohesion ${fmt(c)}, below ${fmt(t.splitCohesion)}): ${to.why}; against ${fmt(fit)} where it is` });
      } else leave(r.path, ranked);
    }
  }

  const loose = groupOf(folder, records.filter((r) => r.folder === folder).map(feat));
  for (const r of looseFree) {
    if (feat(r).unread) continue;
    const ranked = rank(groupOf(folder, [feat(r)], false), folder, r.path, standing());
    const clear = clearBest(ranked, t.destinationScore);
    if (!clear || clear.score <= combine({ ...memberSignals(feat(r), loose), path: 1 })) {
      leave(r.path, ranked);
      continue;
    }
    const to = chosen(settle(groupOf(folder, [feat(r)], false), r.path, clear, standing(), t.destinationScore), ranked, t.destinationScore);
    result.placements.push({ source: r.path, into: to.into, rule: 'similarity score', reason: `${joins(to.into)}: ${to.why}` });
  }
  return result;
}
