// Searching the saved chats from the History panel: a search box above the list; while it holds
// words, the list is the chats that contain all of them (titles and messages, history-search.ts),
// newest first, each with where the words were found and the words marked. Empty, it is the
// plain history (history-panel.ts). A chat file that cannot be read is left out of the results.
import { searchChats, type ChatHit } from '../../agents/chat/history-search';
import type { Chat } from '../../agents/chat/chat-types';
import type { ChatStoreLike } from './chat-record';
import { localTime, renderHistory, type HistoryActions } from './history-panel';

const WHERE: Record<ChatHit['snippets'][number]['where'], string> = { title: 'Title', request: 'You asked', answer: 'Answer' };

async function loadAll(store: ChatStoreLike): Promise<Chat[]> {
  const out: Chat[] = [];
  for (const s of await store.list()) {
    if (s.problem !== null) continue;
    try {
      out.push(await store.load(s.id));
    } catch {
      // Listed as it is in the plain history, with its reason; not searchable.
    }
  }
  return out;
}

function drawHits(el: HTMLElement, hits: readonly ChatHit[], query: string, actions: HistoryActions): void {
  el.empty();
  el.addClass('reeve-chat-history');
  if (hits.length === 0) {
    el.createDiv({ cls: 'reeve-chat-empty', text: `No saved chat has all of: ${query}` });
    return;
  }
  const ul = el.createEl('ul', { attr: { 'aria-label': 'Chats found' } });
  for (const h of hits) {
    const li = ul.createEl('li', { attr: { 'data-chat': h.id } });
    const open = li.createEl('button', { cls: 'reeve-chat-history-open', text: h.title, attr: { 'aria-label': `Open chat: ${h.title}` } });
    open.addEventListener('click', () => actions.open(h.id));
    li.createSpan({ cls: 'reeve-chat-history-date', text: localTime(h.updatedAt) });
    for (const s of h.snippets) {
      const line = li.createDiv({ cls: 'reeve-chat-history-snippet' });
      line.createSpan({ cls: 'reeve-chat-history-where', text: `${WHERE[s.where]}: ` });
      for (const p of s.parts) {
        if (p.hit) line.createEl('mark', { text: p.text });
        else line.appendText(p.text);
      }
    }
  }
}

export async function renderSearchableHistory(el: HTMLElement, store: ChatStoreLike, currentId: string | null, actions: HistoryActions): Promise<void> {
  let input = el.querySelector<HTMLInputElement>('input.reeve-chat-history-search');
  let listEl = el.querySelector<HTMLElement>('.reeve-chat-history-results');
  if (!input || !listEl) {
    el.empty();
    input = el.createEl('input', { type: 'search', cls: 'reeve-chat-history-search', attr: { placeholder: 'Search chats…', 'aria-label': 'Search saved chats' } });
    listEl = el.createDiv({ cls: 'reeve-chat-history-results', attr: { 'aria-live': 'polite' } });
    const box = input;
    const list = listEl;
    let timer: number | null = null;
    let round = 0;
    box.addEventListener('input', () => {
      if (timer !== null) window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const mine = ++round;
        void draw(box.value, list, () => mine === round);
      }, 150);
    });
  }
  const draw = async (query: string, list: HTMLElement, current: () => boolean): Promise<void> => {
    if (query.trim() === '') return renderHistory(list, store, currentId, actions);
    const hits = searchChats(await loadAll(store), query);
    if (current()) drawHits(list, hits, query.trim(), actions);
  };
  await draw(input.value, listEl, () => true);
}
