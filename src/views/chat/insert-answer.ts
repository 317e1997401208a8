// "Insert into note": the answer goes into the note the user was last in, at the cursor, as a
// pending `ai-edit` block (proposeInsert: the scope policy the widgets accept it under, the
// ledger, one write through the editor when the note is open), never as the text itself. A note
// behind a wall, or none open, is said so and nothing is written.
import { Notice, type App } from 'obsidian';
import type { ProposalTexts } from '../../agents/chat/chat-types';
import type { ChatTurnEdit } from '../../agents/task/chat-history';
import { proposeInsert } from '../../edits/pending/propose-insert';
import { openView } from '../../vault-vfs/obsidian-open-note';
import type { ChatHost } from './chat-host';

export interface InsertedEdit {
  edit: ChatTurnEdit;
  proposal: ProposalTexts;
}

/** The line a block goes before: the cursor's, or the next one when the cursor is inside a line's text. */
export function cursorLine(app: App, path: string): number | null {
  const file = app.vault.getFileByPath(path);
  const view = file ? openView(app, file) : null;
  if (!view) return null;
  const cursor = view.editor.getCursor();
  return cursor.ch > 0 ? cursor.line + 1 : cursor.line;
}

export async function insertAnswer(host: ChatHost, answer: string): Promise<InsertedEdit | null> {
  const app = host.app;
  const file = app.workspace.getActiveFile();
  if (file === null || file.extension !== 'md') {
    new Notice('Reeve: open a note to insert the answer into.');
    return null;
  }
  if (host.wall()(file.path)) {
    new Notice(`Reeve: ${file.path} is behind a wall (an excluded or Reeve's own folder); nothing was inserted.`);
    return null;
  }
  const port = host.widgetDeps.port();
  // No editor open on it: at the end of the note.
  const line = cursorLine(app, file.path) ?? Number.MAX_SAFE_INTEGER;
  try {
    const r = await proposeInsert(port, file.path, line, answer, host.widgetDeps.editPolicy(file.path));
    if (r.status === 'refused') {
      new Notice(`Reeve: the answer was not inserted: ${r.reason}.`);
      return null;
    }
    new Notice(`Reeve: the answer waits in ${file.path} as a pending edit; accept or reject it there.`);
    return { edit: { id: r.block.id, file: file.path, type: 'add', state: 'proposed' }, proposal: { id: r.block.id, file: file.path, before: '', after: r.block.after } };
  } catch (e) {
    new Notice(`Reeve: the answer could not be inserted: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

/** Copies the answer's Markdown; says so, or why it could not (no clipboard, permission refused). */
export async function copyAnswer(answer: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(answer);
    new Notice('Reeve: copied the answer as Markdown.');
  } catch (e) {
    new Notice(`Reeve: the answer could not be copied: ${e instanceof Error ? e.message : String(e)}`);
  }
}
