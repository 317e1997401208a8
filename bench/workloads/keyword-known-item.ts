// Known-item search on the Obsidian Help vault: each query is a note's title, as written or with
// one mistyped word (bench/known-item-queries.ts), and the right answer is that note. Reeve's
// keyword index against MiniSearch configured as its users do, both returning the top 20; MRR per
// query class and the latency of the same queries, the two searchers interleaved query by query.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fmtMs, summarize, type Workload } from '../harness';
import { QUERY_CLASSES, knownItemQueries, meanReciprocalRank } from '../known-item-queries';
import { REEVE_CAPS, TOP, miniSearchTop, newMiniSearch, readDocument } from '../minisearch-baseline';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { VaultIndexer } from '../../src/search/keyword/vault-indexer';

/** The help vault beside the repository (`../shared/vaults/obsidian-help-en`), or REEVE_HELP_VAULT. */
export function helpVaultDir(): string {
  return process.env.REEVE_HELP_VAULT ?? path.resolve(import.meta.dirname, '../../../shared/vaults/obsidian-help-en');
}

const REPEATS = 5;

const workload: Workload = {
  name: 'keyword-known-item',
  description:
    'Known-item queries on the Obsidian Help vault (a note\'s title as written, or with one word mistyped: inside a word, in its first letter, or in a word under 4 letters); ' +
    'the right answer is that note. Reeve\'s keyword index against MiniSearch with prefix and fuzzy 0.2 on (as its users configure it), both cut to the top 20. ' +
    'MRR = mean of 1/rank of the note (0 when not in the top 20). Latencies: the same queries, the two searchers alternating query by query, 5 rounds.',
  async run(bench) {
    const dir = helpVaultDir();
    if (!existsSync(dir)) {
      bench.record({ case: 'help vault', value: 'not found', note: `${dir}; set REEVE_HELP_VAULT` });
      return;
    }
    const vault = await NodeVault.open(dir, { metadataCache: false });
    const ours = new VaultIndexer(vault, { persist: false });
    await ours.start();
    const files = (await vault.list()).filter((e) => e.kind === 'file').map((e) => e.path);
    const ms = newMiniSearch();
    await ms.addAllAsync(await Promise.all(files.map((p) => readDocument(vault, p))));
    const ourTop = (q: string): string[] => ours.search(q, { limit: TOP }).map((h) => h.path);
    const classes = knownItemQueries(files.filter((p) => p.endsWith('.md')));
    for (const name of QUERY_CLASSES) {
      const queries = classes.get(name) ?? [];
      const mine: number[] = [];
      const theirs: number[] = [];
      for (let r = 0; r < REPEATS; r++) {
        for (const { query } of queries) {
          let t0 = performance.now();
          ourTop(query);
          mine.push(performance.now() - t0);
          t0 = performance.now();
          miniSearchTop(ms, query);
          theirs.push(performance.now() - t0);
        }
      }
      const a = meanReciprocalRank(queries, ourTop);
      const b = meanReciprocalRank(queries, (q) => miniSearchTop(ms, q));
      const m = summarize(mine);
      const t = summarize(theirs);
      bench.record({ case: `MRR, ${name} (${queries.length} queries)`, value: a.toFixed(2), baseline: 'MiniSearch', baselineValue: b.toFixed(2), ratio: `${(a / b).toFixed(2)}x`, note: 'higher is better' });
      bench.record({ case: `latency, ${name}`, value: `p50 ${fmtMs(m.medianMs)} / p95 ${fmtMs(m.p95Ms)}`, baseline: 'MiniSearch', baselineValue: `p50 ${fmtMs(t.medianMs)} / p95 ${fmtMs(t.p95Ms)}`, ratio: `${(m.p95Ms / t.p95Ms).toFixed(2)}x`, note: `p95 ratio; ${m.runs} samples each, interleaved; ${REEVE_CAPS}` });
    }
    await ours.stop();
  },
};
export default workload;
