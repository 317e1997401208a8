// The keyword index as the plugin builds it at layout ready: the production main.js in the
// Obsidian test runtime (in-memory vault, ObsidianVault), as the desktop app and as the mobile
// app, peak and held memory of the build. Each build runs in a process of its own
// (keyword-plugin-build.ts, with --expose-gc and single-threaded GC, so that a busy machine
// starving V8's background marking threads does not inflate the peak), rounds interleaved. Set
// REEVE_BENCH_BASELINE_BUNDLE to another main.js (say, main's) to measure it side by side.
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { fmtBytes, fmtMs, type Workload } from '../harness';
import type { BuildMeasurement } from '../keyword-plugin-build';

function measure(bundle: string, notes: number, mode: 'desktop' | 'mobile'): BuildMeasurement {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--single-threaded-gc', '--max-old-space-size=8192', '--import', 'tsx', path.join(import.meta.dirname, '..', 'keyword-plugin-build.ts'), bundle, String(notes), mode],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split('\n').pop() as string) as BuildMeasurement;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;
const spread = (xs: number[], f: (n: number) => string): string => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))}, ${xs.length} runs)`;

const workload: Workload = {
  name: 'keyword-index-plugin',
  description: "Memory of the plugin's keyword index build at layout ready: the production main.js in the Obsidian test runtime (ObsidianVault over the in-memory vault), as the desktop app and as the mobile app, on the generated corpus; one process per build, rounds interleaved.",
  async run(bench, ctx) {
    const { buildPluginBundle, removePluginBundle } = await import('../../tests/obsidian/build-bundle');
    const bundle = await buildPluginBundle();
    const baseline = process.env.REEVE_BENCH_BASELINE_BUNDLE;
    const rounds = Number(process.env.REEVE_BENCH_ROUNDS ?? (ctx.quick ? 1 : 2));
    const sizes = (process.env.REEVE_BENCH_NOTES ?? (ctx.quick ? '2000' : '10000')).split(',').map(Number);
    try {
      for (const notes of sizes) {
        for (const mode of ['desktop', 'mobile'] as const) {
          const ours: BuildMeasurement[] = [];
          const theirs: BuildMeasurement[] = [];
          for (let r = 0; r < rounds; r++) {
            if (baseline) theirs.push(measure(baseline, notes, mode));
            ours.push(measure(bundle, notes, mode));
          }
          const tag = `${notes / 1000}k, ${mode} app`;
          const row = (name: string, pick: (m: BuildMeasurement) => number, f: (n: number) => string, note: string): void => {
            const a = ours.map(pick);
            const b = theirs.map(pick);
            bench.record({
              case: `${name}, ${tag}`,
              value: spread(a, f),
              ...(baseline ? { baseline: 'the baseline main.js', baselineValue: spread(b, f), ratio: `${(median(a) / median(b)).toFixed(2)}x` } : {}),
              note,
            });
          };
          row('plugin index build peak', (m) => m.peakBytes, fmtBytes, `heapUsed + arrayBuffers above the start (the vault's text already in memory), sampled every 20 ms; includes the saved index, which the runtime keeps in memory (${fmtBytes(ours[0]?.savedBytes ?? 0)})`);
          row('plugin index peak RSS', (m) => m.peakRssBytes, fmtBytes, 'resident set above the start, sampled every 20 ms');
          row('plugin index held after the build', (m) => m.heldBytes, fmtBytes, 'live heap + array buffers after two collections with the plugin loaded, against after it unloaded');
          row('plugin index build time', (m) => m.buildMs, fmtMs, `layout ready to the index ready (saved), ${ours[0]?.documents ?? 0} files; longest block ${fmtMs(median(ours.map((m) => m.longestBlockMs)))}`);
        }
      }
    } finally {
      removePluginBundle(bundle);
    }
    bench.record({ case: 'machine load at the end', value: os.loadavg().map((l) => l.toFixed(1)).join(' / '), note: '1, 5 and 15 min load average on 2 cores: the machine is shared' });
  },
};

export default workload;
