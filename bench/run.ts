// `npm run bench [-- --quick] [-- name ...]`: runs every workload in bench/workloads/ in its own
// process and rewrites BENCHMARKS.md: the machine and Node version, then each result with the date
// and mode it was measured in (see report.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fmtBytes } from './harness';
import { compose, type RunInfo, type WorkloadResult } from './report';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.filter((a) => !a.startsWith('--'));
const dir = path.join(import.meta.dirname, 'workloads');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .sort()
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, '')));

const outDir = mkdtempSync(path.join(os.tmpdir(), 'steward-bench-'));
const results: WorkloadResult[] = [];
for (const f of files) {
  const out = path.join(outDir, `${f}.json`);
  process.stdout.write(`bench: ${f} ... `);
  execFileSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', path.join(import.meta.dirname, 'worker.ts'), path.join(dir, f), out, quick ? 'quick' : ''],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const r = JSON.parse(readFileSync(out, 'utf8')) as WorkloadResult;
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
// A partial run replaces only its own sections and keeps the others (each says when it was measured).
writeFileSync(target, compose(results, run, existing, only.length > 0));
console.log(`bench: wrote ${path.relative(process.cwd(), target)}`);
