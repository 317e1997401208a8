// @vitest-environment happy-dom
// A new chat is not a blank pane: it says what to ask and what each agent does, and the words go
// as soon as the first message is sent; "New chat" brings them back, a saved chat does not show them.
import '../obsidian/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../llm-server';
import { chatClient, openChat, useScriptedServer, type ChatHarness } from './chat-harness';

const llm = useScriptedServer();
let h: ChatHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const welcome = (h: ChatHarness): HTMLElement | null => h.view.contentEl.querySelector('.reeve-chat-welcome');

describe('a new chat', () => {
  it('says how the chat works until the first message, and again after New chat', async () => {
    h = await openChat({ 'Notes/A.md': '# A\n' }, { client: chatClient(llm.server, { kind: 'openai', streaming: true }) });
    expect(welcome(h)?.textContent).toMatch(/^Ask about your notesScout finds the notes that matter/);
    expect(welcome(h)?.textContent).toContain('proposes edits that wait in their notes until you accept or reject them');
    llm.server.script(reply.toolCall('propose_edits', { summary: 'done', edits: [] }));
    await h.view.send('what is in A?');
    expect(welcome(h)).toBeNull();
    const saved = h.view.chat.id;
    h.view.startNew();
    await new Promise((r) => setTimeout(r, 10));
    expect(welcome(h)).not.toBeNull();
    expect(await h.view.openChat(saved)).toBe(true);
    expect(welcome(h)).toBeNull();
  });
});
