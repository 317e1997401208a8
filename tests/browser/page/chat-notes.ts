// What a user does to the open chat's notes outside the chat, for the tests of the edits card that
// follows them: accept or reject a block with its widget's own code path (resolveEditBlock through
// the journal, as edit-widget.ts does), undo the last job (undoJob, as the undo command does),
// rename a note (FileManager.renameFile, links updated), or write a note by hand.
import { journaledNoteWriter } from '../../../src/edits/journal/journaled-note-writer';
import { undoJob } from '../../../src/edits/journal/recover-jobs';
import { resolveEditBlock, type Decision } from '../../../src/edits/pending/resolve-edit-blocks';
import { openedChat } from './chat-page';

export async function decideInNote(file: string, id: string, decision: Decision): Promise<string> {
  const o = openedChat();
  const deps = o.fixture.host.widgetDeps;
  const r = await resolveEditBlock(o.port, file, id, decision, { policy: deps.editPolicy(file), writer: journaledNoteWriter(o.port, `${decision} edit ${id} in ${file}`) });
  return r.status;
}

export async function undoLast(): Promise<void> {
  await undoJob(openedChat().port);
}

export async function renameNote(from: string, to: string): Promise<void> {
  const app = openedChat().app;
  const file = app.vault.getFileByPath(from);
  if (!file) throw new Error(`no note ${from}`);
  await app.fileManager.renameFile(file, to);
}

export async function writeNote(path: string, text: string): Promise<void> {
  const app = openedChat().app;
  const file = app.vault.getFileByPath(path);
  if (!file) throw new Error(`no note ${path}`);
  await app.vault.modify(file, text);
}
