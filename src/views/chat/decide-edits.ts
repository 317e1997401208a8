// Accept all / Reject all for one message's edits: each block goes through exactly the code path
// of its widget's button (resolveEditBlock: the block must still be in its note, the ledger must
// know it, the scope policy is checked again on accept, and the write is journaled, so it can be
// undone). What became of each edit is returned as the history's edit states.
import { journaledNoteWriter } from '../../edits/journal/journaled-note-writer';
import { decisionJobDescription } from '../../edits/pending/decision-job';
import { resolveEditBlock, type Decision } from '../../edits/pending/resolve-edit-blocks';
import type { ChatTurnEdit } from '../../agents/task/chat-history';
import type { WidgetDeps } from '../pending/widget-deps';

export interface EditDecisionResult {
  edits: ChatTurnEdit[];
  /** Why each edit that could not be decided was not, by the edit's id. */
  failures: Map<string, string>;
}

export async function decideEdits(deps: WidgetDeps, edits: readonly ChatTurnEdit[], decision: Decision): Promise<EditDecisionResult> {
  const port = deps.port();
  const failures = new Map<string, string>();
  const out: ChatTurnEdit[] = [];
  for (const e of edits) {
    if (e.state !== 'proposed' || e.id === '') {
      out.push(e);
      continue;
    }
    const outcome = await resolveEditBlock(port, e.file, e.id, decision, {
      policy: deps.editPolicy(e.file),
      writer: journaledNoteWriter(port, decisionJobDescription(decision, e.id, e.file)),
    });
    if (outcome.status === 'done') out.push({ ...e, state: decision === 'accept' ? 'accepted' : 'rejected' });
    else {
      out.push(e);
      failures.set(e.id, outcome.reason ?? 'refused');
    }
  }
  return { edits: out, failures };
}
