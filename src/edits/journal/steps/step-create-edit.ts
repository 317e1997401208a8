// The steps that create or change content: create_folder, create_note and edit. An edit is stored
// as one text change with the hashes of the note before and after, so it is verified both ways
// and reversed exactly; it runs through `process` and refuses a note that changed meanwhile.
import { applyChange, invertChange, type TextChange } from '../../text/lines';
import { StaleWriteError } from '../../../vault-vfs/vault-port';
import { sha256Hex } from '../content-hash';
import type { StepBefore } from '../journal-records';
import { missingParents, type Probe, removeCreatedFolders, StepMismatchError, StepRefusedError, textHash, type StepContext } from './step-kit';

type CreateBefore = StepBefore & { type: 'create' };

// --- create_folder -----------------------------------------------------------------------------

export async function prepareCreateFolder(ctx: StepContext, op: { path: string }): Promise<CreateBefore> {
  if (await ctx.port.exists(op.path)) throw new StepRefusedError(`${op.path} already exists`);
  return { type: 'create', createdParents: await missingParents(ctx.port, op.path) };
}

export async function probeCreated(ctx: StepContext, op: { path: string }): Promise<Probe> {
  return (await ctx.port.exists(op.path)) ? 'after' : 'before';
}

export async function revertCreateFolder(ctx: StepContext, op: { path: string }, before: CreateBefore): Promise<string[]> {
  if (await ctx.port.exists(op.path)) {
    if ((await ctx.port.list()).some((e) => e.path.startsWith(op.path + '/'))) {
      throw new StepMismatchError(`cannot remove the folder ${op.path}: something was put in it after the job`);
    }
    await ctx.port.removeEmptyFolder(op.path);
  }
  return (await removeCreatedFolders(ctx.port, before.createdParents)).map((f) => `folder ${f} was kept: it is not empty`);
}

// --- create_note -------------------------------------------------------------------------------

type NoteOp = { path: string; content: string; hashAfter: string };

export async function prepareCreateNote(ctx: StepContext, op: NoteOp): Promise<CreateBefore> {
  if (await ctx.port.exists(op.path)) throw new StepRefusedError(`${op.path} already exists`);
  return { type: 'create', createdParents: await missingParents(ctx.port, op.path) };
}

export async function probeCreateNote(ctx: StepContext, op: NoteOp): Promise<Probe> {
  if (!(await ctx.port.exists(op.path))) return 'before';
  return (await textHash(ctx.port, op.path)) === op.hashAfter ? 'after' : { mismatch: `${op.path} exists with other content than the job wrote` };
}

export async function revertCreateNote(ctx: StepContext, op: NoteOp, before: CreateBefore): Promise<string[]> {
  const p = await probeCreateNote(ctx, op);
  if (typeof p === 'object') throw new StepMismatchError(`cannot remove ${op.path}: it was edited after the job`);
  if (p === 'after') await ctx.port.trash(op.path);
  return (await removeCreatedFolders(ctx.port, before.createdParents)).map((f) => `folder ${f} was kept: it is not empty`);
}

// --- edit --------------------------------------------------------------------------------------

type EditOp = { path: string; change: TextChange; hashBefore: string; hashAfter: string };

const changedSince = (path: string): StepRefusedError => new StepRefusedError(`${path} changed since the edit was prepared`);

export async function prepareEdit(ctx: StepContext, op: EditOp): Promise<StepBefore> {
  if (!(await ctx.port.exists(op.path))) throw new StepRefusedError(`${op.path} does not exist`);
  // With the texts in memory the write itself checks; otherwise check the hash now.
  if (!ctx.known?.has(op) && (await textHash(ctx.port, op.path)) !== op.hashBefore) throw changedSince(op.path);
  return { type: 'edit' };
}

/** Rewrites the note from the text whose hash is `from`, refusing any other text. */
async function rewrite(ctx: StepContext, path: string, from: string, change: TextChange): Promise<void> {
  const text = await ctx.port.read(path);
  if ((await sha256Hex(text)) !== from) throw new StaleWriteError(path);
  await ctx.port.process(path, (current) => {
    if (current !== text) throw new StaleWriteError(path);
    return applyChange(current, change);
  });
}

export async function applyEdit(ctx: StepContext, op: EditOp): Promise<void> {
  const known = ctx.known?.get(op);
  if (!known) return rewrite(ctx, op.path, op.hashBefore, op.change);
  await ctx.port.process(op.path, (current) => {
    if (current !== known.before) throw changedSince(op.path);
    return known.after;
  });
}

export async function probeEdit(ctx: StepContext, op: EditOp): Promise<Probe> {
  if (!(await ctx.port.exists(op.path))) return { mismatch: `${op.path} no longer exists` };
  const h = await textHash(ctx.port, op.path);
  if (h === op.hashAfter) return 'after';
  if (h === op.hashBefore) return 'before';
  return { mismatch: `${op.path} matches neither the text before nor after the edit` };
}

export async function revertEdit(ctx: StepContext, op: EditOp): Promise<string[]> {
  const p = await probeEdit(ctx, op);
  if (typeof p === 'object') throw new StepMismatchError(`cannot reverse the edit of ${op.path}: ${p.mismatch}`);
  if (p === 'after') await rewrite(ctx, op.path, op.hashAfter, invertChange(op.change));
  return [];
}
