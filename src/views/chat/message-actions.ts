// The actions under a finished message, as peers' chats have them: Copy (the answer as Markdown),
// Retry (the same request in the same context), Edit (the request, then run it again) and Insert
// into note (the answer as a pending block at the cursor). Running a message again
// replaces the messages after it: Retry asks for a second click that says how many, and the edit
// form says so before it runs.
import { replacedText } from '../../agents/chat/rerun';
import type { ChatMessageRecord } from './chat-record';

export interface TurnActions {
  copyAnswer(answer: string): Promise<void>;
  /** Runs the message again, with `text` in place of its request when given. */
  rerun(record: ChatMessageRecord, text?: string): void;
  insertAnswer(record: ChatMessageRecord, answer: string): Promise<void>;
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
    insert.addEventListener('click', () => void actions.insertAnswer(record, answer));
  }
}
