// Query latency of several searchers over the same queries, measured so that a re-run says the
// same thing: the searchers alternate query by query (machine noise falls on all of them), the
// whole set runs in several rounds, and each round gives its own p50 and p95. A figure is the
// median of the rounds' figures with their range: one p95 from one run of 30 samples swung from
// -80% to +263% on a shared machine, which is what a single tail sample does.

import { fmtMs, summarize } from './harness';

export interface RoundFigures {
  /** Per round, in order. */
  p50: number[];
  p95: number[];
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
  const out: RoundFigures[] = searchers.map(() => ({ p50: [], p95: [], samples: queries.length * repeats }));
  for (let r = 0; r < rounds; r++) {
    const samples: number[][] = searchers.map(() => []);
    for (let k = 0; k < repeats; k++) {
      for (const q of queries) {
        for (let i = 0; i < searchers.length; i++) {
          const t0 = performance.now();
          (searchers[i] as (q: string) => unknown)(q);
          (samples[i] as number[]).push(performance.now() - t0);
        }
      }
    }
    samples.forEach((s, i) => {
      const t = summarize(s);
      (out[i] as RoundFigures).p50.push(t.medianMs);
      (out[i] as RoundFigures).p95.push(t.p95Ms);
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

/** Median over the rounds of the per-round ratio of two searchers' p95, with its range. */
export function fmtRatio(ours: RoundFigures, theirs: RoundFigures): string {
  const ratios = ours.p95.map((p, i) => p / (theirs.p95[i] as number));
  return `${median(ratios).toFixed(3)}x (${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)})`;
}
