// Opening what a message points at: a proposed edit's note at its block's line (found in the note
// as it is now), and Copy on Scout's selection (the notes' contents, each under its path).
import type { App } from 'obsidian';
import type { ChatTurnEdit } from '../../agents/task/chat-history';
import { findBlocks } from '../../edits/pending/find-blocks';
import type { VaultPort } from '../../vault-vfs/vault-port';

export async function openEditBlock(app: App, port: VaultPort, edit: ChatTurnEdit): Promise<void> {
  let line = 0;
  if (await port.exists(edit.file)) {
    const block = findBlocks(await port.read(edit.file)).find((b) => b.kind === 'edit' && b.state === 'pending' && b.data.id === edit.id);
    if (block) line = block.from;
  }
  await app.workspace.openLinkText(edit.file, '', false, { eState: { line } });
}

/** The notes' contents, each under a heading with its path, for the clipboard. */
export async function notesText(port: VaultPort, paths: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const p of paths) parts.push(`# ${p}\n\n${(await port.exists(p)) ? await port.read(p) : '(missing)'}`);
  return parts.join('\n\n');
}

export async function copyNotes(port: VaultPort, paths: readonly string[]): Promise<void> {
  await navigator.clipboard.writeText(await notesText(port, paths));
}
