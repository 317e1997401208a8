// BENCHMARKS.md as the runner writes it: a header that says what is common to every section
// (machine, Node), then one section a workload, each saying when and in which mode it was
// measured. A partial run (`npm run bench -- NAME`) replaces only its own sections, so the date
// and mode must travel with each section: a header line for the whole file would claim that
// every section was measured by the last run, whatever it ran.
import { fmtBytes, type Row } from './harness';

export interface WorkloadResult {
  name: string;
  description: string;
  rows: Row[];
  maxRssBytes: number;
  seconds: number;
  /** When and in which mode it ran (YYYY-MM-DD); absent in results of older workers: the run's. */
  date?: string;
  quick?: boolean;
  /** Whether the workload ran as an esbuild bundle (bench/bundle-workload.ts); absent: from source. */
  bundled?: boolean;
}

export interface RunInfo {
  /** YYYY-MM-DD. */
  date: string;
  quick: boolean;
  machine: string;
  node: string;
}

const MEASURED = 'Measured ';

export function measuredLine(run: Pick<RunInfo, 'date' | 'quick'> & { bundled?: boolean }): string {
  const form = run.bundled === true ? ', bundled as the CLI ships' : run.bundled === false ? ', from source through tsx' : '';
  return `${MEASURED}${run.date}, ${run.quick ? 'quick mode (smaller corpora; not the reference numbers)' : 'full mode'}${form}.`;
}

const WALL = /^Peak RSS of the workload process: .*; wall time ([0-9.]+) s\.$/m;

/** Minutes with one decimal, or seconds under a minute. */
function fmtDuration(seconds: number): string {
  return seconds < 60 ? `${seconds.toFixed(0)} s` : `${(seconds / 60).toFixed(1)} min`;
}

/**
 * How long each workload's process ran, read back from the sections themselves (each says its
 * wall time and its mode), slowest first, and what a full run adds up to: a full `npm run bench`
 * runs them one after another, so the sum is its length on the machine and load of those runs.
 */
export function runTimes(sections: readonly string[]): string {
  const rows = sections.flatMap((s) => {
    const name = /^## (.*)$/m.exec(s)?.[1];
    const wall = WALL.exec(s)?.[1];
    if (name === undefined || wall === undefined) return [];
    return [{ name, seconds: Number(wall), quick: /^Measured [^\n]*quick mode/m.test(s), date: /^Measured (\d{4}-\d{2}-\d{2})/m.exec(s)?.[1] ?? '' }];
  });
  if (rows.length === 0) return '';
  rows.sort((a, b) => b.seconds - a.seconds);
  const full = rows.filter((r) => !r.quick);
  const quick = rows.filter((r) => r.quick);
  return [
    'Run time of each workload (the wall time its section gives), slowest first. A full run runs them one',
    `after another: the full-mode sections add up to ${fmtDuration(full.reduce((n, r) => n + r.seconds, 0))}` +
      (quick.length > 0 ? `, and ${quick.length} section(s) measured in quick mode (${quick.map((r) => r.name).join(', ')}) take longer in full mode.` : '.'),
    '',
    '| workload | wall time | mode | measured |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.name} | ${fmtDuration(r.seconds)} | ${r.quick ? 'quick' : 'full'} | ${r.date} |`),
  ].join('\n');
}

export function header(run: RunInfo, sections: readonly string[] = []): string {
  const times = runTimes(sections);
  return [
    '# Benchmarks',
    '',
    'Written by `npm run bench`; do not edit by hand. Every timing is the median of repeated runs',
    '(the notes give the range of the runs: the machine may be shared, and the median is not the best run),',
    'and each case is compared with a baseline measured in the same run, the two alternating (ratio = case / baseline).',
    'Each workload runs in its own process, so "peak RSS" is that workload\'s own peak. Each section says when',
    'and in which mode (full, or quick with smaller corpora) it was measured: a partial run replaces only its own sections.',
    'Each workload runs as an esbuild bundle for Node, as the CLI ships (bench/bundle-workload.ts); a section whose',
    '"Measured" line does not say "bundled" ran from source through tsx, which cost hot loops up to 3.7x (a keyword query\'s CPU).',
    '',
    `- Machine: ${run.machine}`,
    `- Node: ${run.node}`,
    ...(times === '' ? [] : ['', times]),
  ].join('\n');
}

export function section(r: WorkloadResult, run: RunInfo): string {
  const lines = [`## ${r.name}`, '', measuredLine({ date: r.date ?? run.date, quick: r.quick ?? run.quick, bundled: r.bundled }), '', r.description, '', `Peak RSS of the workload process: ${fmtBytes(r.maxRssBytes)}; wall time ${r.seconds.toFixed(1)} s.`, ''];
  lines.push('| case | value | baseline | baseline value | ratio | note |', '| --- | --- | --- | --- | --- | --- |');
  for (const row of r.rows) lines.push(`| ${row.case} | ${row.value} | ${row.baseline ?? ''} | ${row.baselineValue ?? ''} | ${row.ratio ?? ''} | ${row.note ?? ''} |`);
  return lines.join('\n');
}

/** `- Date: …` / `- Mode: …` of a file written before sections carried their own. */
function oldHeaderField(head: string, field: string): string | null {
  const m = new RegExp(`^- ${field}: (.*)$`, 'm').exec(head);
  return m?.[1]?.trim() ?? null;
}

/**
 * A kept section of an older file that does not say when it was measured gets the old header's
 * date and mode, said as what they are (the header of the run that wrote the file, which may
 * have run only some sections), rather than the new run's.
 */
function dated(kept: string, oldHead: string): string {
  const lines = kept.split('\n');
  if (lines[2]?.startsWith(MEASURED)) return kept;
  const date = oldHeaderField(oldHead, 'Date');
  const mode = oldHeaderField(oldHead, 'Mode');
  const said = date === null && mode === null ? 'not recorded' : `the file's header said ${[date && `date ${date}`, mode && `mode ${mode}`].filter(Boolean).join(', ')}`;
  return [lines[0] ?? '', '', `${MEASURED}before per-section dates were kept (${said}).`, ...lines.slice(1)].join('\n');
}

/**
 * The new file: a whole run (`partial` false) is all fresh; a partial run keeps the sections of
 * `existing` it did not run, in their order, and puts its own after them.
 */
export function compose(results: readonly WorkloadResult[], run: RunInfo, existing: string | null, partial: boolean): string {
  const fresh = results.map((r) => section(r, run));
  if (!partial || existing === null) return [header(run, fresh), ...fresh].join('\n\n') + '\n';
  const [oldHead = '', ...oldSections] = existing.split(/\n(?=## )/);
  const kept = oldSections.filter((s) => !results.some((r) => s.startsWith(`## ${r.name}\n`))).map((s) => dated(s.trimEnd(), oldHead));
  return [header(run, [...kept, ...fresh]), ...kept, ...fresh].join('\n\n') + '\n';
}
