// The NoteWriter that accept and reject use when changes must be undoable: each write (or the
// trash of a rejected new note) runs as a journaled job. `journaledNotesWriter` runs the changes
// of several notes as ONE job (`reeve pending reject --all` across notes): one undo takes them all
// back, and a refused step rolls back the others. A refused step, a note having changed since it
// was read, surfaces as StaleWriteError, as with the direct writer.
import { StaleWriteError, type VaultPort } from '../../vault-vfs/vault-port';
import { NoteWriteRefusedError, type NoteWriter, type NotesWriter } from '../pending/note-writer';
import { executeJob } from './execute-job';

/** Writes many notes' changes as one journaled job; nothing is written when one is refused. */
export function journaledNotesWriter(port: VaultPort, description: string): NotesWriter {
  return async (changes) => {
    if (changes.length === 0) return;
    const report = await executeJob(port, {
      description,
      operations: changes.map((change) => (change.kind === 'write' ? { type: 'edit', path: change.path, before: change.before, after: change.after } : { type: 'trash', path: change.path, expectText: change.before })),
    });
    if (!report.failure) return;
    // Only a note that changed is "stale"; any other refusal (read-only, a link) keeps its reason.
    const reason = report.failure.reason;
    const stale = changes.find((c) => reason.endsWith(new StaleWriteError(c.path).message));
    throw stale ? new StaleWriteError(stale.path) : new NoteWriteRefusedError(changes[0]?.path ?? '', reason);
  };
}

export function journaledNoteWriter(port: VaultPort, description: string): NoteWriter {
  const write = journaledNotesWriter(port, description);
  return (change) => write([change]);
}
