// Accepting plan operations from a widget: mark them accepted (the scope policy is checked), then
// run every accepted one as a single journaled job, with a progress Notice that shows the counts.
// Links are kept because the Obsidian adapter renames through FileManager.renameFile.
import { Notice } from 'obsidian';
import { decideOpBlocks, opBlocks } from '../../edits/pending/plan-note';
import { runRecordedOperations } from '../../edits/pending/run-recorded-operations';
import type { ScopePolicy } from '../../edits/scope/scope-policy';
import type { VaultPort } from '../../vault-vfs/vault-port';

export interface RunSummary {
  /** Operations the policy, the ledger or their state refused, with the reason. */
  refused: { id: string; reason: string; unrecorded?: boolean }[];
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

/**
 * Accepts `ids` (every undecided operation when null) and runs all accepted ones among them that
 * the ledger vouches for; `confirmUnrecorded` when the user confirmed operations not proposed here.
 */
export async function acceptAndRun(port: VaultPort, note: string, ids: string[] | null, policy: ScopePolicy, onJobDone?: (jobId: string) => void, confirmUnrecorded = false): Promise<RunSummary> {
  const progress = new Notice(`Reeve: accepting ${ids === null ? 'all pending operations' : plural(ids.length, 'operation')}…`, 0);
  try {
    const marked = await decideOpBlocks(port, note, ids, 'accept', policy, { confirmUnrecorded });
    const refused = marked.filter((d) => d.status === 'refused').map((d) => ({ id: d.id, reason: d.reason ?? 'refused', unrecorded: d.unrecorded === true }));
    const wanted = ids === null ? null : new Set(ids);
    const toRun = opBlocks(await port.read(note)).filter((b) => b.data.state === 'accepted' && (wanted === null || wanted.has(b.data.id))).length;
    if (toRun === 0) return { refused, done: [], failed: [], jobId: null };
    progress.setMessage(`Reeve: running ${plural(toRun, 'operation')} through the journal (${plural(refused.length, 'refusal')})…`);
    const report = await runRecordedOperations(port, note, policy, ids, { confirmUnrecorded });
    for (const h of report.held) if (!refused.some((r) => r.id === h.id)) refused.push(h);
    const done = report.results.filter((r) => r.state === 'done').map((r) => r.id);
    const failed = report.results.filter((r) => r.state === 'failed').map((r) => ({ id: r.id, error: r.error ?? 'failed' }));
    const jobId = report.job?.state === 'applied' ? report.job.job : null;
    if (jobId !== null) onJobDone?.(jobId);
    return { refused, done, failed, jobId };
  } finally {
    progress.hide();
  }
}
