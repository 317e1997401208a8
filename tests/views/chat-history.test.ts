// @vitest-environment happy-dom
// Chats that are never lost, through the view and the plugin's chat store: every message is saved
// as it ends; the history lists the chats to reopen, rename and delete; a chat file that cannot be
// read is refused with a notice that says why, and the file is left on disk byte for byte.
import '../obsidian/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../llm-server';
import { shownNotices } from '../obsidian/notices';
import { chatClient, openChat, useScriptedServer, type ChatHarness } from './chat-harness';

const llm = useScriptedServer();
let h: ChatHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const FILES = { 'Notes/A.md': '# A\n' };

function history(h: ChatHarness): HTMLElement {
  return h.view.contentEl.querySelector('.reeve-chat-history') as HTMLElement;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 5));
}

describe('chat history', () => {
  it('lists saved chats to reopen, rename and delete', async () => {
    h = await openChat(FILES, { client: chatClient(llm.server, { kind: 'openai', streaming: true }) });
    llm.server.script(reply.toolCall('propose_edits', { summary: 'one', edits: [] }), reply.toolCall('propose_edits', { summary: 'two', edits: [] }));
    await h.view.send('first chat');
    const first = h.view.chat.id;
    h.view.startNew();
    await h.view.send('second chat');
    const historyButton = [...h.view.contentEl.querySelectorAll('button')].find((b) => b.textContent === 'History') as HTMLButtonElement;
    historyButton.click();
    await settle();
    const titles = (): string[] => [...history(h!).querySelectorAll('.reeve-chat-history-open')].map((b) => b.textContent ?? '');
    expect(titles().sort()).toEqual(['first chat', 'second chat']);
    (history(h).querySelector(`[data-chat="${first}"] .reeve-chat-history-open`) as HTMLButtonElement).click();
    await settle();
    expect(h.view.chat.id).toBe(first);
    expect([...h.view.contentEl.querySelectorAll('.reeve-chat-request')].map((e) => e.textContent)).toEqual(['first chat']);
    // Rename.
    const renameButton = [...history(h).querySelectorAll(`[data-chat="${first}"] button`)].find((b) => b.textContent === 'Rename') as HTMLButtonElement;
    renameButton.click();
    const input = history(h).querySelector('.reeve-chat-rename') as HTMLInputElement;
    input.value = 'Solar budget';
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await settle();
    expect(titles().sort()).toEqual(['Solar budget', 'second chat']);
    // Delete asks for a second click.
    const del = (): HTMLButtonElement => [...history(h!).querySelectorAll(`[data-chat="${first}"] button`)].find((b) => b.textContent?.startsWith('Delete')) as HTMLButtonElement;
    del().click();
    expect(del().textContent).toBe('Delete for good?');
    expect((await h.saved()).length).toBe(2);
    del().click();
    await settle();
    expect((await h.saved()).map((c) => c.title)).toEqual(['second chat']);
  });

  it('a corrupt chat file is refused with a notice and left on disk as it was', async () => {
    h = await openChat(FILES, { client: chatClient(llm.server, { kind: 'openai', streaming: true }) });
    const broken = '{"format":"chat","version":1,"id":"cbroken","title":"Broken", "messages": [ {"turn": ';
    await h.port.state.write('chats/cbroken.json', broken);
    expect(await h.view.openChat('cbroken')).toBe(false);
    expect(shownNotices.some((n) => n.includes('could not be opened') && n.includes('cbroken'))).toBe(true);
    expect(await h.port.state.read('chats/cbroken.json')).toBe(broken);
    // The history says why it cannot be opened, and the view's chat is untouched.
    const listed = await h.host.store.list();
    expect(listed.find((c) => c.id === 'cbroken')?.problem).toBeTruthy();
    expect(h.view.chat.messages).toEqual([]);
  });

  it('the open chat is the view state, so a reloaded workspace reopens it', async () => {
    h = await openChat(FILES, { client: chatClient(llm.server, { kind: 'openai', streaming: true }) });
    llm.server.script(reply.toolCall('propose_edits', { summary: 'kept', edits: [] }));
    await h.view.send('remember me');
    const state = h.view.getState();
    const again = await openChat(FILES, { client: null, store: h.host.store });
    try {
      await again.view.setState(state, { history: false });
      expect([...again.view.contentEl.querySelectorAll('.reeve-chat-request')].map((e) => e.textContent)).toEqual(['remember me']);
    } finally {
      await again.close();
    }
  });
});
