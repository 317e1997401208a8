// `npm run bench [-- --quick] [-- name ...] [-- --resume DIR]`: runs every workload in bench/workloads/
// in its own process and rewrites BENCHMARKS.md with the machine, Node version, date and each result.
// A workload that fails is reported and the others still run (the run then exits 1 and keeps the
// failed workload's old section); `--resume DIR` reuses the results a stopped run left in DIR.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fmtBytes, type Row } from './harness';

interface Result {
  name: string;
  description: string;
  rows: Row[];
  maxRssBytes: number;
  seconds: number;
}

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const resumeAt = args.indexOf('--resume');
const resumeDir = resumeAt >= 0 ? args[resumeAt + 1] : undefined;
const only = args.filter((a, i) => !a.startsWith('--') && i !== resumeAt + 1);
const dir = path.join(import.meta.dirname, 'workloads');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .sort()
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, '')));

const outDir = resumeDir ?? mkdtempSync(path.join(os.tmpdir(), 'steward-bench-'));
console.log(`bench: results in ${outDir} (resume a stopped run with --resume ${outDir})`);
const results: Result[] = [];
const failed: string[] = [];
for (const f of files) {
  const out = path.join(outDir, `${f}.json`);
  process.stdout.write(`bench: ${f} ... `);
  if (!existsSync(out)) {
    try {
      execFileSync(
        process.execPath,
        ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', path.join(import.meta.dirname, 'worker.ts'), path.join(dir, f), out, quick ? 'quick' : ''],
        { stdio: ['ignore', 'inherit', 'inherit'] },
      );
    } catch {
      failed.push(f);
      process.stdout.write('FAILED (see above)\n');
      continue;
    }
  }
  const r = JSON.parse(readFileSync(out, 'utf8')) as Result;
  results.push(r);
  process.stdout.write(`${r.seconds.toFixed(1)} s\n`);
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const lines = [
  '# Benchmarks',
  '',
  'Written by `npm run bench`; do not edit by hand. Every timing is the median of repeated runs',
  '(the notes give the range of the runs: the machine may be shared, and the median is not the best run),',
  'and each case is compared with a baseline measured in the same run, the two alternating (ratio = case / baseline).',
  'Each workload runs in its own process, so "peak RSS" is that workload\'s own peak.',
  '',
  `- Machine: ${cpu}, ${os.cpus().length} cores, ${fmtBytes(os.totalmem())} RAM, ${os.platform()} ${os.release()}`,
  `- Node: ${process.version}`,
  `- Date: ${new Date().toISOString().slice(0, 10)}`,
  `- Mode: ${quick ? 'quick (smaller corpora; not the reference numbers)' : 'full'}`,
  '',
];
for (const r of results) {
  lines.push(`## ${r.name}`, '', r.description, '', `Peak RSS of the workload process: ${fmtBytes(r.maxRssBytes)}; wall time ${r.seconds.toFixed(1)} s.`, '');
  lines.push('| case | value | baseline | baseline value | ratio | note |', '| --- | --- | --- | --- | --- | --- |');
  for (const row of r.rows) {
    lines.push(`| ${row.case} | ${row.value} | ${row.baseline ?? ''} | ${row.baselineValue ?? ''} | ${row.ratio ?? ''} | ${row.note ?? ''} |`);
  }
  lines.push('');
}
const target = path.join(import.meta.dirname, '..', 'BENCHMARKS.md');
if (only.length > 0 || failed.length > 0) {
  // A partial run replaces only its own sections and keeps the others.
  let existing = '';
  try {
    existing = readFileSync(target, 'utf8');
  } catch {
    /* first run */
  }
  const kept = existing.split(/\n(?=## )/).slice(1).filter((s) => !results.some((r) => s.startsWith(`## ${r.name}\n`)));
  const header = lines.slice(0, lines.findIndex((l) => l.startsWith('## ')));
  const fresh = lines.slice(header.length).join('\n').split(/\n(?=## )/);
  writeFileSync(target, [header.join('\n').trimEnd(), ...kept.map((s) => s.trimEnd()), ...fresh.map((s) => s.trimEnd())].join('\n\n') + '\n');
} else {
  writeFileSync(target, lines.join('\n'));
}
console.log(`bench: wrote ${path.relative(process.cwd(), target)}`);
if (failed.length > 0) {
  console.error(`bench: ${failed.length} workload(s) failed and kept their old sections: ${failed.join(', ')}`);
  process.exitCode = 1;
}
