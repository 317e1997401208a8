// The actions under a finished message, as peers' chats have them: Copy (the answer as Markdown),
// Retry (the same request in the same context), Edit (the request, then run it again) and Insert
// into note (the answer as a pending block at the cursor) and Undo turn (the message's accepted
// edits taken back through the journal, its pending ones rejected; undo-turn.ts). Running a message again
// replaces the messages after it: Retry asks for a second click that says how many, and the edit
// form says so before it runs.
import { replacedText } from '../../agents/chat/rerun';
import type { TurnUndoResult } from '../../agents/chat/undo-turn';
import type { ChatMessageRecord } from './chat-record';

export interface TurnActions {
  copyAnswer(answer: string): Promise<void>;
  /** Runs the message again, with `text` in place of its request when given. */
  rerun(record: ChatMessageRecord, text?: string): void;
  insertAnswer(record: ChatMessageRecord, answer: string): Promise<void>;
  /** Takes back the message's edits; the record gets their new states. */
  undoTurn(record: ChatMessageRecord): Promise<TurnUndoResult>;
  /** How many messages come after this one (0 for the last). */
  laterCount(record: ChatMessageRecord): number;
  /** True while a run is going: nothing runs again then. */
  running(): boolean;
}

function button(row: HTMLElement, text: string, title: string): HTMLButtonElement {
  // The visible text is the accessible name; the title says more on hover.
  return row.createEl('button', { cls: 'reeve-chat-action', text, attr: { title } });
}

/** The edit form in place of the request: Enter (or Run again) runs, Escape (or Cancel) puts the request back. */
function editRequest(requestEl: HTMLElement, back: HTMLElement, record: ChatMessageRecord, actions: TurnActions): void {
  const form = createDiv({ cls: 'reeve-chat-edit-request' });
  const input = form.createEl('textarea', { cls: 'reeve-chat-input', attr: { rows: '3', 'aria-label': 'Edit message' } });
  input.value = record.request;
  const later = replacedText(actions.laterCount(record));
  if (later !== '') form.createDiv({ cls: 'reeve-chat-replace-warning', text: later });
  const row = form.createDiv({ cls: 'reeve-chat-edits-actions' });
  const cancel = row.createEl('button', { text: 'Cancel' });
  const run = row.createEl('button', { cls: 'mod-cta', text: 'Run again' });
  const close = (): void => {
    form.replaceWith(requestEl);
    back.focus();
  };
  const submit = (): void => {
    const text = input.value.trim();
    if (text === '' || actions.running()) return;
    actions.rerun(record, text);
  };
  cancel.addEventListener('click', close);
  run.addEventListener('click', submit);
  input.addEventListener('keydown', (evt) => {
    if (evt.key === 'Escape') {
      evt.preventDefault();
      close();
    } else if (evt.key === 'Enter' && !evt.shiftKey && !evt.isComposing) {
      evt.preventDefault();
      submit();
    }
  });
  requestEl.replaceWith(form);
  input.focus();
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What Undo turn did, in words, with each edit it could not take back and why. */
export function undoTurnText(r: TurnUndoResult): string[] {
  const lines = [r.undone + r.rejected === 0 && r.failures.size === 0 ? 'Nothing to take back: no edit of this message is accepted or pending.' : `Took back ${plural(r.undone, 'accepted edit')} and rejected ${plural(r.rejected, 'pending edit')}.`];
  for (const e of r.edits) {
    const why = r.failures.get(e.id);
    if (why !== undefined) lines.push(`Not taken back: ${e.file}: ${why}`);
  }
  return lines;
}

function undoButton(el: HTMLElement, record: ChatMessageRecord, actions: TurnActions): void {
  const undo = button(el, 'Undo turn', "Take back this message's accepted edits (each note checked first) and reject its pending ones");
  undo.addClass('reeve-chat-undo-turn');
  const result = el.createDiv({ cls: 'reeve-chat-undo-result', attr: { role: 'status' } });
  undo.addEventListener('click', () => {
    if (actions.running() || undo.disabled) return;
    undo.disabled = true;
    undo.setAttr('aria-busy', 'true');
    void actions
      .undoTurn(record)
      .then((r) => {
        result.empty();
        for (const line of undoTurnText(r)) result.createDiv({ text: line, cls: line.startsWith('Not taken back') ? 'reeve-chat-edit-failure' : '' });
      })
      .catch((e: unknown) => result.setText(`Undo turn failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        undo.disabled = false;
        undo.setAttr('aria-busy', 'false');
      });
  });
}

export function renderMessageActions(el: HTMLElement, requestEl: HTMLElement, record: ChatMessageRecord, answer: string, actions: TurnActions): void {
  el.empty();
  el.addClass('reeve-chat-message-actions');
  el.setAttr('role', 'group');
  el.setAttr('aria-label', 'Message actions');
  if (answer.trim() !== '') {
    const copy = button(el, 'Copy', 'Copy the answer as Markdown');
    copy.addEventListener('click', () => void actions.copyAnswer(answer));
  }
  const retry = button(el, 'Retry', 'Run the same request again, in the same context');
  retry.addEventListener('click', () => {
    if (actions.running()) return;
    const later = actions.laterCount(record);
    // A second click runs it when messages after it would be replaced: the first says how many.
    if (later > 0 && retry.getText() === 'Retry') {
      retry.setText(`Retry: replaces ${later} later`);
      retry.setAttr('title', replacedText(later));
      return;
    }
    actions.rerun(record);
  });
  const edit = button(el, 'Edit', 'Edit the message and run it again');
  edit.addEventListener('click', () => {
    if (!actions.running()) editRequest(requestEl, edit, record, actions);
  });
  if (answer.trim() !== '') {
    const insert = button(el, 'Insert into note', 'Insert the answer at the cursor, as a pending edit to accept or reject');
    // The inserted block is one of the message's edits now: Undo turn comes with it.
    insert.addEventListener('click', () => void actions.insertAnswer(record, answer).then(() => {
      if (!el.querySelector('.reeve-chat-undo-turn') && record.turn.edits.some((e) => e.id !== '')) undoButton(el, record, actions);
    }));
  }
  if (record.turn.edits.some((e) => e.id !== '')) undoButton(el, record, actions);
}
