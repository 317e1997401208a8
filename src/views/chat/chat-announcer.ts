// What a screen reader hears of a run, through one polite live region (role="status"): a phase
// starting and ending, a question, an error, the edits proposed and the end of the run. Never the
// streamed text: a token-by-token answer read aloud would drown everything else, and the answer
// is there to read once the run says it is complete. The region is visually hidden.
import type { PhaseName, PipelineEvent } from '../../agents/pipeline/pipeline-events';

const TITLE: Record<PhaseName, string> = { scout: 'Scout', web: 'Web', task: 'Task' };

/** The sentence an event is announced with, or null for events that are not announced. */
export function announcement(e: PipelineEvent): string | null {
  switch (e.type) {
    case 'phase_started':
      return `${TITLE[e.phase]} is working.`;
    case 'phase_finished':
      return `${TITLE[e.phase]} ${e.stopped ? 'stopped' : 'done'}.`;
    case 'question':
      return `${TITLE[e.phase]} asks you: ${e.question}`;
    case 'edits_proposed':
      return `${e.edits.length} edit${e.edits.length === 1 ? '' : 's'} proposed, waiting for you to accept or reject.`;
    case 'error':
      return `Error${e.phase ? ` in ${TITLE[e.phase]}` : ''}: ${e.message}`;
    case 'run_finished':
      return e.stopped ? 'Stopped. What arrived before is kept.' : e.error !== null ? 'The run ended with an error.' : 'The answer is complete.';
    default:
      return null;
  }
}

/** Keeps only the last few sentences: the region is read as sentences are added, not reread. */
const KEPT = 4;

export class ChatAnnouncer {
  readonly el: HTMLElement;

  constructor(parent: HTMLElement) {
    this.el = parent.createDiv({ cls: 'reeve-visually-hidden', attr: { role: 'status', 'aria-live': 'polite' } });
  }

  event(e: PipelineEvent): void {
    const text = announcement(e);
    if (text !== null) this.say(text);
  }

  say(text: string): void {
    this.el.createDiv({ text });
    while (this.el.childElementCount > KEPT) this.el.firstElementChild?.remove();
  }
}
