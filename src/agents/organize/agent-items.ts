// The items planOrganize hands the organize agent: what the heuristics could not decide
// (heuristics/ambiguity.ts), with folders as vault paths, then met with the similarity scores
// (scoring/): an item the scores place clearly is decided and not asked about; the others get the
// scores' best destinations as candidates too; a scored move of a file inside a folder item waits
// with the item (it is what "split" does, beside the heuristics' moves).
import { isInFolder } from '../../dsl/file-records';
import type { AmbiguousItem } from './heuristics/ambiguity';
import type { ScoreResult } from './scoring/score-pass';
import { signalsText } from './scoring/signals';

const join = (folder: string, rel: string): string => [folder, rel].filter((s) => s !== '').join('/');

/** The items with their candidates' and defaults' folders as vault paths. */
export function itemsInVault(items: readonly AmbiguousItem[], folder: string): AmbiguousItem[] {
  return items.map((item) => ({ ...item, candidates: item.candidates.map((c) => ({ ...c, folder: join(folder, c.folder) })), defaults: item.defaults.map((d) => ({ ...d, folder: join(folder, d.folder) })) }));
}

/** Whether a path is one of the items or inside one of the folder items. */
export function coveredBy(items: readonly AmbiguousItem[]): (path: string) => boolean {
  const files = new Set(items.filter((i) => i.kind === 'file').map((i) => i.path));
  const folders = items.filter((i) => i.kind === 'folder').map((i) => i.path);
  return (path) => files.has(path) || folders.some((f) => isInFolder(path, f));
}

export function itemsAfterScores(items: readonly AmbiguousItem[], scored: ScoreResult): AmbiguousItem[] {
  const placed = new Set(scored.placements.map((p) => p.source));
  return items
    .filter((item) => !placed.has(item.path))
    .map((item) => {
      const inside = item.kind === 'folder' ? scored.placements.filter((p) => isInFolder(p.source, item.path)) : [];
      const similar = (scored.candidates.get(item.path) ?? []).map((c) => ({ folder: c.folder, score: c.score, signal: 'similarity score' as const, reason: signalsText(c.signals) }));
      if (inside.length === 0 && similar.length === 0) return item;
      return {
        ...item,
        candidates: [...item.candidates, ...similar].sort((a, b) => b.score - a.score || a.folder.localeCompare(b.folder)),
        defaults: [...item.defaults, ...inside.map((p) => ({ path: p.source, folder: p.into, heuristic: p.rule, reason: p.reason }))],
      };
    });
}
