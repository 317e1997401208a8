// The journal's name for a decision on pending blocks: one block's accept or reject ("accept edit
// e1 in Notes/a.md", the widget's buttons), or a chat message's Accept all / Reject all, which is
// one job for all its blocks ("accept edits e1 e2 of a chat message (2 notes)"). "Undo turn" finds
// the jobs that decided a chat message's blocks by their ids (a note renamed since keeps the id).

export type BlockDecision = 'accept' | 'reject';

const MESSAGE_JOB = ' of a chat message (';

export function decisionJobDescription(decision: BlockDecision, id: string, note: string): string {
  return `${decision} edit ${id} in ${note}`;
}

/** The one job of a chat message's Accept all / Reject all over `ids`, in `notes` notes. */
export function messageDecisionJobDescription(decision: BlockDecision, ids: readonly string[], notes: number): string {
  return `${decision} edits ${ids.join(' ')}${MESSAGE_JOB}${notes} note${notes === 1 ? '' : 's'})`;
}

/** The decision a job's description records for block `id`, or null when it is not one of `id`'s. */
export function decisionOfJob(description: string, id: string): BlockDecision | null {
  for (const d of ['accept', 'reject'] as const) {
    if (description.startsWith(`${d} edit ${id} in `)) return d;
    const many = `${d} edits `;
    const end = description.lastIndexOf(MESSAGE_JOB);
    if (description.startsWith(many) && end > many.length && description.slice(many.length, end).split(' ').includes(id)) return d;
  }
  return null;
}
