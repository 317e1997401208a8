// Accept all / Reject all for one message's edits: the blocks go through exactly the check of
// their widgets' buttons (the block must still be in its note, the ledger must know it, on accept
// the policy it was proposed under and the settings now), and what was decided in all the notes
// is written as ONE journaled job, so one undo (or the message's "Undo turn") takes the whole
// Accept all or Reject all back. What became of each edit is returned as the history's edit states.
import { journaledNotesWriter } from '../../edits/journal/journaled-note-writer';
import { messageDecisionJobDescription } from '../../edits/pending/decision-job';
import { resolveEditBlocksTogether, type Decision } from '../../edits/pending/resolve-edit-blocks';
import type { ChatTurnEdit } from '../../agents/task/chat-history';
import type { WidgetDeps } from '../pending/widget-deps';

export interface EditDecisionResult {
  edits: ChatTurnEdit[];
  /** Why each edit that could not be decided was not, by the edit's id. */
  failures: Map<string, string>;
}

export async function decideEdits(deps: WidgetDeps, edits: readonly ChatTurnEdit[], decision: Decision): Promise<EditDecisionResult> {
  const port = deps.port();
  const picks = new Map<string, string[]>();
  for (const e of edits) if (e.state === 'proposed' && e.id !== '') picks.set(e.file, [...(picks.get(e.file) ?? []), e.id]);
  const outcomes = await resolveEditBlocksTogether(port, picks, decision, {
    policy: (note) => deps.editPolicy(note),
    writeAll: journaledNotesWriter(port, messageDecisionJobDescription(decision, [...picks.values()].flat(), picks.size)),
  });
  const failures = new Map<string, string>();
  const out = edits.map((e): ChatTurnEdit => {
    const o = outcomes.find((x) => x.id === e.id && x.note === e.file);
    if (!o || e.state !== 'proposed' || e.id === '') return e;
    if (o.status === 'done') return { ...e, state: decision === 'accept' ? 'accepted' : 'rejected' };
    failures.set(e.id, o.reason ?? 'refused');
    return e;
  });
  return { edits: out, failures };
}
