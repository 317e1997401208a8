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

/**
 * Removes the folder the job created, unless something was put in it after the job (the job's
 * own moves out of it are reversed before this step): then it stays where it is, with what was
 * put in it, the undo says so and goes on, as it does for the folders created above it.
 */
export async function revertCreateFolder(ctx: StepContext, op: { path: string }, before: CreateBefore): Promise<string[]> {
  const notes: string[] = [];
  if (await ctx.port.exists(op.path)) {
    if ((await ctx.port.list()).some((e) => e.path.startsWith(op.path + '/'))) notes.push(`folder ${op.path} was kept: something was put in it after the job`);
    else await ctx.port.removeEmptyFolder(op.path);
  }
  for (const f of await removeCreatedFolders(ctx.port, before.createdParents)) notes.push(`folder ${f} was kept: it is not empty`);
  return notes;
}

// --- create_note -------------------------------------------------------------------------------

type NoteOp = { path: string; content: string; hashAfter: string };

export async function prepareCreateNote(ctx: StepContext, op: NoteOp): Promise<CreateBefore> {
  if (await ctx.port.exists(op.path)) throw new StepRefusedError(`${op.path} already exists`);
  return { type: 'create', createdParents: await missingParents(ctx.port, op.path) };
}

/**
 * 'after' when the note is there as the job wrote it; also when its text differs but a move of the
 * job whose records were lost may have rewritten its links (StepContext.uncopiedRewrites): the note
 * is still the job's, and reversing puts it in the trash, which keeps it.
 */
export async function probeCreateNote(ctx: StepContext, op: NoteOp): Promise<Probe> {
  if (!(await ctx.port.exists(op.path))) return 'before';
  if ((await textHash(ctx.port, op.path)) === op.hashAfter || ctx.uncopiedRewrites) return 'after';
  return { mismatch: `${op.path} exists with other content than the job wrote` };
}

export async function revertCreateNote(ctx: StepContext, op: NoteOp, before: CreateBefore): Promise<string[]> {
  const p = await probeCreateNote(ctx, op);
  if (typeof p === 'object') throw new StepMismatchError(`cannot remove ${op.path}: it was edited after the job`);
  const left: string[] = [];
  if (p === 'after') {
    if ((await textHash(ctx.port, op.path)) !== op.hashAfter) {
      left.push(`${op.path}, which the job created, differs from what the job wrote (a move whose records were lost rewrote its links, or it was edited since); it was moved to the trash, not deleted`);
    }
    await ctx.port.trash(op.path);
  }
  for (const f of await removeCreatedFolders(ctx.port, before.createdParents)) left.push(`folder ${f} was kept: it is not empty`);
  return left;
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

/**
 * Where the edit's own text is in `text`, for a note that matches neither hash because a move whose
 * copies were lost rewrote links in it (StepContext.uncopiedRewrites): at the edit's offset, or,
 * when a link before it changed length, at its one occurrence. Steps run in order, so a move that
 * ran means the edits before it ran; this only finds where. Null when it cannot be told.
 */
function editFoundAt(text: string, change: TextChange): number | null {
  if (change.insert === '') return null;
  if (text.startsWith(change.insert, change.at)) return change.at;
  const first = text.indexOf(change.insert);
  return first !== -1 && text.indexOf(change.insert, first + 1) === -1 ? first : null;
}

async function probeEditText(ctx: StepContext, op: EditOp): Promise<{ probe: Probe; text: string | null; exact: boolean }> {
  if (!(await ctx.port.exists(op.path))) return { probe: { mismatch: `${op.path} no longer exists` }, text: null, exact: false };
  const text = await ctx.port.read(op.path);
  const h = await sha256Hex(text);
  if (h === op.hashAfter) return { probe: 'after', text, exact: true };
  if (h === op.hashBefore) return { probe: 'before', text, exact: true };
  if (ctx.uncopiedRewrites && editFoundAt(text, op.change) !== null) return { probe: 'after', text, exact: false };
  return { probe: { mismatch: `${op.path} matches neither the text before nor after the edit` }, text, exact: false };
}

export async function probeEdit(ctx: StepContext, op: EditOp): Promise<Probe> {
  return (await probeEditText(ctx, op)).probe;
}

export async function revertEdit(ctx: StepContext, op: EditOp): Promise<string[]> {
  const { probe, exact } = await probeEditText(ctx, op);
  if (typeof probe === 'object') throw new StepMismatchError(`cannot reverse the edit of ${op.path}: ${probe.mismatch}`);
  if (probe === 'before') return [];
  if (exact) {
    await rewrite(ctx, op.path, op.hashAfter, invertChange(op.change));
    return [];
  }
  await ctx.port.process(op.path, (current) => {
    const at = editFoundAt(current, op.change);
    if (at === null) throw new StaleWriteError(op.path);
    return current.slice(0, at) + op.change.remove + current.slice(at + op.change.insert.length);
  });
  return [`${op.path}: the edit was reversed where its text was found; the copy of this note was in the lost records, so its links are as the rename back wrote them (the same targets, perhaps written another way)`];
}
