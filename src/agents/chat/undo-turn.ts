// "Undo turn": one action that takes a chat message's edits back. Every accept or reject of the
// message's blocks that the journal recorded is undone, newest first (so two decisions in one note
// undo in the order that restores it), each through `undoJob`, which refuses, with the reason and
// nothing changed, a note edited since (the same check as the undo command). The blocks that are
// then pending, those put back and those never decided, are rejected through the journal, as the
// widgets' Reject does. What cannot be taken back is reported per edit with its reason.
import { listFinishedJobs, undoJob, type FinishedJob } from '../../edits/journal/recover-jobs';
import { journaledNoteWriter } from '../../edits/journal/journaled-note-writer';
import { decisionJobDescription, decisionOfJob } from '../../edits/pending/decision-job';
import { resolveEditBlock } from '../../edits/pending/resolve-edit-blocks';
import type { ScopePolicy } from '../../edits/scope/scope-policy';
import type { VaultPort } from '../../vault-vfs/vault-port';
import type { ChatTurnEdit } from '../task/chat-history';

export interface TurnUndoResult {
  /** The edits with their states after the undo. */
  edits: ChatTurnEdit[];
  /** Why each edit that could not be taken back was not, by id. */
  failures: Map<string, string>;
  /** How many accepted edits were taken back, and how many pending ones rejected. */
  undone: number;
  rejected: number;
}

/** The journal's applied decisions of the edits, newest first; one job (an Accept all) may decide several. */
function decisionsOf(jobs: readonly FinishedJob[], edits: readonly ChatTurnEdit[]): { job: FinishedJob; edits: ChatTurnEdit[] }[] {
  const out: { job: FinishedJob; edits: ChatTurnEdit[] }[] = [];
  for (const job of jobs) {
    if (job.state !== 'applied') continue;
    const decided = edits.filter((e) => e.id !== '' && decisionOfJob(job.description, e.id) !== null);
    if (decided.length > 0) out.push({ job, edits: decided });
  }
  // Job ids sort by time too (newJobId), which breaks ties of the same millisecond.
  return out.sort((a, b) => b.job.createdAt - a.job.createdAt || (a.job.job < b.job.job ? 1 : -1));
}

export async function undoTurn(port: VaultPort, edits: readonly ChatTurnEdit[], policy: (note: string) => ScopePolicy): Promise<TurnUndoResult> {
  const failures = new Map<string, string>();
  const states = new Map(edits.map((e) => [e, e.state]));
  let undone = 0;
  let rejected = 0;
  const decided = decisionsOf(await listFinishedJobs(port), edits);
  // One refused undo of an edit leaves its older decisions alone: undoing them would skip the newer one.
  const stuck = new Set<ChatTurnEdit>();
  for (const { job, edits: jobEdits } of decided) {
    if (jobEdits.some((e) => stuck.has(e))) {
      for (const e of jobEdits) stuck.add(e);
      continue;
    }
    try {
      await undoJob(port, job.job);
      for (const e of jobEdits) {
        if (decisionOfJob(job.description, e.id) === 'accept') undone++;
        states.set(e, 'proposed');
      }
    } catch (err) {
      for (const e of jobEdits) {
        stuck.add(e);
        failures.set(e.id, err instanceof Error ? err.message : String(err));
      }
    }
  }
  for (const e of edits) {
    if (e.state === 'accepted' && !decided.some((d) => d.edits.includes(e)) && !failures.has(e.id)) failures.set(e.id, 'the journal has no record of accepting it here (accepted outside Reeve, or its journal was cleared); undo it by hand');
  }
  for (const e of edits) {
    if (states.get(e) !== 'proposed' || e.id === '' || stuck.has(e)) continue;
    // A note renamed since: the edit's file is where the chat last saw it.
    const outcome = await resolveEditBlock(port, e.file, e.id, 'reject', { policy: policy(e.file), writer: journaledNoteWriter(port, decisionJobDescription('reject', e.id, e.file)) });
    if (outcome.status === 'done') {
      states.set(e, 'rejected');
      if (e.state === 'proposed') rejected++;
    } else failures.set(e.id, `${e.state === 'proposed' ? 'not rejected' : 'put back, but not rejected'}: ${outcome.reason ?? 'refused'}`);
  }
  return { edits: edits.map((e) => ({ ...e, state: states.get(e) ?? e.state })), failures, undone, rejected };
}
