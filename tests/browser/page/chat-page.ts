// The chat view in the browser test page: the real ChatView in a leaf-sized pane, on a fresh
// faithful vault, with the host of tests/views/chat-host-fixture.ts and a model client that
// talks to the scripted LLM server over loopback with the browser's own fetch, as the plugin does.
import { App, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import { createLlmClient } from '../../../src/agents/llm/create-client';
import { ObsidianVault } from '../../../src/vault-vfs/obsidian-vault';
import { ChatView } from '../../../src/views/chat/chat-view';
import { profileFor, providerFor } from '../../agents/llm/client-fixtures';
import { makeVaultFaithful } from '../../obsidian/faithful-vault';
import { chatHostOn, type ChatHostFixture } from '../../views/chat-host-fixture';
import type { ChatPageOptions } from './api';

export interface OpenedChat {
  port: ObsidianVault;
  view: ChatView;
  fixture: ChatHostFixture;
}

let opened: OpenedChat | null = null;

export async function openChatPage(files: Record<string, string>, o: ChatPageOptions): Promise<OpenedChat> {
  if (opened) {
    await opened.view.onClose();
    await opened.fixture.stop();
    document.getElementById('chat')?.remove();
  }
  document.body.className = o.theme === 'dark' ? 'theme-dark' : 'theme-light';
  const app = App.createConfigured__({ files });
  makeVaultFaithful(app);
  const port = new ObsidianVault(app as never);
  const setup = { kind: 'openai' as const, streaming: o.streaming ?? true };
  const provider = providerFor({ openaiBaseUrl: o.llmBaseUrl, anthropicBaseUrl: o.llmBaseUrl } as never, setup);
  const client = createLlmClient({ provider, profile: profileFor(provider, setup), apiKey: 'sk-steward-FAKE-KEY-browser', fetch: (i, init) => window.fetch(i, init), allowBrowser: true });
  const fixture = await chatHostOn(app, port, { client, agents: o.agents ?? { scout: true, web: false, task: true }, streams: o.streaming ?? true });
  if (o.active) {
    const file = app.vault.getFileByPath(o.active);
    if (file) await app.workspace.getLeaf(false).openFile(file);
  }
  const view = new ChatView(WorkspaceLeaf.create2__(app, 'chat') as never, fixture.host);
  view.containerEl.id = 'chat';
  view.containerEl.toggleClass('is-mobile', o.mobile === true);
  view.contentEl.addClass('view-content');
  document.body.appendChild(view.containerEl);
  await view.onOpen();
  opened = { port, view, fixture };
  return opened;
}

export function openedChat(): OpenedChat {
  if (!opened) throw new Error('steward.openChat() first');
  return opened;
}
