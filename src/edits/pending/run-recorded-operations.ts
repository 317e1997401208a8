// Runs the accepted operations of a plan note, but only those the ledger vouches for: a block
// can be written as `"state":"accepted"` by anyone who can edit the note, so being marked accepted
// is not enough. Each must be an operation Reeve planned (and pass the policy it was planned
// under), or one the user confirmed knowing it was not; the others are held back, untouched, and
// reported. Everything that may run goes through the journal as one job.
import { runAcceptedOperations, type PlanRunReport } from '../journal/run-plan-operations';
import { opProposal } from '../scope/filter-proposals';
import type { ScopePolicy } from '../scope/scope-policy';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { acceptRefusal } from './ledger/accept-check';
import { opBlocks, opVerdicts } from './plan-note';
import { plannedOperationOf } from './op-block-data';

export interface RecordedRunReport extends PlanRunReport {
  /** Accepted operations that did not run: not proposed here, or refused by their recorded policy. */
  held: { id: string; reason: string; unrecorded: boolean }[];
}

export async function runRecordedOperations(port: VaultPort, note: string, policy: ScopePolicy, ids: readonly string[] | null = null, opts: { confirmUnrecorded?: boolean; signal?: AbortSignal } = {}): Promise<RecordedRunReport> {
  const accepted = opBlocks(await port.read(note)).filter((b) => b.data.state === 'accepted' && (ids === null || ids.includes(b.data.id)));
  const verdicts = await opVerdicts(port, note, accepted);
  const held: RecordedRunReport['held'] = [];
  const vouched: string[] = [];
  for (const b of accepted) {
    const verdict = verdicts.get(b.raw);
    const refusal = acceptRefusal(verdict, opProposal(plannedOperationOf(b.data)), policy, opts.confirmUnrecorded === true);
    if (refusal) held.push({ id: b.data.id, reason: refusal.reason, unrecorded: refusal.unrecorded });
    else vouched.push(b.data.id);
  }
  const report = await runAcceptedOperations(port, note, policy, vouched, opts.signal ? { signal: opts.signal } : {});
  return { ...report, held };
}
