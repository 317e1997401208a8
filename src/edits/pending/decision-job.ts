// The journal's name for one block's accept or reject ("accept edit e1 in Notes/a.md"), written by
// the widget's buttons and the chat's Accept all / Reject all alike, so that "Undo turn" can find
// the jobs that decided a chat message's blocks by their ids (a note renamed since keeps the id).

export type BlockDecision = 'accept' | 'reject';

export function decisionJobDescription(decision: BlockDecision, id: string, note: string): string {
  return `${decision} edit ${id} in ${note}`;
}

/** The decision a job's description records for block `id`, or null when it is not one of `id`'s. */
export function decisionOfJob(description: string, id: string): BlockDecision | null {
  for (const d of ['accept', 'reject'] as const) if (description.startsWith(`${d} edit ${id} in `)) return d;
  return null;
}
