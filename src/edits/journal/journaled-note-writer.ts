// The NoteWriter that accept and reject use when changes must be undoable: each write (or the
// trash of a rejected new note) runs as a one-step journaled job. A refused step, the note having
// changed since it was read, surfaces as StaleWriteError, as with the direct writer.
import { StaleWriteError, type VaultPort } from '../../vault-vfs/vault-port';
import { NoteWriteRefusedError, type NoteWriter } from '../pending/note-writer';
import { executeJob } from './execute-job';

export function journaledNoteWriter(port: VaultPort, description: string): NoteWriter {
  return async (change) => {
    const report = await executeJob(port, {
      description,
      operations: [change.kind === 'write' ? { type: 'edit', path: change.path, before: change.before, after: change.after } : { type: 'trash', path: change.path, expectText: change.before }],
    });
    if (!report.failure) return;
    // Only a note that changed is "stale"; any other refusal (read-only, a link) keeps its reason.
    const reason = report.failure.reason;
    throw reason.endsWith(new StaleWriteError(change.path).message) ? new StaleWriteError(change.path) : new NoteWriteRefusedError(change.path, reason);
  };
}
