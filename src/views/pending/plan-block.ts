// The `ai-plan` block organize writes near the top of a plan note: {"job","folder","operations"}.
// It names the folder the plan organizes, which decides the scope its operations are held to.
import { foreignBlockReason, notePlan } from '../../edits/pending/plan-owner';
import { splitLines } from '../../edits/text/lines';

export const PLAN_INFO = 'ai-plan';

export interface PlanBlockData {
  job: string;
  /** The folder organized, '' for the vault root. */
  folder: string;
  /** How many operations the plan held when it was written. */
  operations: number;
}

/** Checks a rendered `ai-plan` source; a string says what is wrong. */
export function readPlanBlock(source: string): PlanBlockData | string {
  let v: unknown;
  try {
    v = JSON.parse(source);
  } catch (e) {
    return `the JSON is damaged (${e instanceof Error ? e.message : String(e)})`;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'the block does not hold a JSON object';
  const r = v as Record<string, unknown>;
  if (typeof r.job !== 'string' || r.job === '') return 'the block has no "job"';
  if (typeof r.folder !== 'string') return '"folder" is missing or not text';
  const operations = typeof r.operations === 'number' && Number.isInteger(r.operations) && r.operations >= 0 ? r.operations : null;
  if (operations === null) return '"operations" should be a count';
  return { job: r.job, folder: r.folder.replace(/^\/+|\/+$/g, ''), operations };
}

/** Every readable `ai-plan` block in a note's text. */
export function planBlocksIn(text: string): PlanBlockData[] {
  const lines = splitLines(text);
  const out: PlanBlockData[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^`{3,}ai-plan[ \t]*$/.test(lines[i] ?? '')) continue;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*`{3,}\s*$/.test(lines[j] ?? ''); j++) body.push(lines[j] ?? '');
    const data = readPlanBlock(body.join('\n'));
    if (typeof data !== 'string') out.push(data);
    i = j;
  }
  return out;
}

/** The folder the plan `job` organizes, or a reason it cannot be told. */
export function planFolderOf(text: string, job: string): { ok: true; folder: string } | { ok: false; reason: string } {
  // Reeve's own frontmatter decides; blocks in the body could have come from model text.
  const foreign = foreignBlockReason(text, job);
  if (foreign !== null) return { ok: false, reason: foreign };
  const owner = notePlan(text);
  if (owner?.folder != null) return { ok: true, folder: owner.folder };
  const plans = planBlocksIn(text).filter((p) => p.job === job);
  if (plans.length === 1) return { ok: true, folder: (plans[0] as PlanBlockData).folder };
  if (plans.length === 0) return { ok: false, reason: `the note has no ai-plan block for plan ${job}, so the folder it organizes (and the scope to check) is unknown` };
  return { ok: false, reason: `the note has ${plans.length} ai-plan blocks for plan ${job}; remove the extra ones` };
}
