// `npm run bench [-- --quick] [-- name ...] [-- --resume DIR]`: runs every workload in bench/workloads/
// in its own process and rewrites BENCHMARKS.md: the machine and Node version, then each result with
// the date and mode it was measured in (see report.ts). A workload that fails is reported and the
// others still run (the run then exits 1 and keeps the failed workload's old section); `--resume DIR`
// reuses the results a stopped run left in DIR (each keeps the date it was measured).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundleForBench } from './bundle-workload';
import { fmtBytes } from './harness';
import { compose, type RunInfo, type WorkloadResult } from './report';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const resumeAt = args.indexOf('--resume');
const resumeDir = resumeAt >= 0 ? args[resumeAt + 1] : undefined;
const only = args.filter((a, i) => !a.startsWith('--') && (resumeAt < 0 || i !== resumeAt + 1));
const dir = path.join(import.meta.dirname, 'workloads');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .sort()
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, '')));

const outDir = resumeDir ?? mkdtempSync(path.join(os.tmpdir(), 'reeve-bench-'));
console.log(`bench: results in ${outDir} (resume a stopped run with --resume ${outDir})`);
// Bundled as the CLI ships (bundle-workload.ts says why); REEVE_BENCH_FROM_SOURCE=1 runs tsx.
const fromSource = process.env.REEVE_BENCH_FROM_SOURCE === '1';
const results: WorkloadResult[] = [];
const failed: string[] = [];
for (const f of files) {
  const out = path.join(outDir, `${f}.json`);
  process.stdout.write(`bench: ${f} ... `);
  if (!existsSync(out)) {
    try {
      const worker = fromSource ? path.join(import.meta.dirname, 'worker.ts') : await bundleForBench(path.join(import.meta.dirname, 'worker.ts'), 'worker');
      const workload = fromSource ? path.join(dir, f) : await bundleForBench(path.join(dir, f), f.replace(/\.ts$/, ''));
      execFileSync(
        process.execPath,
        ['--expose-gc', '--max-old-space-size=8192', ...(fromSource ? ['--import', 'tsx'] : []), worker, workload, out, quick ? 'quick' : ''],
        { stdio: ['ignore', 'inherit', 'inherit'] },
      );
    } catch {
      failed.push(f);
      process.stdout.write('FAILED (see above)\n');
      continue;
    }
  }
  const r = JSON.parse(readFileSync(out, 'utf8')) as WorkloadResult;
  // A result left by a stopped run from before results carried their date: the file's date.
  r.date ??= statSync(out).mtime.toISOString().slice(0, 10);
  results.push(r);
  process.stdout.write(`${r.seconds.toFixed(1)} s\n`);
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const run: RunInfo = {
  date: new Date().toISOString().slice(0, 10),
  quick,
  machine: `${cpu}, ${os.cpus().length} cores, ${fmtBytes(os.totalmem())} RAM, ${os.platform()} ${os.release()}`,
  node: process.version,
};
const target = path.join(import.meta.dirname, '..', 'BENCHMARKS.md');
let existing: string | null = null;
try {
  existing = readFileSync(target, 'utf8');
} catch {
  /* first run */
}
// A partial or failed run replaces only its own sections and keeps the others (each says when it was measured).
writeFileSync(target, compose(results, run, existing, only.length > 0 || failed.length > 0));
console.log(`bench: wrote ${path.relative(process.cwd(), target)}`);
if (failed.length > 0) {
  console.error(`bench: ${failed.length} workload(s) failed and kept their old sections: ${failed.join(', ')}`);
  process.exitCode = 1;
}
