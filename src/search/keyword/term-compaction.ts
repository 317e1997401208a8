// Dropping terms no document uses any more. The term table only grows while the index runs
// (ids must stay stable for the postings that name them), and since the dictionary is saved as
// it is, dead terms would now survive restarts too: a vault whose notes churn would carry an
// ever larger dictionary into every load and every prefix or fuzzy expansion. So after a load,
// when dead terms outnumber live ones, the vocabulary is renumbered and every shard marked for
// saving. Renumbering keeps the old order, so each shard's sorted term ids stay sorted and are
// rewritten in place.

import type { KeywordIndex } from './keyword-index';

/** Compacts the vocabulary if at least `minDead` terms, and more than half, are dead. */
export function compactVocabulary(index: KeywordIndex, minDead = 10_000): boolean {
  const size = index.table.size;
  let live = 0;
  for (let id = 0; id < size; id++) if ((index.df[id] ?? 0) > 0) live++;
  const dead = size - live;
  if (dead < minDead || dead <= live) return false;
  // Only a freshly loaded index qualifies: delta postings would need renumbering too.
  if (index.shards.some((s) => s.deltaPostings > 0 || s.removed.length > 0)) return false;
  const df = index.df;
  const map = index.table.compact((id) => (df[id] ?? 0) > 0);
  const next = new Int32Array(Math.max(1024, df.length));
  for (let id = 0; id < size; id++) {
    const to = map[id] as number;
    if (to >= 0) next[to] = df[id] as number;
  }
  index.df = next;
  for (const shard of index.shards) {
    const terms = shard.base.terms;
    for (let i = 0; i < terms.length; i++) terms[i] = map[terms[i] as number] as number;
    shard.dirty = true;
  }
  index.buckets.reset();
  index.generation++;
  return true;
}
