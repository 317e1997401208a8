// One entry point per step phase, whatever the operation type.
import type { JobOperation } from '../job-operation';
import type { StepAfter, StepBefore } from '../journal-records';
import { applyEdit, prepareCreateFolder, prepareCreateNote, prepareEdit, probeCreated, probeCreateNote, probeEdit, revertCreateFolder, revertCreateNote, revertEdit } from './step-create-edit';
import type { Probe, StepContext } from './step-kit';
import { applyFrontmatter, frontmatterAfter, prepareFrontmatter, probeFrontmatter, revertFrontmatter } from './step-frontmatter';
import { applyMove, moveAfter, prepareMove, probeMove, revertMove } from './step-move';
import { applyTrash, prepareTrash, probeTrash, revertTrash } from './step-trash';

const PLAIN: StepAfter = { type: 'plain' };

function wrong(op: JobOperation, before: StepBefore): Error {
  return new Error(`journal record for "${op.type}" holds "${before.type}" data`);
}

export function prepareStep(ctx: StepContext, op: JobOperation): Promise<StepBefore> {
  switch (op.type) {
    case 'create_folder':
      return prepareCreateFolder(ctx, op);
    case 'create_note':
      return prepareCreateNote(ctx, op);
    case 'edit':
      return prepareEdit(ctx, op);
    case 'move':
    case 'rename':
      return prepareMove(ctx, op);
    case 'trash':
      return prepareTrash(ctx, op);
    case 'frontmatter':
      return prepareFrontmatter(ctx, op);
  }
}

/** The mutating call of the step, and what to record after it. */
export async function applyStep(ctx: StepContext, op: JobOperation, before: StepBefore): Promise<StepAfter> {
  switch (op.type) {
    case 'create_folder':
      await ctx.port.createFolder(op.path);
      return PLAIN;
    case 'create_note':
      await ctx.port.create(op.path, op.content);
      return PLAIN;
    case 'edit':
      await applyEdit(ctx, op);
      return PLAIN;
    case 'move':
    case 'rename':
      if (before.type !== 'move') throw wrong(op, before);
      return applyMove(ctx, op, before);
    case 'trash':
      return applyTrash(ctx, op);
    case 'frontmatter':
      if (before.type !== 'frontmatter') throw wrong(op, before);
      return applyFrontmatter(ctx, op, before);
  }
}

export function probeStep(ctx: StepContext, op: JobOperation, before: StepBefore): Promise<Probe> {
  switch (op.type) {
    case 'create_folder':
      return probeCreated(ctx, op);
    case 'create_note':
      return probeCreateNote(ctx, op);
    case 'edit':
      return probeEdit(ctx, op);
    case 'move':
    case 'rename':
      if (before.type !== 'move') throw wrong(op, before);
      return probeMove(ctx, op, before);
    case 'trash':
      if (before.type !== 'trash') throw wrong(op, before);
      return probeTrash(ctx, op, before);
    case 'frontmatter':
      if (before.type !== 'frontmatter') throw wrong(op, before);
      return probeFrontmatter(ctx, op, before);
  }
}

/**
 * What to record for a step found applied without its `done` record (the process stopped right
 * after the call): read back from the vault. The trash location is unknown then; the copies
 * taken before the step still make it reversible.
 */
export async function afterFromVault(ctx: StepContext, op: JobOperation, before: StepBefore): Promise<StepAfter> {
  if ((op.type === 'move' || op.type === 'rename') && before.type === 'move') return moveAfter(ctx, op, before);
  if (op.type === 'trash') return { type: 'trash', trashPath: null };
  if (op.type === 'frontmatter') return frontmatterAfter(ctx, op);
  return PLAIN;
}

/** Brings the vault back to the state before the step; returns notes on what was left as is. */
export function revertStep(ctx: StepContext, op: JobOperation, before: StepBefore, after: StepAfter | null): Promise<string[]> {
  switch (op.type) {
    case 'create_folder':
      if (before.type !== 'create') throw wrong(op, before);
      return revertCreateFolder(ctx, op, before);
    case 'create_note':
      if (before.type !== 'create') throw wrong(op, before);
      return revertCreateNote(ctx, op, before);
    case 'edit':
      return revertEdit(ctx, op);
    case 'move':
    case 'rename':
      if (before.type !== 'move') throw wrong(op, before);
      return revertMove(ctx, op, before, after?.type === 'move' ? after : null);
    case 'trash':
      if (before.type !== 'trash') throw wrong(op, before);
      return revertTrash(ctx, op, before, after?.type === 'trash' ? after : null);
    case 'frontmatter':
      if (before.type !== 'frontmatter') throw wrong(op, before);
      return revertFrontmatter(ctx, op, before, after?.type === 'frontmatter' ? after : null);
  }
}

/** Paths a step touches, its recorded notes included, for telling independent steps apart. */
export function touchedPaths(op: JobOperation, before: StepBefore): string[] {
  const base = 'source' in op ? [op.source, op.destination] : [op.path];
  if (before.type === 'move') return [...base, ...before.createdParents, ...before.notes.map((n) => n.path)];
  if (before.type === 'create') return [...base, ...before.createdParents];
  return base;
}
