// Known-item search on real and real-shaped vaults: each query is a note's title, as written or
// with one mistyped word (bench/known-item-queries.ts), and the right answer is that note. The
// Obsidian Help vault, and generated vaults shaped like other people's (bench/vault-shapes.ts:
// German and French titles, Chinese and Japanese titles, IDs with digits and daily notes,
// Zettelkasten). Reeve's keyword index against MiniSearch configured as its users do, both
// returning the top 20; MRR per query class, and the latency of the same queries with the two
// searchers alternating query by query, in rounds (median p95 of the rounds and its range).
import { existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Bench, Workload } from '../harness';
import { fmtCpu, fmtRatio, fmtRounds, interleavedRounds } from '../interleaved-rounds';
import { QUERY_CLASSES, knownItemQueries, meanReciprocalRank, type KnownItemQuery } from '../known-item-queries';
import { REEVE_CAPS, TOP, miniSearchTop, newMiniSearch, readDocument } from '../minisearch-baseline';
import { VAULT_SHAPES, writeVaultShape } from '../vault-shapes';
import { makeRng } from '../corpus';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { VaultIndexer } from '../../src/search/keyword/vault-indexer';

/** The help vault beside the repository (`../shared/vaults/obsidian-help-en`), or REEVE_HELP_VAULT. */
export function helpVaultDir(): string {
  return process.env.REEVE_HELP_VAULT ?? path.resolve(import.meta.dirname, '../../../shared/vaults/obsidian-help-en');
}

const ROUNDS = 5;
/** Queries timed per vault: a fixed sample, so a full bench fits in a session (MRR is over every query). */
const TIMED = 1_000;

/** `n` of `items`, the same ones every run (seeded), in a shuffled order; all of them when fewer. */
function fixedSample<T>(items: readonly T[], n: number): T[] {
  const out = [...items];
  if (out.length <= n) return out;
  const rng = makeRng(29);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rng() * (out.length - i));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out.slice(0, n);
}

async function measureVault(bench: Bench, label: string, dir: string, aim: string): Promise<void> {
  const vault = await NodeVault.open(dir, { metadataCache: false });
  const ours = new VaultIndexer(vault, { persist: false });
  await ours.start();
  const files = (await vault.list()).filter((e) => e.kind === 'file').map((e) => e.path);
  const ms = newMiniSearch();
  await ms.addAllAsync(await Promise.all(files.map((p) => readDocument(vault, p))));
  const ourTop = (q: string): string[] => ours.search(q, { limit: TOP }).map((h) => h.path);
  const theirTop = (q: string): string[] => miniSearchTop(ms, q);
  const classes = knownItemQueries(files.filter((p) => p.endsWith('.md')));
  const all: KnownItemQuery[] = [];
  for (const name of QUERY_CLASSES) {
    const queries = classes.get(name) ?? [];
    if (queries.length === 0) continue;
    all.push(...queries);
    const a = meanReciprocalRank(queries, ourTop);
    const b = meanReciprocalRank(queries, theirTop);
    bench.record({ case: `${label}: MRR, ${name} (${queries.length} queries)`, value: a.toFixed(2), baseline: 'MiniSearch', baselineValue: b.toFixed(2), ratio: `${(a / b).toFixed(2)}x`, note: `higher is better; ${aim}` });
  }
  const timed = fixedSample(all.map((q) => q.query), TIMED);
  const [mine, theirs] = interleavedRounds([ourTop, theirTop], timed, { rounds: ROUNDS, repeats: 1 });
  if (mine !== undefined && theirs !== undefined) {
    const which = timed.length === all.length ? `all ${all.length} queries` : `${timed.length} of ${all.length} queries (a fixed seeded sample)`;
    bench.record({ case: `${label}: latency, ${which}`, value: fmtRounds(mine), baseline: 'MiniSearch', baselineValue: fmtRounds(theirs), ratio: fmtRatio(mine, theirs), note: `p95 ratio, median (range) of ${ROUNDS} rounds of ${mine.samples} samples each, interleaved; ours ${fmtCpu(mine)}, MiniSearch ${fmtCpu(theirs)}; ${REEVE_CAPS}` });
  }
  await ours.stop();
}

const workload: Workload = {
  name: 'keyword-known-item',
  description:
    'Known-item queries (a note\'s title as written, or with one word mistyped: inside a word, in its first letter, or in a word under 4 letters; a typo in a CJK character picks the next one) ' +
    'on the Obsidian Help vault and on generated vaults shaped like other people\'s (bench/vault-shapes.ts); the right answer is that note. ' +
    'Reeve\'s keyword index against MiniSearch with prefix and fuzzy 0.2 on (as its users configure it), both cut to the top 20. ' +
    'MRR = mean of 1/rank of the note (0 when not in the top 20). Latencies: the queries of a vault (a fixed seeded sample of 1,000 where it has more; MRR is over all of them), the two searchers alternating query by query, 5 rounds; median p50 / p95 of the rounds and the range of the p95s.',
  async run(bench, ctx) {
    const dir = helpVaultDir();
    if (existsSync(dir)) await measureVault(bench, 'help vault', dir, 'aim: at least MiniSearch, and >= 0.95 (titles are words)');
    else bench.record({ case: 'help vault', value: 'not found', note: `${dir}; set REEVE_HELP_VAULT` });
    for (const shape of VAULT_SHAPES) {
      const shapeDir = path.join(ctx.tmp, shape.name.replace(/\W+/g, '-'));
      await writeVaultShape(shapeDir, shape);
      await measureVault(bench, `${shape.name} (${shape.notes} notes)`, shapeDir, `${shape.about}; aim: at least MiniSearch${shape.wordTitles ? ', and >= 0.95 (titles are words)' : ''}`);
    }
    bench.record({ case: 'machine load at the end', value: os.loadavg().map((l) => l.toFixed(1)).join(' / '), note: `1, 5 and 15 min load average on ${os.cpus().length} cores` });
  },
};
export default workload;
