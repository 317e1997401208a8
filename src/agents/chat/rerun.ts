// Running a sent message again: Retry (the same request) or Edit (a new text), in the context the
// message was sent with (its note, agents, link depth, folder choice and named notes) and with
// the history of the messages before it only. The messages after it are replaced: the plan says
// how many, so the view can say so before it runs.
import type { AskRequest } from '../pipeline/run-pipeline';
import type { ChatMessageRecord } from './chat-types';

export interface RerunPlan {
  /** The messages kept: those before the one run again. */
  kept: ChatMessageRecord[];
  /** How many messages after it are replaced (the message itself is replaced too). */
  replacedAfter: number;
  request: AskRequest;
}

export function rerunPlan(messages: readonly ChatMessageRecord[], index: number, text?: string): RerunPlan {
  const m = messages[index];
  if (m === undefined) throw new RangeError(`no message ${index + 1} in a chat of ${messages.length}`);
  const kept = messages.slice(0, index);
  return {
    kept,
    replacedAfter: messages.length - index - 1,
    request: {
      task: text ?? m.request,
      currentNote: m.currentNote,
      agents: { ...m.agents },
      depth: m.depth,
      sameFolder: m.sameFolder,
      manual: [...m.manual],
      history: kept.map((k) => k.turn),
    },
  };
}

/** What running a message again does to the ones after it, in words ("" when there are none). */
export function replacedText(after: number): string {
  if (after === 0) return '';
  return after === 1 ? 'The message after it is replaced.' : `The ${after} messages after it are replaced.`;
}
