// The chat view's place in the plugin: one view type, opened in the right sidebar by the ribbon
// icon and the "Open chat" command (no default hotkey; "Export chat to note" beside it), restored
// with the workspace. Opening reveals the existing leaf rather than making a second one. Obsidian may defer a restored view
// until it is shown; nothing here touches the view's instance, so a deferred view stays deferred.
import type { Plugin } from 'obsidian';
import type { ChatHost } from './chat-host';
import { CHAT_VIEW_TYPE, ChatView } from './chat-view';
import { registerExportCommand } from './export-chat';

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

export function registerChatView(plugin: Plugin, host: ChatHost): void {
  plugin.registerView(CHAT_VIEW_TYPE, (leaf) => new ChatView(leaf, host));
  plugin.addRibbonIcon('messages-square', 'Open chat', () => void openChatView(plugin));
  plugin.addCommand({ id: 'open-chat', name: 'Open chat', callback: () => void openChatView(plugin) });
  registerExportCommand(plugin, CHAT_VIEW_TYPE, (v): v is ChatView => v instanceof ChatView);
}
