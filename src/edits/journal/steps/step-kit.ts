// What every journaled step shares: its context, the two ways a step can fail, and small vault
// helpers. A step is four functions: `prepare` (read and record what reversing needs; refuses
// cleanly when the step cannot run), `apply` (the one mutating call), `probe` (does the vault
// show the state before the step, after it, or neither), and `revert` (idempotent: brings the
// vault back to the state before the step, checking first).
import { parentOf } from '../../../vault-vfs/path-safety';
import { StaleWriteError, UnsafePathError, VaultFileNotFoundError, VaultPathExistsError, type VaultPort } from '../../../vault-vfs/vault-port';
import { textRoundTrips } from '../../../vault-vfs/byte-text';
import { sha256Hex } from '../content-hash';
import type { JournalStore } from '../journal-store';

export interface StepContext {
  port: VaultPort;
  store: JournalStore;
  /**
   * The full texts of edits, when the job was started in this process: the write then compares
   * strings instead of reading and hashing the note again. Recovery, from the journal alone,
   * works from the hashes.
   */
  known?: WeakMap<object, { before: string; after: string }>;
  /**
   * Set by recovery when a move of the job was judged from the vault, its records lost: the notes
   * it rewrote were not copied, so an edited note may come back with its links in another form,
   * and the edit is then found by its own text (see step-create-edit.ts).
   */
  uncopiedRewrites?: boolean;
}

/** The step cannot run and changed nothing (the source is gone, the note was edited...). */
export class StepRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepRefusedError';
  }
}

/** The vault matches neither the state before nor after a step: nothing runs on guesswork. */
export class StepMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepMismatchError';
  }
}

/** Errors after which the vault is known to be unchanged by the call that threw. */
export function isCleanRefusal(e: unknown): boolean {
  return e instanceof StepRefusedError || e instanceof StaleWriteError || e instanceof VaultPathExistsError || e instanceof VaultFileNotFoundError || e instanceof UnsafePathError;
}

export type Probe = 'before' | 'after' | { mismatch: string };

export function mismatch(p: Probe): string | null {
  return typeof p === 'object' ? p.mismatch : null;
}

/** The file's hash, streamed where the adapter can: a file of any size is hashed in slices. */
export function fileHash(port: VaultPort, path: string): Promise<string> {
  return port.hashFile ? port.hashFile(path) : port.readBinary(path).then((bytes) => sha256Hex(bytes));
}

export async function textHash(port: VaultPort, path: string): Promise<string> {
  return sha256Hex(await port.read(path));
}

/**
 * Refuses to let a step rewrite a note whose text, as the adapter reads it, does not give back
 * its bytes (a note that is not UTF-8, read by an adapter that decodes lossily): the rewrite would
 * replace the bytes it could not decode. The Node adapter keeps every byte (byte-text.ts); a
 * U+FFFD in the text is the only sign another adapter may not, so only then are bytes compared.
 */
export async function assertTextKeepsBytes(port: VaultPort, path: string, text: string, step: string): Promise<void> {
  if (!text.includes('\uFFFD')) return;
  if (textRoundTrips(text, await port.readBinary(path))) return;
  throw new StepRefusedError(`${path} is not valid UTF-8 text, and "${step}" would rewrite its links and lose the bytes that cannot be read; convert it to UTF-8 first`);
}

/** Ancestors of `path` that do not exist yet, outermost first: the adapter will create them. */
export async function missingParents(port: VaultPort, path: string): Promise<string[]> {
  const out: string[] = [];
  for (let p = parentOf(path); p !== ''; p = parentOf(p)) {
    if (await port.exists(p)) break;
    out.unshift(p);
  }
  return out;
}

/** Removes folders a step created, innermost first, leaving any that are no longer empty. */
export async function removeCreatedFolders(port: VaultPort, folders: readonly string[]): Promise<string[]> {
  const kept: string[] = [];
  for (const f of [...folders].reverse()) {
    if (!(await port.exists(f))) continue;
    const inside = (await port.list()).some((e) => e.path.startsWith(f + '/'));
    if (inside) kept.push(f);
    else await port.removeEmptyFolder(f);
  }
  return kept;
}

/** Whether a path exists with exactly this spelling (case-only renames need the difference). */
export async function existsExactly(port: VaultPort, path: string): Promise<boolean> {
  return (await port.list()).some((e) => e.path === path);
}
