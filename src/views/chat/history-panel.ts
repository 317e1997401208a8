// The chat history: every saved chat, newest first, to reopen, rename or delete. Deleting asks
// for a second click; a chat that cannot be read is reported by the view, never deleted for it.
import type { ChatStoreLike, ChatSummary } from './chat-record';

export interface HistoryActions {
  open(id: string): void;
  changed(): void;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** When a chat was last changed, in the user's own time zone ("2026-11-28 14:05"); the saved time is UTC. */
export function localTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

export async function renderHistory(el: HTMLElement, store: ChatStoreLike, currentId: string | null, actions: HistoryActions): Promise<void> {
  el.empty();
  el.addClass('reeve-chat-history');
  let chats: ChatSummary[];
  try {
    chats = await store.list();
  } catch (e) {
    el.createDiv({ cls: 'reeve-chat-error', text: `The chats could not be listed: ${e instanceof Error ? e.message : String(e)}` });
    return;
  }
  if (chats.length === 0) {
    el.createDiv({ cls: 'reeve-chat-empty', text: 'No saved chats yet.' });
    return;
  }
  const ul = el.createEl('ul', { attr: { 'aria-label': 'Saved chats' } });
  for (const c of chats) {
    const li = ul.createEl('li', { cls: c.id === currentId ? 'is-current' : '', attr: { 'data-chat': c.id } });
    const open = li.createEl('button', { cls: 'reeve-chat-history-open', text: c.title, attr: { 'aria-label': `Open chat: ${c.title}` } });
    li.createSpan({ cls: 'reeve-chat-history-date', text: c.problem === null ? localTime(c.updatedAt) : `cannot be opened: ${c.problem}` });
    open.addEventListener('click', () => actions.open(c.id));
    const rename = li.createEl('button', { text: 'Rename', attr: { 'aria-label': `Rename chat: ${c.title}` } });
    rename.addEventListener('click', () => {
      const input = createEl('input', { type: 'text', cls: 'reeve-chat-rename', attr: { 'aria-label': 'New title' } });
      input.value = c.title;
      open.replaceWith(input);
      input.focus();
      input.select();
      const commit = async (): Promise<void> => {
        const title = input.value.trim();
        if (title !== '' && title !== c.title) await store.rename(c.id, title);
        actions.changed();
      };
      input.addEventListener('keydown', (evt) => {
        if (evt.key === 'Enter') void commit();
        if (evt.key === 'Escape') actions.changed();
      });
      input.addEventListener('blur', () => void commit());
    });
    const del = li.createEl('button', { cls: 'mod-warning', text: 'Delete', attr: { 'aria-label': `Delete chat: ${c.title}` } });
    del.addEventListener('click', () => {
      if (del.getText() === 'Delete') {
        del.setText('Delete for good?');
        del.setAttr('aria-label', `Delete for good? Chat: ${c.title}`);
        return;
      }
      void store.remove(c.id).then(() => actions.changed());
    });
  }
}
