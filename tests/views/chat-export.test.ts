// @vitest-environment happy-dom
// "Export to note", as the README and the settings describe it, from the chat's header and from
// the palette: the open chat becomes a note in the chat folder through the store's exporter (a
// fence in the answer loses its language, so no plugin runs it), the note opens, and a second
// export brings the same note up to date. The command has no default hotkey and is offered only
// while a chat view shows a chat with messages.
import '../obsidian/dom';
import { Plugin } from 'obsidian-test-mocks/obsidian';
import { afterEach, describe, expect, it } from 'vitest';
import { registerChatView } from '../../src/views/chat/register-chat-view';
import type { ChatView } from '../../src/views/chat/chat-view';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { shownNotices } from '../obsidian/notices';
import { readManifest } from '../obsidian/load-bundle';
import { chatClient, openChat, useScriptedServer, type ChatHarness } from './chat-harness';

const llm = useScriptedServer();
let h: ChatHarness | null = null;
let extra: ChatView | null = null;
afterEach(async () => {
  await extra?.onClose();
  extra = null;
  await h?.close();
  h = null;
});

class Host extends Plugin {}

const ANSWER = 'The roof costs about 9,500 EUR.\n\n```dataviewjs\ndv.paragraph("ran")\n```';
const NOTE = 'Reeve/Chats/What will the roof cost.md';

describe('Export to note', () => {
  it('the header button writes the chat as a note with its code defused, opens it, and updates the same note the next time', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }) });
    const button = h.view.contentEl.querySelector<HTMLButtonElement>('.reeve-chat-header button[aria-label="Export to note"]');
    expect(button?.textContent).toBe('Export');
    expect(button?.disabled).toBe(true);
    llm.server.script(reply.text(ANSWER));
    await h.view.send('What will the roof cost?');
    expect(button?.disabled).toBe(false);
    button?.click();
    await waitFor(async () => await h!.port.exists(NOTE));
    const text = await h.port.read(NOTE);
    expect(text).toContain('What will the roof cost?');
    expect(text).toContain('The roof costs about 9,500 EUR.');
    expect(text).not.toContain('```dataviewjs');
    await waitFor(async () => (h!.app.workspace.getLeaf(false).getViewState().state as { file?: string } | undefined)?.file === NOTE);
    expect(shownNotices.at(-1)).toBe(`Reeve: the chat was exported to ${NOTE}.`);
    llm.server.script(reply.text('And the inverter is 1,500 EUR.'));
    await h.view.send('And the inverter?');
    button?.click();
    await waitFor(async () => (await h!.port.read(NOTE)).includes('And the inverter'));
    expect(h.app.vault.getFolderByPath('Reeve/Chats')?.children.map((f) => f.path)).toEqual([NOTE]);
  });

  it('the palette command "Export chat to note" exports the chat the view shows, with no default hotkey, and is offered only when there is one', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }) });
    const plugin = new Host(h.app, readManifest());
    plugin.load();
    registerChatView(plugin as never, h.host);
    const command = plugin.commands__.get('export-chat') as { name: string; hotkeys?: unknown[]; checkCallback: (checking: boolean) => boolean };
    expect(command.name).toBe('Export chat to note');
    expect(command.hotkeys ?? []).toEqual([]);
    expect(command.checkCallback(true)).toBe(false);
    // The chat view in the right sidebar, as "Open chat" makes it and Obsidian attaches it to its leaf.
    const leaf = h.app.workspace.getRightLeaf(false)!;
    await leaf.setViewState({ type: 'reeve-chat' });
    const view = (plugin.views__.get('reeve-chat') as unknown as (l: unknown) => ChatView)(leaf);
    extra = view;
    await leaf.open(view);
    await view.onOpen();
    expect(command.checkCallback(true)).toBe(false);
    llm.server.script(reply.text(ANSWER));
    await view.send('What will the roof cost?');
    expect(command.checkCallback(true)).toBe(true);
    expect(await h.port.exists(NOTE)).toBe(false);
    command.checkCallback(false);
    await waitFor(async () => await h!.port.exists(NOTE));
    expect(await h.port.read(NOTE)).not.toContain('```dataviewjs');
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
