// The edits a message proposed: each one opens its note at its block; the refused ones with
// Reeve's reasons; Accept all / Reject all through the widgets' own path (decide-edits.ts).
// The new states are handed back, so the chat history tells the next turn what the user decided.
import type { ChatTurnEdit } from '../../agents/task/chat-history';
import type { Decision } from '../../edits/pending/resolve-edit-blocks';

export interface EditsCardActions {
  openEdit(edit: ChatTurnEdit): void;
  decide(decision: Decision): Promise<string[]>;
}

const STATE_TEXT: Record<ChatTurnEdit['state'], string> = { proposed: 'pending', refused: 'refused', accepted: 'accepted', rejected: 'rejected' };

export function renderEditsCard(el: HTMLElement, edits: readonly ChatTurnEdit[], actions: EditsCardActions): void {
  el.empty();
  if (edits.length === 0) return;
  el.addClass('reeve-chat-edits');
  const proposed = edits.filter((e) => e.state !== 'refused');
  const refused = edits.filter((e) => e.state === 'refused');
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
    }
  }
  if (refused.length > 0) {
    el.createDiv({ cls: 'reeve-chat-edits-title', text: `Refused ${refused.length}` });
    const ul = el.createEl('ul', { cls: 'reeve-chat-refused' });
    for (const e of refused) ul.createEl('li', { text: `${e.file || '(answer)'}: ${e.reason ?? 'refused'}` });
  }
  if (!proposed.some((e) => e.state === 'proposed')) return;
  const row = el.createDiv({ cls: 'reeve-chat-edits-actions' });
  const message = el.createDiv({ cls: 'reeve-chat-edits-message', attr: { 'aria-live': 'polite' } });
  const buttons: HTMLButtonElement[] = [];
  const run = async (decision: Decision): Promise<void> => {
    buttons.forEach((b) => (b.disabled = true));
    el.setAttr('aria-busy', 'true');
    const problems = await actions.decide(decision);
    el.setAttr('aria-busy', 'false');
    if (problems.length > 0) {
      message.setText(`Not all edits were ${decision === 'accept' ? 'accepted' : 'rejected'}: ${problems.join('; ')}`);
      buttons.forEach((b) => (b.disabled = false));
    }
  };
  buttons.push(row.createEl('button', { cls: 'mod-cta', text: 'Accept all', attr: { 'aria-label': 'Accept all edits of this message' } }));
  buttons.push(row.createEl('button', { text: 'Reject all', attr: { 'aria-label': 'Reject all edits of this message' } }));
  buttons[0]?.addEventListener('click', () => void run('accept'));
  buttons[1]?.addEventListener('click', () => void run('reject'));
}
