// Opening what a message points at: a proposed edit's note at its block's line (found in the note
// as it is now), and Copy on Scout's selection (the notes' contents, each under its path).
import { Notice, type App } from 'obsidian';
import type { ChatTurnEdit } from '../../agents/task/chat-history';
import { findBlocks } from '../../edits/pending/find-blocks';
import type { VaultPort } from '../../vault-vfs/vault-port';

/** The 0-based line of the edit's pending block in `text`, or null when it is no longer there. */
export function editBlockLine(text: string, id: string): number | null {
  return findBlocks(text).find((b) => b.kind === 'edit' && b.state === 'pending' && b.data.id === id)?.from ?? null;
}

/**
 * Opens the edit's note in the main area (`getLeaf(false)`, never the chat's own leaf) with
 * `WorkspaceLeaf.openFile(file, { eState })`: both public API. The ephemeral state's `line` is the
 * key Obsidian's Markdown view scrolls to (its search and backlinks open results that way); it is
 * not spelled out in obsidian.d.ts, where `eState` is an open record, so a view that ignores it
 * still opens the right note. A decided edit (its block gone) opens the note at its top.
 */
export async function openEditBlock(app: App, port: VaultPort, edit: ChatTurnEdit): Promise<void> {
  const file = app.vault.getFileByPath(edit.file);
  if (file === null) {
    new Notice(`Reeve: ${edit.file} is no longer in the vault.`);
    return;
  }
  const line = editBlockLine(await port.read(edit.file), edit.id);
  await app.workspace.getLeaf(false).openFile(file, { active: true, eState: line === null ? {} : { line } });
}

/** The notes' contents, each under a heading with its path, for the clipboard. */
export async function notesText(port: VaultPort, paths: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const p of paths) parts.push(`# ${p}\n\n${(await port.exists(p)) ? await port.read(p) : '(missing)'}`);
  return parts.join('\n\n');
}

/** Copies the notes' contents; says so, or why it could not (no clipboard, permission refused). */
export async function copyNotes(port: VaultPort, paths: readonly string[]): Promise<void> {
  try {
    await navigator.clipboard.writeText(await notesText(port, paths));
    new Notice(`Reeve: copied ${paths.length} note${paths.length === 1 ? '' : 's'}.`);
  } catch (e) {
    new Notice(`Reeve: the notes could not be copied: ${e instanceof Error ? e.message : String(e)}`);
  }
}
