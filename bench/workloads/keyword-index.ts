// Keyword index on the generated corpus (10k and 100k notes; --quick: 10k only), against a plain
// MiniSearch index of the same documents built and queried in the same run.
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import MiniSearch from 'minisearch';
import { writeCorpus } from '../corpus';
import { dirBytes, fmtBytes, fmtMs, heapSampler, summarize, type Bench, type Workload, type WorkloadContext } from '../harness';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import type { VaultChange, VaultPort } from '../../src/vault-vfs/vault-port';
import type { IndexDocument } from '../../src/vault-vfs/search/analyzer';
import { fileDocument, isNotePath, noteDocument } from '../../src/vault-vfs/search/index-document';
import { INDEX_FOLDER } from '../../src/vault-vfs/search/index-store';
import { VaultIndexer } from '../../src/vault-vfs/search/vault-indexer';

const COMMON = ['project', 'meeting', 'garden', 'research', 'database', 'coffee', 'review', 'design', 'journal', 'summary'];
const UNCOMMON = ['zephyrine', 'quokkalith', 'marzipanic', 'obsidianite', 'vellichor', 'sonder', 'petrichor', 'apricity'];
const MULTI = ['kubernets migr', 'sourdogh bre', 'retrospectve feedb', 'architecure datab', 'photosynthesys mitoch', 'interveiw hir', 'consensus rft', 'typescrpt roadm', 'invoise ta', 'mitochondira entr'];
const TWO_LETTER = ['pr', 'me', 'ga', 're', 'da', 'co', 'su', 'in', 'ro', 'ti'];

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** A VaultPort whose change events can be held back and released at once. */
function withHeldEvents(vault: NodeVault): { port: VaultPort; hold: () => void; release: () => void } {
  let holding = false;
  const held: VaultChange[] = [];
  const listeners = new Set<(c: VaultChange) => void>();
  vault.onChange((c) => {
    if (holding) held.push(c);
    else for (const l of listeners) l(c);
  });
  const port = new Proxy(vault, {
    get(target, key) {
      if (key === 'onChange') {
        return (l: (c: VaultChange) => void) => {
          listeners.add(l);
          return () => listeners.delete(l);
        };
      }
      const v = Reflect.get(target, key, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  }) as VaultPort;
  return {
    port,
    hold: () => (holding = true),
    release: () => {
      holding = false;
      for (const c of held.splice(0)) for (const l of listeners) l(c);
    },
  };
}

async function readDocument(vault: VaultPort, p: string): Promise<IndexDocument> {
  return isNotePath(p) ? noteDocument(p, await vault.read(p), vault.metadata(p)) : fileDocument(p);
}

function newMiniSearch(): MiniSearch<IndexDocument> {
  return new MiniSearch<IndexDocument>({
    idField: 'path',
    fields: ['title', 'aliases', 'headings', 'tags', 'content'],
    extractField: (doc, field) => {
      const v = doc[field as keyof IndexDocument];
      return Array.isArray(v) ? v.join(' ') : v;
    },
    searchOptions: { boost: { title: 3, aliases: 2.5, headings: 1.5, tags: 1.5 } },
  });
}

function latencies(run: (q: string) => unknown, queries: readonly string[], repeats: number): { p50: number; p95: number } {
  for (const q of queries) run(q); // warm-up
  const samples: number[] = [];
  for (let r = 0; r < repeats; r++) {
    for (const q of queries) {
      const t0 = performance.now();
      run(q);
      samples.push(performance.now() - t0);
    }
  }
  const s = summarize(samples);
  return { p50: s.medianMs, p95: s.p95Ms };
}


async function runSize(bench: Bench, ctx: WorkloadContext, notes: number): Promise<void> {
  const tag = `${notes / 1000}k`;
  const dir = path.join(ctx.tmp, `vault-${tag}`);
  await writeCorpus(dir, { notes, seed: 42 });
  const vault = await NodeVault.open(dir);
  const files = (await vault.list()).filter((e) => e.kind === 'file').map((e) => e.path);

  // Cold build, time-sliced, with a watch on the event loop.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const heap = heapSampler();
  lag.enable();
  let t0 = performance.now();
  const ours = new VaultIndexer(vault);
  await ours.start();
  const coldMs = performance.now() - t0;
  lag.disable();
  const coldPeak = heap.stop();
  gc();
  const shardBytes = await dirBytes(path.join(dir, vault.configDir, 'plugins/steward', INDEX_FOLDER));

  // Baseline: plain MiniSearch, fed the same documents through the same vault.
  const msHeap = heapSampler();
  t0 = performance.now();
  const ms = newMiniSearch();
  let msLongestAdd = 0;
  for (let i = 0; i < files.length; i += 64) {
    const docs = await Promise.all(files.slice(i, i + 64).map((p) => readDocument(vault, p)));
    const a0 = performance.now();
    ms.addAll(docs);
    msLongestAdd = Math.max(msLongestAdd, performance.now() - a0);
    msHeap.sample();
  }
  const msColdMs = performance.now() - t0;
  const msPeak = msHeap.stop();

  bench.record({ case: `cold build, ${tag} notes`, value: fmtMs(coldMs), baseline: 'MiniSearch addAll', baselineValue: fmtMs(msColdMs), ratio: `${(coldMs / msColdMs).toFixed(2)}x`, note: `${files.length} files read through NodeVault; index saved: ${fmtBytes(shardBytes)} in 64 shard files and a term dictionary` });
  bench.record({ case: `cold build peak heap, ${tag}`, value: fmtBytes(coldPeak), baseline: 'MiniSearch', baselineValue: fmtBytes(msPeak), ratio: `${(coldPeak / msPeak).toFixed(2)}x`, note: 'heapUsed + arrayBuffers above the start, sampled every 20 ms' });
  bench.record({ case: `cold build longest block, ${tag}`, value: fmtMs(ours.stats.longestBlockMs), baseline: 'MiniSearch, per 64 docs', baselineValue: fmtMs(msLongestAdd), note: `event-loop delay max ${fmtMs(lag.max / 1e6)}, p99 ${fmtMs(lag.percentile(99) / 1e6)} (the machine is shared: preemption counts)` });

  // Queries.
  const rare = Array.from({ length: 10 }, (_, i) => String(Math.floor(((i + 1) * notes) / 11)));
  const classes: [string, readonly string[], object][] = [
    ['rare words (note ids)', rare, {}],
    ['uncommon words', UNCOMMON, {}],
    ['common words', COMMON, {}],
    ['multi-term prefix+fuzzy', MULTI, { prefix: true, fuzzy: 0.2 }],
    ['two-letter prefixes', TWO_LETTER, { prefix: true }],
  ];
  const msRepeats = notes >= 100_000 ? 1 : 3;
  for (const [name, queries, msOptions] of classes) {
    const mine = latencies((q) => ours.search(q, { limit: 20 }), queries, 10);
    const theirs = latencies((q) => ms.search(q, msOptions), queries, msRepeats);
    bench.record({
      case: `query ${name}, ${tag}`,
      value: `p50 ${fmtMs(mine.p50)} / p95 ${fmtMs(mine.p95)}`,
      baseline: `MiniSearch ${JSON.stringify(msOptions)}`,
      baselineValue: `p50 ${fmtMs(theirs.p50)} / p95 ${fmtMs(theirs.p95)}`,
      ratio: `${(mine.p95 / theirs.p95).toFixed(3)}x`,
      note: 'p95 ratio; ours: top 20 with prefix+fuzzy on; MiniSearch returns all matches',
    });
  }

  // Update of 100 changed notes: events held back while the vault writes, then released at once.
  const changed = files.filter(isNotePath).filter((_, i) => i % Math.floor(notes / 100) === 0).slice(0, 100);
  await ours.stop();
  const held = withHeldEvents(vault);
  const live = new VaultIndexer(held.port);
  await live.start();
  held.hold();
  for (const p of changed) await vault.process(p, (t) => `${t}\nappended zanzibarine line`);
  t0 = performance.now();
  held.release();
  await live.settled();
  const updateMs = performance.now() - t0;
  const s0 = performance.now();
  const dirty = live.index.shards.filter((s) => s.dirty).length;
  await live.flush();
  const saveMs = performance.now() - s0;
  t0 = performance.now();
  for (const p of changed) ms.replace(await readDocument(vault, p));
  const msUpdateMs = performance.now() - t0;
  bench.record({ case: `update 100 changed notes, ${tag}`, value: fmtMs(updateMs), baseline: 'MiniSearch replace()', baselineValue: fmtMs(msUpdateMs), ratio: `${(updateMs / msUpdateMs).toFixed(2)}x`, note: `events to searchable, reads included; then saving ${dirty} changed shards took ${fmtMs(saveMs)}` });
  await live.stop();

  // Warm start: a new indexer on the open vault loads the shards and checks every file's stamp.
  const warm: number[] = [];
  const full: number[] = [];
  for (let r = 0; r < 3; r++) {
    gc();
    t0 = performance.now();
    const w = new VaultIndexer(vault);
    const started = w.start();
    await w.searchable;
    if (w.search('project meeting').length === 0) throw new Error('warm index answered nothing');
    warm.push(performance.now() - t0);
    await started;
    full.push(performance.now() - t0);
    await w.stop(false);
  }
  let msExport = 'n/a';
  try {
    t0 = performance.now();
    const json = JSON.stringify(ms);
    msExport = `${fmtBytes(json.length)} string in ${fmtMs(performance.now() - t0)}`;
  } catch (e) {
    msExport = `failed: ${e instanceof Error ? e.message : String(e)}`;
  }
  bench.record({ case: `warm start to first usable search, ${tag}`, value: fmtMs(summarize(warm).medianMs), baseline: 'MiniSearch JSON export', baselineValue: msExport, note: `median of 3; fully checked against the vault (stamps of ${files.length} files) after ${fmtMs(summarize(full).medianMs)}` });
}

const workload: Workload = {
  name: 'keyword-index',
  description:
    'Keyword index (src/vault-vfs/search) on the generated corpus through NodeVault, against a plain MiniSearch index of the same documents in the same run. ' +
    'Query rows give p50 / p95 latency; the ratio column is ours / MiniSearch at p95.',
  async run(bench, ctx) {
    for (const notes of ctx.quick ? [10_000] : [10_000, 100_000]) await runSize(bench, ctx, notes);
  },
};
export default workload;
