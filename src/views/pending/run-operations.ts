// Accepting plan operations from a widget: mark them accepted (the scope policy is checked), then
// run every accepted one as a single journaled job, with a progress Notice that shows the counts.
// Links are kept because the Obsidian adapter renames through FileManager.renameFile.
import { Notice } from 'obsidian';
import { runAcceptedOperations } from '../../edits/journal/run-plan-operations';
import { decideOpBlocks, opBlocks } from '../../edits/pending/plan-note';
import type { ScopePolicy } from '../../edits/scope/scope-policy';
import type { VaultPort } from '../../vault-vfs/vault-port';

export interface RunSummary {
  /** Operations the policy (or their state) refused to accept, with the reason. */
  refused: { id: string; reason: string }[];
  done: string[];
  failed: { id: string; error: string }[];
  /** The journal's job, when one ran and was applied. */
  jobId: string | null;
}

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** One line for the user: what ran, what failed, what was refused. */
export function summaryText(s: RunSummary): string {
  const parts = [`${plural(s.done.length, 'operation')} done`];
  if (s.failed.length > 0) parts.push(`${s.failed.length} failed (${s.failed[0]?.error ?? ''})`);
  if (s.refused.length > 0) parts.push(`${s.refused.length} refused (${s.refused[0]?.reason ?? ''})`);
  return parts.join(', ');
}

/** Accepts `ids` (every undecided operation when null) and runs all accepted ones among them. */
export async function acceptAndRun(port: VaultPort, note: string, ids: string[] | null, policy: ScopePolicy, onJobDone?: (jobId: string) => void): Promise<RunSummary> {
  const progress = new Notice(`Steward: accepting ${ids === null ? 'all pending operations' : plural(ids.length, 'operation')}…`, 0);
  try {
    const marked = await decideOpBlocks(port, note, ids, 'accept', policy);
    const refused = marked.filter((d) => d.status === 'refused').map((d) => ({ id: d.id, reason: d.reason ?? 'refused' }));
    const wanted = ids === null ? null : new Set(ids);
    const toRun = opBlocks(await port.read(note)).filter((b) => b.data.state === 'accepted' && (wanted === null || wanted.has(b.data.id))).length;
    if (toRun === 0) return { refused, done: [], failed: [], jobId: null };
    progress.setMessage(`Steward: running ${plural(toRun, 'operation')} through the journal (${plural(refused.length, 'refusal')})…`);
    const report = await runAcceptedOperations(port, note, policy, ids);
    const done = report.results.filter((r) => r.state === 'done').map((r) => r.id);
    const failed = report.results.filter((r) => r.state === 'failed').map((r) => ({ id: r.id, error: r.error ?? 'failed' }));
    const jobId = report.job?.state === 'applied' ? report.job.job : null;
    if (jobId !== null) onJobDone?.(jobId);
    return { refused, done, failed, jobId };
  } finally {
    progress.hide();
  }
}
