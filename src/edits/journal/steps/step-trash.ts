// Trash. Before trashing, the journal copies every file it will trash into its blob store, so the
// step can be undone wherever the trash went: back from `.trash/` when the adapter says where it
// put it (the Node adapter does), or recreated from the copies when it went to the system trash
// (as in Obsidian) or was emptied since.
import { VaultFileNotFoundError } from '../../../vault-vfs/vault-port';
import type { StepAfter, StepBefore } from '../journal-records';
import { fileHash, type Probe, StepMismatchError, StepRefusedError, textHash, type StepContext } from './step-kit';

type TrashOp = { type: 'trash'; path: string; expectHash?: string };
type Before = StepBefore & { type: 'trash' };
type After = StepAfter & { type: 'trash' };

export async function prepareTrash(ctx: StepContext, op: TrashOp): Promise<Before> {
  if (!(await ctx.port.exists(op.path))) throw new StepRefusedError(`${op.path} does not exist`);
  const isFile = (await ctx.port.stat(op.path)) !== null;
  if (op.expectHash !== undefined && (!isFile || (await textHash(ctx.port, op.path)) !== op.expectHash)) {
    throw new StepRefusedError(`${op.path} changed since it was read`);
  }
  const entries = isFile ? [] : (await ctx.port.list()).filter((e) => e.path.startsWith(op.path + '/'));
  const filePaths = isFile ? [op.path] : entries.filter((e) => e.kind === 'file').map((e) => e.path);
  const files: { path: string; hash: string }[] = [];
  for (const path of filePaths) {
    // Hashed and copied a slice at a time where the adapter can: a file of any size.
    const hash = await fileHash(ctx.port, path);
    await ctx.store.saveBlobOf(ctx.port, path, hash);
    files.push({ path, hash });
  }
  const folders = entries.filter((e) => e.kind === 'folder').map((e) => e.path);
  return { type: 'trash', kind: isFile ? 'file' : 'folder', hash: isFile ? (files[0]?.hash ?? null) : null, files, folders };
}

export async function applyTrash(ctx: StepContext, op: TrashOp): Promise<After> {
  return { type: 'trash', trashPath: await ctx.port.trash(op.path) };
}

export async function probeTrash(ctx: StepContext, op: TrashOp, before: Before): Promise<Probe> {
  if (!(await ctx.port.exists(op.path))) return 'after';
  if (before.hash !== null && (await fileHash(ctx.port, op.path)) !== before.hash) {
    return { mismatch: `${op.path} exists but is not the file that was trashed` };
  }
  return 'before';
}

/** Puts the trashed file or folder back, from `.trash/` if possible, else from the copies. */
export async function revertTrash(ctx: StepContext, op: TrashOp, before: Before, after: After | null): Promise<string[]> {
  const notes: string[] = [];
  if (!(await ctx.port.exists(op.path)) && after?.trashPath) {
    try {
      await ctx.port.restoreFromTrash(after.trashPath, op.path);
    } catch (e) {
      if (!(e instanceof VaultFileNotFoundError)) throw e;
      notes.push(`${after.trashPath} was no longer in the trash; ${op.path} was recreated from Reeve's copy`);
    }
  }
  // Idempotent completion from the copies: whatever is still missing is recreated.
  const folders = before.kind === 'folder' ? [op.path, ...before.folders] : [];
  for (const f of folders.sort((a, b) => a.split('/').length - b.split('/').length)) {
    if (!(await ctx.port.exists(f))) await ctx.port.createFolder(f);
  }
  for (const f of before.files) {
    if (await ctx.port.exists(f.path)) continue;
    if (!(await ctx.store.restoreBlob(ctx.port, f.hash, f.path))) throw new StepMismatchError(`cannot restore ${f.path}: Reeve's copy of it is missing`);
  }
  return notes;
}
