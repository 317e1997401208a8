// One message of the chat: the request as the user typed it (plain text), the run's timeline, the
// edits card and the message's tokens and cost. Used live (events applied as they arrive) and to
// show a saved message again (its events replayed, then its final answer and edit states).
import type { PipelineEvent } from '../../agents/pipeline/pipeline-events';
import type { ChatTurnEdit } from '../../agents/task/chat-history';
import type { Decision } from '../../edits/pending/resolve-edit-blocks';
import type { ChatMessageRecord } from './chat-record';
import { messageUsage } from './chat-record';
import { renderEditsCard, type EditFailures } from './edits-card';
import { renderMessageActions, type TurnActions } from './message-actions';
import { RunTimeline, type TimelineActions } from './run-timeline';
import type { UntrustedRenderContext } from './untrusted-markdown';
import { spentText } from './usage-text';

export interface MessageActions extends TimelineActions {
  openEdit(edit: ChatTurnEdit): void;
  /** Decides the message's pending edits (the record gets their new states); returns why each edit not decided was not, by id. */
  decideEdits(record: ChatMessageRecord, decision: Decision): Promise<Map<string, string>>;
  /** Copy, Retry, Edit, Insert into note (message-actions.ts); none while the message runs. */
  turn?: TurnActions;
}

/**
 * The answer the message shows: the run's, or for a run stopped before it had one, the Task
 * agent's text as far as it streamed ("what arrived is kept"), unless that was the answer's JSON.
 */
function shownAnswer(record: ChatMessageRecord): string {
  if (record.turn.answer.trim() !== '' || !record.stopped) return record.turn.answer;
  const streamed = record.events.map((e) => (e.type === 'text_delta' && e.phase === 'task' ? e.text : '')).join('');
  return /^\s*[{[]/.test(streamed) ? '' : streamed;
}

export class MessageView {
  readonly timeline: RunTimeline;
  private readonly editsEl: HTMLElement;
  private readonly usageEl: HTMLElement;
  private readonly requestEl: HTMLElement;
  private readonly turnEl: HTMLElement;
  /** What the last Accept all / Reject all could not do, shown until the edits are decided. */
  private failed: EditFailures | null = null;
  /** Where a question is shown when no phase has asked one yet (the timeline places the rest). */
  private readonly spareQuestionsEl: HTMLElement;

  constructor(
    readonly el: HTMLElement,
    readonly record: ChatMessageRecord,
    private readonly ctx: UntrustedRenderContext,
    private readonly actions: MessageActions,
    streaming: boolean,
  ) {
    el.addClass('reeve-chat-message');
    // The user's words and the agents' output are landmarks of their own, to move between by screen reader.
    this.requestEl = el.createDiv({ cls: 'reeve-chat-request', text: record.turn.request, attr: { role: 'region', 'aria-label': 'Your message' } });
    this.timeline = new RunTimeline(el.createDiv({ attr: { role: 'region', 'aria-label': 'Reeve’s answer' } }), ctx, actions, streaming);
    this.spareQuestionsEl = el.createDiv({ cls: 'reeve-chat-questions' });
    this.editsEl = el.createDiv();
    this.usageEl = el.createDiv({ cls: 'reeve-chat-message-usage' });
    this.turnEl = el.createDiv();
  }

  /** Where an ask_user question is answered: in the section of the phase that asked it. */
  get questionsEl(): HTMLElement {
    return this.timeline.questionSlot ?? this.spareQuestionsEl;
  }

  apply(event: PipelineEvent): void {
    this.timeline.apply(event);
  }

  /** Shows the final answer, the edits and the message's totals (after a run, or replayed). */
  async complete(): Promise<void> {
    const answer = shownAnswer(this.record);
    await this.timeline.finish(answer);
    this.drawEdits();
    if (this.actions.turn) renderMessageActions(this.turnEl, this.requestEl, this.record, answer, this.actions.turn);
    const u = messageUsage(this.record);
    const whole = !this.record.stopped && this.record.error === null;
    this.usageEl.setText(u.usage.inputTokens + u.usage.outputTokens > 0 || !whole ? `This message: ${spentText(u.usage, u.costUsd, whole)}` : '');
  }

  /** Draws the edits card from the record's edit states (again after a decision or a change in a note). */
  drawEdits(): void {
    renderEditsCard(
      this.editsEl,
      this.record.turn.edits,
      {
        openEdit: (e) => this.actions.openEdit(e),
        decide: async (decision) => {
          const reasons = await this.actions.decideEdits(this.record, decision);
          this.failed = reasons.size > 0 ? { decision, reasons } : null;
          this.drawEdits();
        },
      },
      this.failed,
    );
  }

  static async replay(el: HTMLElement, record: ChatMessageRecord, ctx: UntrustedRenderContext, actions: MessageActions): Promise<MessageView> {
    const view = new MessageView(el, record, ctx, actions, true);
    for (const e of record.events) if (e.type !== 'text_delta') view.apply(e);
    await view.complete();
    return view;
  }
}
