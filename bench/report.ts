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
}

export interface RunInfo {
  /** YYYY-MM-DD. */
  date: string;
  quick: boolean;
  machine: string;
  node: string;
}

const MEASURED = 'Measured ';

export function measuredLine(run: Pick<RunInfo, 'date' | 'quick'>): string {
  return `${MEASURED}${run.date}, ${run.quick ? 'quick mode (smaller corpora; not the reference numbers)' : 'full mode'}.`;
}

export function header(run: RunInfo): string {
  return [
    '# Benchmarks',
    '',
    'Written by `npm run bench`; do not edit by hand. Every timing is the median of repeated runs',
    '(the notes give the range of the runs: the machine may be shared, and the median is not the best run),',
    'and each case is compared with a baseline measured in the same run, the two alternating (ratio = case / baseline).',
    'Each workload runs in its own process, so "peak RSS" is that workload\'s own peak. Each section says when',
    'and in which mode (full, or quick with smaller corpora) it was measured: a partial run replaces only its own sections.',
    '',
    `- Machine: ${run.machine}`,
    `- Node: ${run.node}`,
  ].join('\n');
}

export function section(r: WorkloadResult, run: RunInfo): string {
  const lines = [`## ${r.name}`, '', measuredLine({ date: r.date ?? run.date, quick: r.quick ?? run.quick }), '', r.description, '', `Peak RSS of the workload process: ${fmtBytes(r.maxRssBytes)}; wall time ${r.seconds.toFixed(1)} s.`, ''];
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
  if (!partial || existing === null) return [header(run), ...fresh].join('\n\n') + '\n';
  const [oldHead = '', ...oldSections] = existing.split(/\n(?=## )/);
  const kept = oldSections.filter((s) => !results.some((r) => s.startsWith(`## ${r.name}\n`))).map((s) => dated(s.trimEnd(), oldHead));
  return [header(run), ...kept, ...fresh].join('\n\n') + '\n';
}
