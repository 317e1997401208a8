// The NoteWriter that accept and reject use when changes must be undoable: each write (or the
// trash of a rejected new note) runs as a one-step journaled job. A refused step, the note having
// changed since it was read, surfaces as StaleWriteError, as with the direct writer.
import { StaleWriteError, type VaultPort } from '../../vault-vfs/vault-port';
import type { NoteWriter } from '../pending/note-writer';
import { executeJob } from './execute-job';

export function journaledNoteWriter(port: VaultPort, description: string): NoteWriter {
  return async (change) => {
    const report = await executeJob(port, {
      description,
      operations: [change.kind === 'write' ? { type: 'edit', path: change.path, before: change.before, after: change.after } : { type: 'trash', path: change.path, expectText: change.before }],
    });
    if (report.failure) throw new StaleWriteError(change.path);
  };
}
