// "Export to note", from the chat's header and from the command palette ("Export chat to note",
// no default hotkey): the open chat written as a Markdown note in the chat folder by the chat
// store's exporter (chat-note.ts, which defuses fences, images and HTML in model text), then
// opened. The command is offered only while a chat view shows a chat with messages.
import { Notice, type App, type Plugin } from 'obsidian';
import type { ChatRecord, ChatStoreLike } from './chat-record';

/** The chat view as the command sees it: the chat it shows, and the store that keeps it. */
export interface ExportableChat {
  readonly chat: ChatRecord;
  readonly host: { store: ChatStoreLike };
}

/** Writes the chat as a note and opens it; a failure is said in a notice, and nothing else is written. */
export async function exportChat(app: App, view: ExportableChat): Promise<string | null> {
  try {
    const path = await view.host.store.exportToNote(view.chat.id);
    const file = app.vault.getFileByPath(path);
    if (file) await app.workspace.getLeaf(false).openFile(file);
    new Notice(`Reeve: the chat was exported to ${path}.`);
    return path;
  } catch (e) {
    new Notice(`Reeve: the chat could not be exported: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

/** The palette command, on the chat view of `viewType` that shows a chat with messages. */
export function registerExportCommand(plugin: Plugin, viewType: string, isChat: (view: unknown) => view is ExportableChat): void {
  plugin.addCommand({
    id: 'export-chat',
    name: 'Export chat to note',
    checkCallback: (checking) => {
      const view = plugin.app.workspace
        .getLeavesOfType(viewType)
        .map((l) => l.view as unknown)
        .find((v): v is ExportableChat => isChat(v) && v.chat.messages.length > 0);
      if (!view) return false;
      if (!checking) void exportChat(plugin.app, view);
      return true;
    },
  });
}
