// Query latency of several searchers over the same queries, measured so that a re-run says the
// same thing: the searchers alternate query by query (machine noise falls on all of them), the
// whole set runs in several rounds, and each round gives its own p50 and p95. A figure is the
// median of the rounds' figures with their range: one p95 from one run of 30 samples swung from
// -80% to +263% on a shared machine, which is what a single tail sample does.
//
// Each call's CPU time (process.cpuUsage) is kept beside its wall time: on a shared machine the
// wall-clock tail is mostly the scheduler (at load 16 on 2 cores a 3 ms query waited 15 ms), and
// the CPU figure says what the code costs apart from it.

import { fmtMs, summarize } from './harness';

export interface RoundFigures {
  /** Per round, in order. */
  p50: number[];
  p95: number[];
  /** Per round, the p50 and p95 of the calls' CPU time (user + system). */
  cpuP50: number[];
  cpuP95: number[];
  /** Samples per round. */
  samples: number;
}

export interface RoundsOptions {
  rounds: number;
  /** Times each query runs in a round. */
  repeats: number;
}

function median(xs: readonly number[]): number {
  return summarize([...xs]).medianMs;
}

/**
 * Runs every searcher on every query, alternating (a, b, c, a, b, c ... for each query), after one
 * warm-up pass; returns each searcher's per-round p50 and p95.
 */
export function interleavedRounds(searchers: readonly ((q: string) => unknown)[], queries: readonly string[], { rounds, repeats }: RoundsOptions): RoundFigures[] {
  for (const q of queries) for (const s of searchers) s(q);
  const out: RoundFigures[] = searchers.map(() => ({ p50: [], p95: [], cpuP50: [], cpuP95: [], samples: queries.length * repeats }));
  for (let r = 0; r < rounds; r++) {
    const samples: number[][] = searchers.map(() => []);
    const cpu: number[][] = searchers.map(() => []);
    for (let k = 0; k < repeats; k++) {
      for (const q of queries) {
        for (let i = 0; i < searchers.length; i++) {
          const c0 = process.cpuUsage();
          const t0 = performance.now();
          (searchers[i] as (q: string) => unknown)(q);
          (samples[i] as number[]).push(performance.now() - t0);
          const c = process.cpuUsage(c0);
          (cpu[i] as number[]).push((c.user + c.system) / 1000);
        }
      }
    }
    samples.forEach((s, i) => {
      const t = summarize(s);
      const c = summarize(cpu[i] as number[]);
      const f = out[i] as RoundFigures;
      f.p50.push(t.medianMs);
      f.p95.push(t.p95Ms);
      f.cpuP50.push(c.medianMs);
      f.cpuP95.push(c.p95Ms);
    });
  }
  return out;
}

export function medianP95(f: RoundFigures): number {
  return median(f.p95);
}

/** `p50 1.2 ms / p95 3.4 ms (2.9–4.1 ms)`: medians over the rounds, and the range of the rounds' p95. */
export function fmtRounds(f: RoundFigures): string {
  return `p50 ${fmtMs(median(f.p50))} / p95 ${fmtMs(median(f.p95))} (${fmtMs(Math.min(...f.p95))}–${fmtMs(Math.max(...f.p95))})`;
}

/** `CPU p50 1.0 ms / p95 2.0 ms (1.8–2.4 ms)`: the same for the calls' CPU time. */
export function fmtCpu(f: RoundFigures): string {
  return `CPU p50 ${fmtMs(median(f.cpuP50))} / p95 ${fmtMs(median(f.cpuP95))} (${fmtMs(Math.min(...f.cpuP95))}–${fmtMs(Math.max(...f.cpuP95))})`;
}

/** Median over the rounds of the per-round ratio of two searchers' p95, with its range. */
export function fmtRatio(ours: RoundFigures, theirs: RoundFigures): string {
  const ratios = ours.p95.map((p, i) => p / (theirs.p95[i] as number));
  return `${median(ratios).toFixed(3)}x (${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)})`;
}
