// Hybrid ranking: reciprocal-rank fusion of the keyword and the semantic list at note level
// (Cormack et al. 2009, k = 60): a note's score is the sum of 1 / (k + rank) over the lists it is
// in, so agreement between the two wins without calibrating their scores against each other.
// Notes whose name or alias matched the query come first, as in the keyword index.

import { isTitleMatch, type RetrievalHit } from './why';

export const RRF_K = 60;

export function fuseRankings(lists: readonly (readonly RetrievalHit[])[], limit: number): RetrievalHit[] {
  const byPath = new Map<string, RetrievalHit>();
  for (const list of lists) {
    list.forEach((hit, rank) => {
      const add = 1 / (RRF_K + rank + 1);
      const had = byPath.get(hit.path);
      if (had === undefined) byPath.set(hit.path, { path: hit.path, score: add, why: [...hit.why] });
      else {
        had.score += add;
        had.why.push(...hit.why);
      }
    });
  }
  // Scaled so that first place in every list is 1.
  const best = lists.length / (RRF_K + 1);
  return [...byPath.values()]
    .map((h) => ({ ...h, score: h.score / best }))
    .sort((a, b) => Number(isTitleMatch(b.why)) - Number(isTitleMatch(a.why)) || b.score - a.score || (a.path < b.path ? -1 : 1))
    .slice(0, limit);
}
