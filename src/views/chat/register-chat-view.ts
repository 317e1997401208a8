// The chat view's place in the plugin: one view type, opened in the right sidebar by the ribbon
// icon and the "Open chat" command (no default hotkey; "Export chat to note" beside it), restored
// with the workspace. Opening reveals the existing leaf rather than making a second one. Obsidian may defer a restored view
// until it is shown; nothing here touches the view's instance, so a deferred view stays deferred.
import { Notice, type Plugin } from 'obsidian';
import { editorSelectionContext } from './selection-pill';
import type { ChatHost } from './chat-host';
import { CHAT_VIEW_TYPE, ChatView } from './chat-view';
import { registerExportCommand } from './export-chat';
import { registerSavedPromptCommand } from './run-saved-prompt';

export async function openChatView(plugin: Plugin): Promise<void> {
  const { workspace } = plugin.app;
  let leaf = workspace.getLeavesOfType(CHAT_VIEW_TYPE)[0] ?? null;
  if (leaf === null) {
    leaf = workspace.getRightLeaf(false);
    if (leaf === null) return;
    await leaf.setViewState({ type: CHAT_VIEW_TYPE, active: true });
  }
  await workspace.revealLeaf(leaf);
}

/** The chat view, opened (or revealed) first; null when the workspace has no room for it. */
export async function chatViewOf(plugin: Plugin): Promise<ChatView | null> {
  await openChatView(plugin);
  const leaf = plugin.app.workspace.getLeavesOfType(CHAT_VIEW_TYPE)[0];
  if (!leaf) return null;
  // A deferred view is loaded when it is revealed (openChatView); its instance is then the ChatView.
  await leaf.loadIfDeferred();
  return leaf.view instanceof ChatView ? leaf.view : null;
}

export function registerChatView(plugin: Plugin, host: ChatHost): void {
  plugin.registerView(CHAT_VIEW_TYPE, (leaf) => new ChatView(leaf, host));
  plugin.addRibbonIcon('messages-square', 'Open chat', () => void openChatView(plugin));
  plugin.addCommand({ id: 'open-chat', name: 'Open chat', callback: () => void openChatView(plugin) });
  registerExportCommand(plugin, CHAT_VIEW_TYPE, (v): v is ChatView => v instanceof ChatView);
  registerSavedPromptCommand(plugin, host, async (p, selection) => (await chatViewOf(plugin))?.runPrompt(p, selection));
  plugin.addCommand({
    id: 'ask-about-selection',
    name: 'Ask about the selection',
    editorCallback: (editor, ctx) => {
      const s = ctx.file ? editorSelectionContext(editor, ctx.file.path) : null;
      if (s === null) return void new Notice('Reeve: select some text in the note first.');
      void chatViewOf(plugin).then((view) => view?.askAboutSelection(s));
    },
  });
}
