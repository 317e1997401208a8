// A rule's edit of a note's tags or properties, run through the adapter's processFrontMatter
// (Obsidian's FileManager.processFrontMatter in the plugin, the byte-preserving frontmatter
// writer on Node). Before it runs, the journal keeps the note's whole text, so reversing puts the
// note back byte for byte, however the adapter wrote the YAML. It runs after the note's move
// (job-operation.ts), on the path the move gave it.
import { bodyAfterFrontmatter, checkFrontmatterForEdit, FrontmatterError, readFrontmatterForEdit } from '../../../vault-vfs/markdown/frontmatter-write';
import { applyNoteEdit, showsEditDone } from '../../../vault-vfs/markdown/note-edit';
import type { NoteEdit } from '../../../vault-vfs/operations';
import { StaleWriteError, VaultFileNotFoundError } from '../../../vault-vfs/vault-port';
import { sha256Hex } from '../content-hash';
import { describeOperation } from '../job-operation';
import type { StepAfter, StepBefore } from '../journal-records';
import { assertTextKeepsBytes, type Probe, StepMismatchError, StepRefusedError, textHash, type StepContext } from './step-kit';

type FrontmatterOp = { path: string; edit: NoteEdit };
type Before = StepBefore & { type: 'frontmatter' };
type After = StepAfter & { type: 'frontmatter' };

function what(op: FrontmatterOp): string {
  return describeOperation({ type: 'frontmatter', ...op });
}

/** Refuses cleanly a note whose properties an edit could not change (see checkFrontmatterForEdit). */
function checkProperties(path: string, text: string): void {
  try {
    checkFrontmatterForEdit(path, text);
  } catch (e) {
    if (e instanceof FrontmatterError) throw new StepRefusedError(e.message);
    throw e;
  }
}

/** The note's text; a note that is gone refuses the step. Read, not asked about first: one call fewer per edit. */
async function noteText(ctx: StepContext, path: string): Promise<string> {
  try {
    return await ctx.port.read(path);
  } catch (e) {
    if (e instanceof VaultFileNotFoundError) throw new StepRefusedError(`${path} does not exist`);
    throw e;
  }
}

export async function prepareFrontmatter(ctx: StepContext, op: FrontmatterOp): Promise<Before> {
  const text = await noteText(ctx, op.path);
  await assertTextKeepsBytes(ctx.port, op.path, text, what(op));
  checkProperties(op.path, text);
  return { type: 'frontmatter', text, hash: await sha256Hex(text) };
}

export async function applyFrontmatter(ctx: StepContext, op: FrontmatterOp, before: Before): Promise<After> {
  // The note must still be the one recorded (the adapter compares it with the recorded text), and
  // the text written is hashed as it comes back: no read before or after.
  let after: string;
  try {
    after = await ctx.port.processFrontMatter(op.path, applyNoteEdit(op.edit), before.text);
  } catch (e) {
    if (e instanceof FrontmatterError) throw new StepRefusedError(e.message);
    throw e;
  }
  return { type: 'frontmatter', hash: await sha256Hex(after) };
}

/** Whether `text` is the recorded note with the edit done: same body, properties showing the change. */
function looksApplied(op: FrontmatterOp, before: Before, text: string): boolean {
  if (bodyAfterFrontmatter(text) !== bodyAfterFrontmatter(before.text)) return false;
  try {
    return showsEditDone(op.edit, readFrontmatterForEdit(op.path, text));
  } catch {
    return false;
  }
}

export async function probeFrontmatter(ctx: StepContext, op: FrontmatterOp, before: Before): Promise<Probe> {
  if (!(await ctx.port.exists(op.path))) return { mismatch: `${op.path} no longer exists` };
  const text = await ctx.port.read(op.path);
  if ((await sha256Hex(text)) === before.hash) return 'before';
  return looksApplied(op, before, text) ? 'after' : { mismatch: `${op.path} matches neither the note before the ${op.edit.type} nor the note after it` };
}

export async function frontmatterAfter(ctx: StepContext, op: FrontmatterOp): Promise<After> {
  return { type: 'frontmatter', hash: (await ctx.port.exists(op.path)) ? await textHash(ctx.port, op.path) : null };
}

/** Puts the recorded text back, only over the text the step left (never over a later edit). */
export async function revertFrontmatter(ctx: StepContext, op: FrontmatterOp, before: Before, after: After | null): Promise<string[]> {
  if (!(await ctx.port.exists(op.path))) throw new StepMismatchError(`cannot reverse the ${what(op)}: the note is gone`);
  const text = await ctx.port.read(op.path);
  const hash = await sha256Hex(text);
  if (hash === before.hash) return [];
  const applied = after !== null && after.hash !== null ? hash === after.hash : looksApplied(op, before, text);
  if (!applied) throw new StepMismatchError(`cannot reverse the ${what(op)}: the note was edited after the job`);
  await ctx.port.process(op.path, (current) => {
    if (current !== text) throw new StaleWriteError(op.path);
    return before.text;
  });
  return [];
}
