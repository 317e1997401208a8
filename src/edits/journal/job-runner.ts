// Drives a job's steps forward (apply every step) or backward (reverse every applied step),
// writing the journal as it goes: an intent record, durable before the step's mutating call, then
// a done record. Independent steps are grouped so their records share one append. A step found
// half-way (intent without done) is judged by the vault itself: before, after, or neither, and
// neither stops the run.
import { describeOperation } from './job-operation';
import type { JobState } from './job-state';
import type { JournalRecord, StepBefore } from './journal-records';
import type { JournalStore } from './journal-store';
import { PathSet } from './path-set';
import { type ReleasedTexts, releaseRecordedTexts, reloadReleasedTexts } from './released-texts';
import { isCleanRefusal, StepMismatchError, type StepContext } from './steps/step-kit';
import { afterFromVault, applyStep, prepareStep, probeStep, revertStep, touchedPaths } from './steps/run-step';
import { operationPaths, type JobOperation } from './job-operation';

/** A run stopped on a step it must not guess about; the job stays interrupted. */
export class JobStoppedError extends Error {
  constructor(
    readonly job: string,
    readonly step: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'JobStoppedError';
  }
}

export interface RunContext extends StepContext {
  store: JournalStore;
  state: JobState;
  /** What was left as is, for the report. */
  notes: string[];
  batchSize: number;
  /**
   * Aborted when the user asks the run to stop (Ctrl-C): the step being applied finishes, no
   * later one starts, and `stoppedAt` says where it stopped. Only a forward run stops so.
   */
  signal?: AbortSignal;
  stoppedAt?: number;
  /**
   * Records whose write may wait for the next append: the done records of the last batch. They
   * go out with the next batch's intent records, before any later step touches the vault, so a
   * crash can only lose the done records of steps that were the last to run, and recovery reads
   * those from the vault.
   */
  deferred?: JournalRecord[];
  /** Applied moves whose recorded note texts were released (see released-texts.ts). */
  released?: ReleasedTexts;
}

/** Gives back the released texts of this run's moves before a step is reversed or judged. */
async function reloadTexts(ctx: RunContext): Promise<void> {
  if (ctx.released) await reloadReleasedTexts(ctx.released, ctx.store, ctx.state.job);
}

/**
 * The paths a step will touch, known before preparing it: for a move, the notes linking to it
 * too (from the link index, no reads), so a step is rarely prepared twice.
 */
function touchEstimate(ctx: RunContext, op: JobOperation): string[] {
  const paths = operationPaths(op);
  return 'source' in op ? [...paths, ...ctx.port.backlinks(op.source)] : paths;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Appends records to the job's journal, after any deferred ones. The vault writes whose sync the
 * adapter deferred (link rewrites of notes an intent record holds) are synced first: a record that
 * says a step ran never reaches the disk before what the step wrote.
 */
export async function append(ctx: RunContext, records: JournalRecord[]): Promise<void> {
  const all = [...(ctx.deferred ?? []), ...records];
  ctx.deferred = [];
  await ctx.port.syncDeferredWrites?.();
  await ctx.store.append(ctx.state.job, all);
}

/**
 * Appends intent records alone, leaving the deferred done records and the adapter's held writes
 * for a later append: how a run of moves that rewrite the same notes keeps going without writing
 * those notes once per move (see driveForward).
 */
async function appendIntents(ctx: RunContext, records: JournalRecord[]): Promise<void> {
  await ctx.store.append(ctx.state.job, records);
}

export function defer(ctx: RunContext, records: JournalRecord[]): void {
  ctx.deferred = [...(ctx.deferred ?? []), ...records];
}

function isMove(op: JobOperation): boolean {
  return op.type === 'move' || op.type === 'rename';
}

function stopped(ctx: RunContext, step: number, e: unknown): JobStoppedError {
  const op = ctx.state.ops[step];
  return new JobStoppedError(ctx.state.job, step, `step ${step + 1} (${op ? describeOperation(op) : '?'}): ${message(e)}`);
}

/** Settles a step left half-way, going forward: it ends up applied (true) or pending (false). */
async function settleForward(ctx: RunContext, i: number): Promise<boolean> {
  const s = ctx.state.steps[i];
  const op = ctx.state.ops[i];
  if (!s || !op || !s.before) return false;
  await reloadTexts(ctx);
  const p = await probeStep(ctx, op, s.before);
  if (typeof p === 'object') throw stopped(ctx, i, p.mismatch);
  if (s.status === 'apply-inflight' && isMove(op)) {
    // A move can stop half-way inside the adapter: the file moved but some links not yet
    // rewritten (or, in another adapter, the reverse). The vault cannot tell how far it got, so
    // the step is reversed whole, every recorded note restored, and then runs again from scratch.
    ctx.notes.push(...(await revertStep(ctx, op, s.before, null)));
    await append(ctx, [{ t: 'reverted', step: i }]);
    s.status = 'pending';
    return false;
  }
  if (p === 'after') {
    const after = s.status === 'revert-inflight' && s.after ? s.after : await afterFromVault(ctx, op, s.before);
    await append(ctx, [{ t: 'done', step: i, after }]);
    Object.assign(s, { status: 'applied', after });
    return true;
  }
  if (s.status === 'revert-inflight') {
    ctx.notes.push(...(await revertStep(ctx, op, s.before, s.after)));
    await append(ctx, [{ t: 'reverted', step: i }]);
  }
  s.status = 'pending';
  return false;
}

/**
 * Moves whose intent records are on disk without a done record may have rewritten the same notes
 * one after the other (a chain, see driveForward): each is reversed whole, last first, so every
 * recorded note ends with the text it had before the first of them.
 */
async function settleInflightMoves(ctx: RunContext): Promise<void> {
  const { steps, ops } = ctx.state;
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i];
    if (op && isMove(op) && steps[i]?.status === 'apply-inflight') await settleForward(ctx, i);
  }
}

/**
 * Applies every step not yet applied. Returns the refused step, if one refused (nothing else ran after it).
 *
 * Steps that touch no common path share a batch: their intent records go out in one append, then
 * they run. A step that touches a path of the batch waits for the batch to run. Between batches
 * of moves, on an adapter that holds its link rewrites (`syncDeferredWrites`), the next batch's
 * intents go out alone (a chain): the done records wait, and so do the held rewrites, so a note
 * linking to many moved notes is written once when the chain ends (any other step, or the end of
 * the run), not once per move. Each intent still holds the text its step saw (after the moves
 * before it); a crash inside a chain leaves its moves in flight, and recovery reverses them last
 * first (settleInflightMoves), which gives every note back its text before the chain.
 */
export async function driveForward(ctx: RunContext): Promise<{ step: number; reason: string } | null> {
  const { steps, ops } = ctx.state;
  await settleInflightMoves(ctx);
  const chains = ctx.port.syncDeferredWrites !== undefined;
  let batch: { i: number; before: StepBefore }[] = [];
  const touched = new PathSet();
  // Whether the batch writes note text (a new note, an edit): its links are not in the vault's
  // link index until it runs, so a move prepared in the same batch would not record that note
  // among those its rename rewrites, and could not give its text back.
  let writesText = false;
  // `next`: the step that comes after the batch, or 'end' when the run ends with it (the end
  // record's append writes what waits).
  const flush = async (next?: JobOperation | 'end'): Promise<{ step: number; reason: string } | null> => {
    if (batch.length === 0) return null;
    const current = batch;
    batch = [];
    touched.clear();
    writesText = false;
    const intents = current.map((b): JournalRecord => ({ t: 'intent', step: b.i, before: b.before }));
    // Only done records may wait past this append (a begin or run record goes out first).
    const onlyDones = (ctx.deferred ?? []).every((r) => r.t === 'done');
    const chained = chains && onlyDones && next !== undefined && (next === 'end' || isMove(next)) && current.every((b) => isMove(ops[b.i] as JobOperation));
    if (chained) await appendIntents(ctx, intents);
    else await append(ctx, intents);
    for (const b of current) Object.assign(steps[b.i] as object, { status: 'apply-inflight', before: b.before, after: null });
    const dones: JournalRecord[] = [];
    for (const [k, b] of current.entries()) {
      if (ctx.signal?.aborted === true) {
        // Stopped between two steps: the rest of the batch never ran, and its intents say so.
        await append(ctx, [...dones, ...current.slice(k).map((x): JournalRecord => ({ t: 'reverted', step: x.i }))]);
        for (const x of current.slice(k)) (steps[x.i] as { status: string }).status = 'pending';
        ctx.stoppedAt = b.i;
        return null;
      }
      try {
        const after = await applyStep(ctx, ops[b.i] as (typeof ops)[number], b.before);
        dones.push({ t: 'done', step: b.i, after });
        Object.assign(steps[b.i] as object, { status: 'applied', after });
        // Its intent record, on disk since before it ran, holds these texts for a reversal.
        releaseRecordedTexts((ctx.released ??= { steps: new Map() }), b.i, b.before);
      } catch (e) {
        if (!isCleanRefusal(e)) {
          // Best effort: record what did complete, then let the error through; recovery judges the rest.
          await append(ctx, dones).catch(() => undefined);
          throw e;
        }
        const rest = current.slice(k + 1).map((x): JournalRecord => ({ t: 'reverted', step: x.i }));
        await append(ctx, [...dones, { t: 'failed', step: b.i, reason: message(e) }, ...rest]);
        for (const x of current.slice(k)) (steps[x.i] as { status: string }).status = 'pending';
        return { step: b.i, reason: message(e) };
      }
    }
    defer(ctx, dones);
    return null;
  };
  const refuse = async (i: number, e: unknown): Promise<{ step: number; reason: string }> => {
    await append(ctx, [{ t: 'failed', step: i, reason: message(e) }]);
    return { step: i, reason: message(e) };
  };
  for (let i = 0; i < ops.length; i++) {
    const s = steps[i];
    const op = ops[i];
    if (!s || !op || s.status === 'applied') continue;
    if (ctx.signal?.aborted === true && s.status === 'pending') {
      const failed = await flush();
      if (failed || ctx.stoppedAt !== undefined) return failed;
      ctx.stoppedAt ??= i;
      return null;
    }
    if (s.status !== 'pending') {
      const failed = await flush();
      if (failed || ctx.stoppedAt !== undefined) return failed;
      if (await settleForward(ctx, i)) continue;
    }
    if ((writesText && 'source' in op) || touched.overlaps(touchEstimate(ctx, op))) {
      const failed = await flush(op);
      if (failed || ctx.stoppedAt !== undefined) return failed;
    }
    let before: StepBefore;
    try {
      before = await prepareStep(ctx, op);
      if (touched.overlaps(touchedPaths(op, before))) {
        const failed = await flush(op);
        if (failed || ctx.stoppedAt !== undefined) return failed;
        before = await prepareStep(ctx, op);
      }
    } catch (e) {
      if (!isCleanRefusal(e)) throw e;
      const failed = await flush();
      if (failed || ctx.stoppedAt !== undefined) return failed;
      try {
        before = await prepareStep(ctx, op);
      } catch (again) {
        if (!isCleanRefusal(again)) throw again;
        return refuse(i, again);
      }
    }
    batch.push({ i, before });
    touched.add(touchedPaths(op, before));
    if (op.type === 'create_note' || op.type === 'edit') writesText = true;
    if (batch.length >= ctx.batchSize) {
      const failed = await flush(ops[i + 1]);
      if (failed || ctx.stoppedAt !== undefined) return failed;
    }
  }
  return flush('end');
}

/** Reverses every applied step, last first. Throws JobStoppedError where it must not guess. */
export async function driveBackward(ctx: RunContext): Promise<void> {
  const { steps, ops } = ctx.state;
  await reloadTexts(ctx);
  let batch: number[] = [];
  const touched = new PathSet();
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    touched.clear();
    await append(ctx, current.map((i): JournalRecord => ({ t: 'revert-intent', step: i })));
    for (const i of current) (steps[i] as { status: string }).status = 'revert-inflight';
    const done: JournalRecord[] = [];
    for (const i of current) {
      const s = steps[i] as (typeof steps)[number];
      try {
        ctx.notes.push(...(await revertStep(ctx, ops[i] as (typeof ops)[number], s.before as StepBefore, s.after)));
      } catch (e) {
        await append(ctx, done).catch(() => undefined);
        if (e instanceof StepMismatchError || isCleanRefusal(e)) throw stopped(ctx, i, e);
        throw e;
      }
      done.push({ t: 'reverted', step: i });
      s.status = 'pending';
    }
    defer(ctx, done);
  };
  for (let i = ops.length - 1; i >= 0; i--) {
    const s = steps[i];
    const op = ops[i];
    if (!s || !op || s.status === 'pending' || !s.before) continue;
    if (s.status === 'apply-inflight') {
      await flush();
      const p = await probeStep(ctx, op, s.before);
      if (typeof p === 'object') throw stopped(ctx, i, p.mismatch);
      // A move found 'before' may still have rewritten some notes' links: it is reversed below.
      if (p === 'before' && !isMove(op)) {
        await append(ctx, [{ t: 'reverted', step: i }]);
        s.status = 'pending';
        continue;
      }
      // Applied (or, for a move, perhaps half-applied) without its done record: reversed as a
      // whole, every recorded note restored.
      s.after = null;
    }
    const paths = touchedPaths(op, s.before);
    if (s.status !== 'applied' || touched.overlaps(paths)) await flush();
    batch.push(i);
    touched.add(paths);
    if (s.status !== 'applied' || batch.length >= ctx.batchSize) await flush();
  }
  await flush();
}
