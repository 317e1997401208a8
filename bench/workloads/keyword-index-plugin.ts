// The keyword index as the plugin builds it at layout ready: the production main.js in the
// Obsidian test runtime (ObsidianVault), as the desktop app and as the mobile app, peak and held
// memory of the build. Each build runs in a process of its own (keyword-plugin-build.ts, with
// --expose-gc and single-threaded GC, so that a busy machine starving V8's background marking
// threads does not inflate the peak), rounds interleaved. Set REEVE_BENCH_BASELINE_BUNDLE to
// another main.js (say, main's) to measure it side by side.
//
// Two vaults. 'memory' is the mocks' adapter, which keeps every note's text in the heap (965 MiB
// at 100k notes) next to the runtime's metadata cache: V8 lets garbage pile up in proportion to
// what is live before a full collection, so that peak is mostly the runtime's. 'disk' keeps the
// files in a temp folder, as Obsidian's adapters (and a phone) do. Then, on the disk vault, the
// plugin's own figures: the live heap the build adds to the baseline (the heap with the vault
// open and the plugin loaded, sampled with a full collection every so often), and a build with
// V8's old generation capped at that baseline + 300 MiB, which V8 must get through by collecting
// (it aborts the process if the build needed more).
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { fmtBytes, fmtMs, type Workload } from '../harness';
import type { BuildMeasurement } from '../keyword-plugin-build';

type Mode = 'desktop' | 'mobile';
type VaultKind = 'memory' | 'disk';

/** Headroom above the baseline the capped build gets: issue 29's aim for a phone. */
const CAP_ABOVE_BASELINE_MIB = 300;

function measure(bundle: string, notes: number, mode: Mode, vault: VaultKind, extra: { liveMs?: number; capMiB?: number } = {}): BuildMeasurement {
  const out = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      '--single-threaded-gc',
      `--max-old-space-size=${extra.capMiB ?? 16384}`,
      '--import',
      'tsx',
      path.join(import.meta.dirname, '..', 'keyword-plugin-build.ts'),
      bundle,
      String(notes),
      mode,
      vault,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20, env: { ...process.env, REEVE_BENCH_LIVE_MS: String(extra.liveMs ?? 0) } },
  );
  return JSON.parse(out.trim().split('\n').pop() as string) as BuildMeasurement;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;
const spread = (xs: number[], f: (n: number) => string): string => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))}, ${xs.length} runs)`;
const list = <T extends string>(name: string, fallback: string): T[] => (process.env[name] ?? fallback).split(',') as T[];
const load = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

const workload: Workload = {
  name: 'keyword-index-plugin',
  description:
    "Memory of the plugin's keyword index build at layout ready: the production main.js in the Obsidian test runtime (ObsidianVault), as the desktop app and as the mobile app, on the generated corpus, with the vault in memory (the mocks' adapter) and on disk (as Obsidian's adapters keep it); then the plugin's own live peak above the baseline and a build capped at baseline + 300 MiB; one process per build, rounds interleaved.",
  async run(bench, ctx) {
    const { buildPluginBundle, removePluginBundle } = await import('../../tests/obsidian/build-bundle');
    const bundle = await buildPluginBundle();
    const baseline = process.env.REEVE_BENCH_BASELINE_BUNDLE;
    const rounds = Number(process.env.REEVE_BENCH_ROUNDS ?? (ctx.quick ? 1 : 2));
    const sizes = list('REEVE_BENCH_NOTES', ctx.quick ? '2000' : '10000').map(Number);
    const modes = list<Mode>('REEVE_BENCH_MODES', 'desktop,mobile');
    const vaults = list<VaultKind>('REEVE_BENCH_VAULTS', 'memory,disk');
    try {
      for (const notes of sizes) {
        for (const mode of modes) {
          const tag = `${notes / 1000}k, ${mode} app`;
          bench.record({ case: `load average at the start, ${tag}`, value: load(), note: '1, 5 and 15 min on 2 cores: the machine is shared' });
          const ours = new Map<VaultKind, BuildMeasurement[]>(vaults.map((v) => [v, []]));
          const theirs = new Map<VaultKind, BuildMeasurement[]>(vaults.map((v) => [v, []]));
          for (let r = 0; r < rounds; r++) {
            for (const v of vaults) {
              if (baseline) theirs.get(v)?.push(measure(baseline, notes, mode, v));
              ours.get(v)?.push(measure(bundle, notes, mode, v));
            }
          }
          for (const v of vaults) {
            const a = ours.get(v) ?? [];
            const b = theirs.get(v) ?? [];
            const where = v === 'memory' ? 'vault in memory' : 'vault on disk';
            const row = (name: string, pick: (m: BuildMeasurement) => number, f: (n: number) => string, note: string): void => {
              bench.record({
                case: `${name}, ${tag}, ${where}`,
                value: spread(a.map(pick), f),
                ...(baseline ? { baseline: 'the baseline main.js', baselineValue: spread(b.map(pick), f), ratio: `${(median(a.map(pick)) / median(b.map(pick))).toFixed(2)}x` } : {}),
                note,
              });
            };
            row('baseline heap before the build', (m) => m.baselineBytes, fmtBytes, `live heap + array buffers with the vault open and the plugin loaded (the runtime's metadata cache${v === 'memory' ? " and the vault's text" : ''})`);
            row('index build peak above the baseline', (m) => m.peakBytes, fmtBytes, `heapUsed + arrayBuffers above the collected start, sampled every 20 ms, garbage included${v === 'memory' ? `; includes the saved index (${fmtBytes(a[0]?.savedBytes ?? 0)}), which this vault keeps in memory` : ''}`);
            row('index build peak RSS', (m) => m.peakRssBytes, fmtBytes, 'resident set above the start, sampled every 20 ms');
            row('index held after the build', (m) => m.heldBytes, fmtBytes, 'live heap + array buffers after two collections with the plugin loaded, against after it unloaded');
            row('index build time', (m) => m.buildMs, fmtMs, `layout ready to the index ready (saved), ${a[0]?.documents ?? 0} files; longest block ${fmtMs(median(a.map((m) => m.longestBlockMs)))}`);
          }
          if (!vaults.includes('disk')) continue;
          // The plugin's own cost, on the disk vault: what the build keeps alive, and whether it
          // gets through with 300 MiB above the baseline.
          const liveMs = Math.max(250, notes / 10);
          const live = measure(bundle, notes, mode, 'disk', { liveMs });
          bench.record({ case: `plugin's own live peak during the build, ${tag}, vault on disk`, value: live.liveSamples > 0 ? fmtBytes(live.livePeakBytes ?? 0) : 'build too short to sample', note: `live heap + array buffers above the baseline (${fmtBytes(live.baselineBytes)}), a full collection every ${fmtMs(liveMs)} (${live.liveSamples} samples); held after: ${fmtBytes(live.heldBytes)}` });
          const capMiB = Math.ceil(live.baselineBytes / 1024 / 1024) + CAP_ABOVE_BASELINE_MIB;
          let capped: string;
          let cappedNote: string;
          try {
            const c = measure(bundle, notes, mode, 'disk', { capMiB });
            capped = `completes, peak ${fmtBytes(c.peakBytes)} above the baseline`;
            cappedNote = `--max-old-space-size=${capMiB} (baseline ${fmtBytes(c.baselineBytes)} + ${CAP_ABOVE_BASELINE_MIB} MiB); array buffers (outside that cap) peaked ${fmtBytes(c.peakArrayBuffersBytes)} above the start; build ${fmtMs(c.buildMs)}`;
          } catch (e) {
            capped = 'ran out of memory';
            cappedNote = `--max-old-space-size=${capMiB}: ${String(e).slice(0, 120)}`;
          }
          bench.record({ case: `index build with the heap capped at the baseline + ${CAP_ABOVE_BASELINE_MIB} MiB, ${tag}, vault on disk`, value: capped, note: cappedNote });
        }
      }
    } finally {
      removePluginBundle(bundle);
    }
    bench.record({ case: 'machine load at the end', value: load(), note: '1, 5 and 15 min load average on 2 cores: the machine is shared' });
  },
};

export default workload;
