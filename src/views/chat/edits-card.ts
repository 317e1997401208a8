// The edits a message proposed: each one opens its note at its block and shows its state as the
// note shows it now (the chat view follows the notes); the refused ones with Reeve's reasons;
// Accept all / Reject all through the widgets' own path (decide-edits.ts). An edit Accept all or
// Reject all could not decide says so on its own line, with the reason, and the card says how
// many failed: the card is drawn again after a decision, so nothing is written into a part of it
// already replaced.
import type { ChatTurnEdit } from '../../agents/task/chat-history';
import type { Decision } from '../../edits/pending/resolve-edit-blocks';

export interface EditsCardActions {
  openEdit(edit: ChatTurnEdit): void;
  /** Decides the pending edits; the card is drawn again when it is done. */
  decide(decision: Decision): Promise<void>;
}

/** The last Accept all / Reject all's failures: why each edit it could not decide was not, by id. */
export interface EditFailures {
  decision: Decision;
  reasons: ReadonlyMap<string, string>;
}

const STATE_TEXT: Record<ChatTurnEdit['state'], string> = { proposed: 'pending', refused: 'refused', accepted: 'accepted', rejected: 'rejected' };
const DONE: Record<Decision, string> = { accept: 'accepted', reject: 'rejected' };

export function renderEditsCard(el: HTMLElement, edits: readonly ChatTurnEdit[], actions: EditsCardActions, failed: EditFailures | null = null): void {
  el.empty();
  if (edits.length === 0) return;
  el.addClass('reeve-chat-edits');
  const proposed = edits.filter((e) => e.state !== 'refused');
  const refused = edits.filter((e) => e.state === 'refused');
  // Only edits still pending can have failed: one decided in its note since has its answer.
  const failure = (e: ChatTurnEdit): string | undefined => (e.state === 'proposed' ? failed?.reasons.get(e.id) : undefined);
  if (proposed.length > 0) {
    el.createDiv({ cls: 'reeve-chat-edits-title', text: `Proposed ${proposed.length} edit${proposed.length === 1 ? '' : 's'}` });
    const ul = el.createEl('ul');
    for (const e of proposed) {
      const li = ul.createEl('li', { cls: `is-${e.state}` });
      const link = li.createEl('a', { text: e.file, attr: { href: '#', 'aria-label': `Open ${e.file} at the proposed edit` } });
      link.addEventListener('click', (evt) => {
        evt.preventDefault();
        actions.openEdit(e);
      });
      li.createSpan({ cls: 'reeve-chat-edit-meta', text: ` ${e.type} · ${STATE_TEXT[e.state]}` });
      const why = failure(e);
      if (why !== undefined && failed) {
        li.addClass('is-failed');
        li.createDiv({ cls: 'reeve-chat-edit-failure', text: `Not ${DONE[failed.decision]}: ${why}` });
      }
    }
  }
  if (refused.length > 0) {
    el.createDiv({ cls: 'reeve-chat-edits-title', text: `Refused ${refused.length}` });
    const ul = el.createEl('ul', { cls: 'reeve-chat-refused' });
    for (const e of refused) ul.createEl('li', { text: `${e.file || '(answer)'}: ${e.reason ?? 'refused'}` });
  }
  const failures = proposed.filter((e) => failure(e) !== undefined).length;
  if (failed && failures > 0) {
    el.createDiv({ cls: 'reeve-chat-edits-message', text: failures === 1 ? `1 edit could not be ${DONE[failed.decision]}; the reason is under it.` : `${failures} edits could not be ${DONE[failed.decision]}; the reasons are under each.`, attr: { role: 'alert' } });
  }
  if (!proposed.some((e) => e.state === 'proposed')) return;
  const row = el.createDiv({ cls: 'reeve-chat-edits-actions' });
  const buttons: HTMLButtonElement[] = [];
  const run = async (decision: Decision): Promise<void> => {
    buttons.forEach((b) => (b.disabled = true));
    el.setAttr('aria-busy', 'true');
    await actions.decide(decision);
    el.setAttr('aria-busy', 'false');
  };
  buttons.push(row.createEl('button', { cls: 'mod-cta', text: 'Accept all', attr: { 'aria-label': 'Accept all edits of this message' } }));
  buttons.push(row.createEl('button', { text: 'Reject all', attr: { 'aria-label': 'Reject all edits of this message' } }));
  buttons[0]?.addEventListener('click', () => void run('accept'));
  buttons[1]?.addEventListener('click', () => void run('reject'));
}
