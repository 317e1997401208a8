// How deep dated files are filed: by year, or by year and month when a year holds more than
// NOTES_PER_YEAR_FOLDER files of a kind or the month folders already exist (FileVyasa's balance
// of depth and width: 29 daily notes of a year are one folder, not 12 folders of 1 to 5). The
// owner's Daily notes format, when set, decides instead (respect-owner.ts).
import type { HeuristicProposal } from '../heuristics/proposal';
import type { OwnerOrder } from './owner-order';

/** Above this many dated files of a kind in one year, a month level keeps folders readable. */
const NOTES_PER_YEAR_FOLDER = 60;

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Dated files by year, or by year and month when a year holds more than NOTES_PER_YEAR_FOLDER
 * of a kind or the month folders already exist: 29 daily notes of a year are one folder.
 */
/** `proposals`: one per file (the dated-name heuristic's); folders relative to the organized `folder`. */
export function withDateDepth(proposals: readonly HeuristicProposal[], owner: OwnerOrder, folder: string): HeuristicProposal[] {
  const abs = (rel: string): string => [folder, rel].filter((x) => x !== '').join('/');
  const perYear = new Map<string, number>();
  for (const p of proposals) {
    if (!p.dated) continue;
    const key = `${p.dated.kind}/${p.dated.y}`;
    perYear.set(key, (perYear.get(key) ?? 0) + 1);
  }
  return proposals.map((p) => {
    if (!p.dated) return p;
    const { kind, y, m } = p.dated;
    const year = `${kind}/${y}`;
    const n = perYear.get(year) ?? 0;
    if (n > NOTES_PER_YEAR_FOLDER || owner.exists(abs(`${year}/${pad(m)}`))) return p;
    return { ...p, folder: year, reason: p.reason.replace(/, filed by year and month$/u, `, filed by year (${n} of them that year)`) };
  });
}
