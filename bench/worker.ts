// Runs one workload in this process and writes its rows and peak memory as JSON.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Bench, type Workload } from './harness';

const [file, out, quick] = process.argv.slice(2);
if (!file || !out) throw new Error('usage: worker <workload file> <out json> [quick]');
const mod = (await import(pathToFileURL(path.resolve(file)).href)) as { default: Workload };
const workload = mod.default;
const bench = new Bench();
const tmp = mkdtempSync(path.join(tmpdir(), `reeve-bench-${workload.name}-`));
const t0 = performance.now();

/**
 * Removes the scratch folder with `rm -rf`: removing a 100k-note corpus (108k files, 1.4 GB) took
 * rmSync 221 s and rm 121 s on this machine's disk (load 8-9), and a full run leaves several.
 */
function removeScratch(dir: string): void {
  try {
    execFileSync('rm', ['-rf', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}
try {
  await workload.run(bench, { quick: quick === 'quick', tmp });
} catch (e) {
  // Said before the cleanup, which could fail too and hide it.
  console.error(`bench: ${workload.name} failed:`, e);
  throw e;
} finally {
  removeScratch(tmp);
}
writeFileSync(
  out,
  JSON.stringify({
    name: workload.name,
    description: workload.description,
    rows: bench.rows,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    seconds: (performance.now() - t0) / 1000,
    date: new Date().toISOString().slice(0, 10),
    quick: quick === 'quick',
    // run.ts runs this file bundled (bench/.cache/bundled/worker.mjs) unless told to run the sources.
    bundled: import.meta.url.endsWith('.mjs'),
  }),
);
