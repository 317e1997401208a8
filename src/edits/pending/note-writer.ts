// How accepting or rejecting a block reaches the vault. The default writes straight through
// `VaultPort.process`; the journal supplies a writer that records each change first so it can be
// undone. Either way a write refuses (StaleWriteError) when the note is no longer the text the
// decision was made on.
import { StaleWriteError, type VaultPort } from '../../vault-vfs/vault-port';

export type NoteChange =
  /** Replace the note's whole text `before` with `after`. */
  | { kind: 'write'; path: string; before: string; after: string }
  /** Trash a note that a rejected proposal had created; `before` is its current text. */
  | { kind: 'trash'; path: string; before: string };

export type NoteWriter = (change: NoteChange) => Promise<void>;

/** Writes the changes of several notes at once (one journaled job), or none of them. */
export type NotesWriter = (changes: readonly NoteChange[]) => Promise<void>;

/** A writer that only collects each change, for a NotesWriter to write with the others. */
export function collectingNoteWriter(into: NoteChange[]): NoteWriter {
  return (change) => {
    into.push(change);
    return Promise.resolve();
  };
}

/** A writer refused the change for a reason other than the note having changed (a read-only note, say). */
export class NoteWriteRefusedError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'NoteWriteRefusedError';
  }
}

/** Writes through `process`, refusing when the note changed since it was read. */
export function directNoteWriter(port: VaultPort): NoteWriter {
  return async (change) => {
    if (change.kind === 'trash') {
      if ((await port.read(change.path)) !== change.before) throw new StaleWriteError(change.path);
      await port.trash(change.path);
      return;
    }
    await port.process(change.path, (current) => {
      if (current !== change.before) throw new StaleWriteError(change.path);
      return change.after;
    });
  };
}
