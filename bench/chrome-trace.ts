// A Chromium trace of one call in a page, read for the renderer's main thread: the longest task
// and the sum of all tasks in thread (CPU) time, before and after a performance mark the page sets.
// Frame gaps are wall time, which a busy machine stretches for the plain-text baseline as much as
// for the view; thread time is what the page itself spent, whatever else the machine runs.
import type { Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

export interface MainThreadTime {
  /** Longest task before the mark, in thread time (ms). */
  longestMs: number;
  /** All tasks before the mark, in thread time (ms). */
  totalMs: number;
  /** Longest task after the mark, in thread time (ms). */
  longestAfterMs: number;
}

export async function traceMainThread<T>(page: Page, mark: string, fn: () => Promise<T>): Promise<{ result: T; main: MainThreadTime }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (p) => {
    events.push(...(p.value as unknown as TraceEvent[]));
  });
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  const result = await fn();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const at = events.find((e) => e.name === mark);
  const thread = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === at?.pid);
  if (!at || !thread) throw new Error(`the trace has no ${mark} mark on a renderer's main thread`);
  const tasks = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask' && e.ph === 'X');
  const cpu = (e: TraceEvent): number => (e.tdur ?? e.dur ?? 0) / 1000;
  const before = tasks.filter((t) => t.ts < at.ts).map(cpu);
  const after = tasks.filter((t) => t.ts >= at.ts).map(cpu);
  return { result, main: { longestMs: Math.max(0, ...before), totalMs: before.reduce((a, b) => a + b, 0), longestAfterMs: Math.max(0, ...after) } };
}
