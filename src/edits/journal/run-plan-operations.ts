// Runs the accepted operations of a plan note as one journaled job and writes the outcome back
// into each block: `done`, or `failed` with the reason. The scope policy (operation limit
// included) is checked once more right before anything runs.
import type { VaultPort } from '../../vault-vfs/vault-port';
import { opBlocks, updateOpBlocks, type OpDecision } from '../pending/plan-note';
import { plannedOperationOf } from '../pending/op-block-data';
import { noteEditRefusals, notePathsNow } from '../pending/note-edit-check';
import { foreignBlockReason } from '../pending/plan-owner';
import { isNoteEdit } from '../../vault-vfs/operations';
import { filter, opProposal } from '../scope/filter-proposals';
import type { ScopePolicy } from '../scope/scope-policy';
import { executeJob, type JobReport } from './execute-job';
import { JournalBusyError, JournalChangedError } from './journal-lock';
import { JournalStore } from './journal-store';
import { operationsAlreadyRun } from './plan-truth';

export interface PlanRunReport {
  /** The journaled job, or null when nothing was accepted and allowed. */
  job: JobReport | null;
  /** Operations the policy refused now, with the reason (marked failed in the note). */
  refused: { id: string; reason: string }[];
  /** What happened to each operation that was to run: done, or failed with the reason. */
  results: { id: string; state: 'done' | 'failed'; error?: string }[];
  /** How the blocks were updated. */
  marked: OpDecision[];
}

/** Runs accepted operations of `note` (only those in `ids`, when given). */
export async function runAcceptedOperations(port: VaultPort, note: string, policy: ScopePolicy, ids: readonly string[] | null = null, opts: { signal?: AbortSignal } = {}): Promise<PlanRunReport> {
  const text = await port.read(note);
  const all = opBlocks(text);
  const candidates = all.filter((b) => b.data.state === 'accepted' && (ids === null || ids.includes(b.data.id)));
  // A block that names another plan than the note's own was not written by Reeve for it.
  const foreign = candidates.flatMap((b) => {
    const reason = foreignBlockReason(text, b.data.job);
    return reason === null ? [] : [{ id: b.data.id, reason }];
  });
  const accepted = candidates.filter((b) => !foreign.some((f) => f.id === b.data.id));
  const ops = accepted.map((b) => plannedOperationOf(b.data));
  const checked = filter(ops.map(opProposal), policy);
  const planId = accepted[0]?.data.job;
  // An operation a finished job already ran (its block not marked, say, after a crash) runs once only.
  const ran = planId === undefined ? new Map<string, string>() : await operationsAlreadyRun(new JournalStore(port.state), planId);
  // A note edit runs only on a note still as planned, wherever moves of this plan that ran put it.
  const toRun = new Set(checked.allowed.map((p) => p.op.opId).filter((id) => !ran.has(id)));
  const stale = await noteEditRefusals(port, all, accepted.filter((b) => toRun.has(b.data.id)));
  const now = notePathsNow(all);
  const refused = [...foreign, ...checked.refused.map((r) => ({ id: r.proposal.op.opId, reason: r.reason })), ...[...stale].map(([id, reason]) => ({ id, reason }))];
  const allowed = checked.allowed
    .map((p) => p.op)
    .filter((op) => !ran.has(op.opId) && !stale.has(op.opId))
    .map((op) => {
      // Each runs where this plan's moves that already ran put what it names.
      if (op.type === 'move' || op.type === 'rename') return { ...op, source: now(op.source) };
      return isNoteEdit(op) || op.type === 'trash' ? { ...op, path: now(op.path) } : op;
    });
  let job: JobReport | null = null;
  const outcome = new Map<string, { state: 'done' | 'failed'; error?: string }>();
  for (const r of refused) outcome.set(r.id, { state: 'failed', error: r.reason });
  for (const op of checked.allowed) if (ran.has(op.op.opId)) outcome.set(op.op.opId, { state: 'done' });
  if (allowed.length > 0) {
    try {
      job = await executeJob(port, { description: `organize plan ${planId ?? ''} (${note}): ${allowed.length} operations`, operations: allowed, planNote: note, ...(planId ? { plan: planId } : {}) }, opts.signal ? { signal: opts.signal } : {});
    } catch (e) {
      // Another run held or changed the vault, and nothing of this job ran: the blocks say so
      // (left `accepted`, they claimed a run that never came), then the caller hears why.
      if (!(e instanceof JournalBusyError || e instanceof JournalChangedError)) throw e;
      for (const op of allowed) outcome.set(op.opId, { state: 'failed', error: `not run: ${e.message}` });
      await updateOpBlocks(port, note, (b) => outcome.get(b.data.id) ?? null);
      throw e;
    }
    if (job.stopped !== null) {
      const ran = new Set(job.stopped.opIds);
      for (const op of allowed) outcome.set(op.opId, ran.has(op.opId) ? { state: 'done' } : { state: 'failed', error: 'not run: the run was stopped (Ctrl-C) before it' });
    } else if (job.failure === null) for (const op of allowed) outcome.set(op.opId, { state: 'done' });
    else {
      // The job was rolled back: the refused step is failed, the others are still just accepted.
      const failedId = job.failure.opId;
      if (failedId !== undefined) outcome.set(failedId, { state: 'failed', error: job.failure.reason });
    }
  }
  const marked = await updateOpBlocks(port, note, (b) => outcome.get(b.data.id) ?? null);
  const results = ops.map((op) => {
    const o = outcome.get(op.opId);
    if (o?.state === 'done') return { id: op.opId, state: 'done' as const };
    return { id: op.opId, state: 'failed' as const, error: o?.error ?? `not run: step ${job?.failure ? `"${job.failure.operation}" was refused (${job.failure.reason}), so the plan was rolled back` : 'skipped'}` };
  });
  return { job, refused, results, marked };
}
