// Benchmark harness: every timed case is measured against a baseline in the same run, and the
// report quotes the ratio. Each workload runs in its own process (see run.ts), so peak memory
// (max RSS) belongs to that workload alone.

import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export interface Timing {
  medianMs: number;
  p95Ms: number;
  minMs: number;
  runs: number;
}

export interface Row {
  case: string;
  value: string;
  baseline?: string;
  baselineValue?: string;
  ratio?: string;
  note?: string;
}

export interface WorkloadContext {
  quick: boolean;
  /** A scratch folder, removed after the workload. */
  tmp: string;
}

export interface Workload {
  name: string;
  description: string;
  run(bench: Bench, ctx: WorkloadContext): Promise<void>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

export function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    medianMs: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    minMs: sorted[0] ?? NaN,
    runs: sorted.length,
  };
}

export function fmtMs(ms: number): string {
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(0)} ms`;
  if (ms >= 1) return `${ms.toFixed(1)} ms`;
  return `${(ms * 1000).toFixed(0)} µs`;
}

/** Median with the range of the runs, e.g. `1.20 s (1.05–1.61 s, 5 runs)`: the spread, not the best run. */
export function fmtSpread(samples: readonly number[]): string {
  const t = summarize([...samples]);
  const max = Math.max(...samples);
  return `${fmtMs(t.medianMs)} (${fmtMs(t.minMs)}–${fmtMs(max)}, ${t.runs} runs)`;
}

export function fmtBytes(n: number): string {
  if (n >= 1024 * 1024 * 1024) return `${(n / 1024 / 1024 / 1024).toFixed(2)} GiB`;
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} B`;
}

/** Live heap after a full collection (the worker runs with --expose-gc), in MiB. */
export function heapMiB(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/**
 * Live heap plus array buffers (a loaded cache file, read buffers) in MiB, after two full
 * collections with a turn between them: one alone can leave garbage unswept that the next
 * reading then sees freed (a negative "held").
 */
export async function memoryMiB(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((resolve) => setImmediate(resolve));
  gc?.();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1024 / 1024;
}

function heapNow(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/**
 * Samples heap use (heapUsed + arrayBuffers) every 20 ms while async work runs, from a collected
 * start; `stop()` returns the peak above that start, in bytes.
 */
export function heapSampler(): { sample: () => void; stop: () => number } {
  (globalThis as { gc?: () => void }).gc?.();
  const base = heapNow();
  let peak = base;
  const sample = (): void => {
    peak = Math.max(peak, heapNow());
  };
  const timer = setInterval(sample, 20);
  return {
    sample,
    stop: () => {
      clearInterval(timer);
      sample();
      return peak - base;
    },
  };
}

/** Bytes of the files directly in `dir` (0 when it does not exist). */
export async function dirBytes(dir: string): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let total = 0;
  for (const n of names) total += (await fs.stat(path.join(dir, n))).size;
  return total;
}

export class Bench {
  readonly rows: Row[] = [];

  /** Runs `fn` `warmup` times unmeasured, then `repeats` times, and returns the timing. */
  async time(fn: () => unknown, repeats = 5, warmup = 1): Promise<Timing> {
    for (let i = 0; i < warmup; i++) await fn();
    const samples: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const t0 = performance.now();
      await fn();
      samples.push(performance.now() - t0);
    }
    return summarize(samples);
  }

  /**
   * Measures `candidate` against `baseline`, alternating them so that machine noise falls on
   * both, and records a row with the ratio of the medians (candidate / baseline) and the range
   * of each side's runs in the note (a shared machine spreads them; the median is not the best).
   */
  async compare(
    name: string,
    candidate: () => unknown,
    baselineName: string,
    baseline: () => unknown,
    opts: { repeats?: number; warmup?: number; note?: string; before?: () => Promise<void> } = {},
  ): Promise<{ candidate: Timing; baseline: Timing; ratio: number }> {
    const repeats = opts.repeats ?? 5;
    const warmup = opts.warmup ?? 1;
    for (let i = 0; i < warmup; i++) {
      await opts.before?.();
      await baseline();
      await candidate();
    }
    const c: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < repeats; i++) {
      // Untimed setup for both (fresh copies, for work that changes its input).
      await opts.before?.();
      let t0 = performance.now();
      await baseline();
      b.push(performance.now() - t0);
      t0 = performance.now();
      await candidate();
      c.push(performance.now() - t0);
    }
    const ct = summarize(c);
    const bt = summarize(b);
    const ratio = ct.medianMs / bt.medianMs;
    const ratios = c.map((v, i) => v / (b[i] ?? NaN));
    const range = (xs: number[]): string => `${fmtMs(Math.min(...xs))}–${fmtMs(Math.max(...xs))}`;
    this.rows.push({
      case: name,
      value: fmtMs(ct.medianMs),
      baseline: baselineName,
      baselineValue: fmtMs(bt.medianMs),
      ratio: `${ratio.toFixed(2)}x`,
      note: `${opts.note ?? `median of ${repeats}`}; runs ${range(c)} against ${range(b)}, ratio per pair ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}x`,
    });
    return { candidate: ct, baseline: bt, ratio };
  }

  /** Records a measured value that is not a timing pair (sizes, counts, latencies). */
  record(row: Row): void {
    this.rows.push(row);
  }
}
