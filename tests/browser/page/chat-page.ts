// The chat view in the browser test page: the real ChatView in a leaf-sized pane, on a fresh
// faithful vault, with the plugin's host of tests/views/chat-host-fixture.ts and a model client
// that talks to the scripted LLM server over loopback with the browser's own fetch, as the plugin
// does. A reload closes the view and opens a new one on the same vault, with a new host, handing
// it the state the workspace saved, as Obsidian does when it starts again.
import { App, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import { createLlmClient } from '../../../src/agents/llm/create-client';
import { ObsidianVault } from '../../../src/vault-vfs/obsidian-vault';
import { ChatView } from '../../../src/views/chat/chat-view';
import { editorSelectionContext } from '../../../src/views/chat/selection-pill';
import { profileFor, providerFor } from '../../agents/llm/client-fixtures';
import { makeVaultFaithful } from '../../obsidian/faithful-vault';
import { chatHostOn, type ChatHostFixture } from '../../views/chat-host-fixture';
import type { ChatPageOptions } from './api';

export interface OpenedChat {
  app: App;
  port: ObsidianVault;
  view: ChatView;
  fixture: ChatHostFixture;
  options: ChatPageOptions;
}

let opened: OpenedChat | null = null;

async function close(o: OpenedChat): Promise<void> {
  await o.view.onClose();
  await o.fixture.stop();
  document.getElementById('chat')?.remove();
}

async function mount(app: App, port: ObsidianVault, o: ChatPageOptions): Promise<OpenedChat> {
  const setup = { kind: 'openai' as const, streaming: o.streaming ?? true };
  const provider = providerFor({ openaiBaseUrl: o.llmBaseUrl, anthropicBaseUrl: o.llmBaseUrl } as never, setup);
  const client = createLlmClient({ provider, profile: profileFor(provider, setup), apiKey: 'sk-reeve-FAKE-KEY-browser', fetch: (i, init) => window.fetch(i, init), allowBrowser: true });
  // The settings' models reach the scripted server by name, so a test sees which model a run used.
  const clientFor = (model: string) => createLlmClient({ provider, profile: { ...profileFor(provider, setup), model }, apiKey: 'sk-reeve-FAKE-KEY-browser', fetch: (i, init) => window.fetch(i, init), allowBrowser: true });
  const fixture = await chatHostOn(app, port, { client, clientFor, agents: o.agents ?? { scout: true, web: false, task: true }, streams: o.streaming ?? true });
  const view = new ChatView(WorkspaceLeaf.create2__(app, 'chat') as never, fixture.host);
  view.containerEl.id = 'chat';
  view.containerEl.toggleClass('is-mobile', o.mobile === true);
  view.contentEl.addClass('view-content');
  document.body.appendChild(view.containerEl);
  await view.onOpen();
  return { app, port, view, fixture, options: o };
}

export async function openChatPage(files: Record<string, string>, o: ChatPageOptions): Promise<OpenedChat> {
  if (opened) await close(opened);
  document.body.className = o.theme === 'dark' ? 'theme-dark' : 'theme-light';
  const app = App.createConfigured__({ files });
  makeVaultFaithful(app);
  const port = new ObsidianVault(app as never);
  if (o.active) {
    const file = app.vault.getFileByPath(o.active);
    if (file) await app.workspace.getLeaf(false).openFile(file);
  }
  opened = await mount(app, port, o);
  return opened;
}

/** Closes the view and opens a new one on the same vault with the workspace's saved state. */
export async function reloadChatPage(): Promise<void> {
  const before = openedChat();
  const state = before.view.getState();
  await close(before);
  opened = await mount(before.app, before.port, before.options);
  await opened.view.setState(state, { history: false });
}

/** The note the main area shows, and the ephemeral state its leaf was opened with. */
export function mainLeaf(): { file: string | null; eState: Record<string, unknown> } {
  const leaf = openedChat().app.workspace.getLeaf(false);
  const file = leaf.getViewState().state?.file;
  return { file: typeof file === 'string' ? file : null, eState: leaf.getEphemeralState() };
}

/** Opens `path` in the main leaf (the active note), its editor's cursor at `line`, `ch`. */
export async function openInMain(path: string, line: number, ch: number, to?: { line: number; ch: number }): Promise<void> {
  const app = openedChat().app;
  const file = app.vault.getFileByPath(path);
  if (!file) throw new Error(`no note ${path}`);
  const leaf = app.workspace.getLeaf(false);
  await leaf.openFile(file, { active: true });
  const view = leaf.view as unknown as { editor: { setCursor(pos: { line: number; ch: number }): void; setSelection(a: { line: number; ch: number }, h: { line: number; ch: number }): void } };
  if (to) view.editor.setSelection({ line, ch }, to);
  else view.editor.setCursor({ line, ch });
}

export function mainEditor(): { line: number; ch: number; text: string } | null {
  const view = openedChat().app.workspace.getLeaf(false).view as unknown as { editor?: { getCursor(): { line: number; ch: number }; getValue(): string } };
  if (!view.editor) return null;
  const c = view.editor.getCursor();
  return { line: c.line, ch: c.ch, text: view.editor.getValue() };
}

/** The command's editorCallback (register-chat-view.ts), on the main leaf's editor and file. */
export function askAboutSelection(): void {
  const o = openedChat();
  const leaf = o.app.workspace.getLeaf(false);
  const view = leaf.view as unknown as { editor: Parameters<typeof editorSelectionContext>[0]; file: { path: string } };
  const s = editorSelectionContext(view.editor, view.file.path);
  if (s) o.view.askAboutSelection(s);
}

export function openedChat(): OpenedChat {
  if (!opened) throw new Error('reeve.openChat() first');
  return opened;
}
