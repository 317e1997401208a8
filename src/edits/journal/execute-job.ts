// Running a job through the journal: accepted operations (edits, new notes, folders, moves,
// renames, trash) are executed in a fixed order with every step recorded, so the job can be
// resumed or rolled back after a crash and undone later. A step that is refused (its source is
// gone, its note was edited) stops the job, and what already ran is rolled back: nothing is left
// half done.
import { MoveTrail } from '../../vault-vfs/move-trail';
import type { PlannedOperation } from '../../vault-vfs/operations';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { diffAsChange } from '../text/lines';
import { sha256Hex } from './content-hash';
import { describeOperation, executionOrder, type JobOperation } from './job-operation';
import { append, defer, driveBackward, driveForward, JobStoppedError, type RunContext } from './job-runner';
import { preflight } from './preflight';
import { replay, type JobState } from './job-state';
import { JournalStore, newJobId } from './journal-store';
import { withJournalLock } from './journal-lock';

export type JobOperationInput =
  | PlannedOperation
  | { type: 'edit'; path: string; before: string; after: string }
  | { type: 'create_note'; path: string; content: string }
  /** Trash a note only if its text is still `expectText`. */
  | { type: 'trash'; path: string; expectText: string };

export interface JobInput {
  description: string;
  operations: readonly JobOperationInput[];
  /** The plan (its id) the operations came from, if any. */
  plan?: string;
  /** The plan note they came from: undo and recovery update its blocks. */
  planNote?: string;
}

export interface JobReport {
  job: string;
  description: string;
  state: 'applied' | 'reverted';
  steps: number;
  /** The step that was refused, when the job was rolled back because of it. */
  failure: { step: number; operation: string; reason: string; /** The plan's id for the operation, when it has one. */ opId?: string } | null;
  /** Things left as they were (a note edited since, a folder not empty), one line each. */
  notes: string[];
  /**
   * When the user stopped the run (Ctrl-C): how many steps ran and the plan's ids of the
   * operations they were. The job is applied with those only, and undoable.
   */
  stopped: { ran: number; opIds: string[] } | null;
}

/** A job that did not finish is in the journal: it must be resumed or rolled back first. */
export class InterruptedJobError extends Error {
  constructor(readonly jobs: readonly string[]) {
    super(`an interrupted job (${jobs.join(', ')}) is in the journal; resume or roll it back first (reeve recover <vault> --resume | --rollback)`);
    this.name = 'InterruptedJobError';
  }
}

export interface RunOptions {
  /** Most steps whose records share one append; default 256. */
  batchSize?: number;
  /** Stops the run after the step being applied (see RunContext.signal). */
  signal?: AbortSignal;
}

async function toJobOperation(input: JobOperationInput, known: WeakMap<object, { before: string; after: string }>): Promise<JobOperation> {
  switch (input.type) {
    case 'edit': {
      const op: JobOperation = { type: 'edit', path: input.path, change: diffAsChange(input.before, input.after), hashBefore: await sha256Hex(input.before), hashAfter: await sha256Hex(input.after) };
      known.set(op, { before: input.before, after: input.after });
      return op;
    }
    case 'create_note':
      return { type: 'create_note', path: input.path, content: input.content, hashAfter: await sha256Hex(input.content) };
    case 'create_folder':
      return { type: 'create_folder', path: input.path, opId: input.opId };
    case 'move':
    case 'rename':
      return { type: input.type, source: input.source, destination: input.destination, opId: input.opId };
    case 'trash':
      return 'expectText' in input ? { type: 'trash', path: input.path, expectHash: await sha256Hex(input.expectText) } : { type: 'trash', path: input.path, opId: input.opId };
    case 'add_tags':
    case 'remove_tags':
      return { type: 'frontmatter', path: input.path, edit: { type: input.type, before: input.before, after: input.after }, opId: input.opId };
    case 'set_properties':
      return { type: 'frontmatter', path: input.path, edit: { type: input.type, before: input.before, after: input.after }, opId: input.opId };
  }
}

/**
 * Every step names what it works on as it was before the job (a plan lists its moves in any order:
 * the plan note groups them by destination); it runs on the path the job's earlier moves put it at.
 * So a folder's subfolder moved after the folder itself is taken from where the folder went, and a
 * note edit or a trash runs on the note wherever its move took it. Steps whose path did not change
 * stay the same objects (the texts of edits are kept by identity in `known`).
 */
function followMoves(ops: JobOperation[]): JobOperation[] {
  const trail = new MoveTrail();
  return ops.map((op) => {
    if (op.type === 'move' || op.type === 'rename') {
      const { source } = trail.add(op);
      return source === op.source ? op : { ...op, source };
    }
    if (op.type !== 'frontmatter' && op.type !== 'trash') return op;
    const path = trail.where(op.path);
    return path === op.path ? op : { ...op, path };
  });
}

export function reportOf(state: JobState, notes: string[]): JobReport {
  const f = state.failure;
  const op = f ? state.ops[f.step] : undefined;
  return {
    job: state.job,
    description: state.description,
    state: state.phase === 'reverted' ? 'reverted' : 'applied',
    steps: state.ops.length,
    failure: f ? { step: f.step, operation: op ? describeOperation(op) : '?', reason: f.reason, ...(op && 'opId' in op && op.opId ? { opId: op.opId } : {}) } : null,
    notes,
    stopped: state.stopped === null || state.phase !== 'applied' ? null : ranOf(state),
  };
}

function ranOf(state: JobState): { ran: number; opIds: string[] } {
  const ran = state.ops.filter((_, i) => state.steps[i]?.status === 'applied');
  return { ran: ran.length, opIds: ran.flatMap((op) => ('opId' in op && op.opId ? [op.opId] : [])) };
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Drives forward; an unexpected error on the way (a permission refused, a full disk) is not left
 * as an interrupted job: it becomes the job's failure, and the caller rolls back what ran. If the
 * error also stops the rollback, the job stays interrupted and the error says how to finish it.
 */
async function driveForwardOrRollBack(ctx: RunContext): Promise<{ step: number; reason: string } | null> {
  try {
    return await driveForward(ctx);
  } catch (e) {
    if (e instanceof JobStoppedError) throw e;
    const step = Math.max(0, ctx.state.steps.findIndex((s) => s.status === 'apply-inflight'));
    const op = ctx.state.ops[step];
    const reason = message(e);
    try {
      await append(ctx, [{ t: 'run', dir: 'backward', why: 'rollback', at: Date.now() }]);
      await driveBackward(ctx);
    } catch (again) {
      // The original error goes on (a crash stays a crash), saying how to finish the job.
      const how = `; rolling back stopped too (${message(again)}); the job ${ctx.state.job} is in the journal: run "reeve recover <vault> --rollback" once the cause is fixed`;
      if (e instanceof Error) {
        e.message = `step ${step + 1} (${op ? describeOperation(op) : '?'}) failed: ${reason}${how}`;
        throw e;
      }
      throw new Error(reason + how);
    }
    return { step, reason };
  }
}

/** Drives a job to the end `target` and closes its journal; shared by execute, recover and undo. */
export async function finishRun(ctx: RunContext, target: 'applied' | 'reverted'): Promise<JobReport> {
  let failure: { step: number; reason: string } | null = null;
  if (target === 'applied') {
    failure = await driveForwardOrRollBack(ctx);
    if (failure && ctx.state.steps.some((s) => s.status !== 'pending')) {
      defer(ctx, [{ t: 'run', dir: 'backward', why: 'rollback', at: Date.now() }]);
      await driveBackward(ctx);
    }
  } else await driveBackward(ctx);
  const state = failure ? 'reverted' : target;
  const stopped = !failure && target === 'applied' && ctx.stoppedAt !== undefined ? { step: ctx.stoppedAt } : null;
  await append(ctx, [{ t: 'end', state, at: Date.now(), ...(failure ? { failure } : {}), ...(stopped ? { stopped } : {}) }]);
  await ctx.store.finish(ctx.state.job);
  ctx.state.phase = state;
  ctx.state.failure = failure;
  ctx.state.stopped = stopped?.step ?? null;
  return reportOf(ctx.state, ctx.notes);
}

/** The report of a job refused before it started: nothing ran, nothing was journaled. */
function refusedBeforeStart(job: string, description: string, ops: readonly JobOperation[], problems: readonly { step: number; reason: string }[]): JobReport {
  const first = problems[0] as { step: number; reason: string };
  const op = ops[first.step];
  return {
    job,
    description,
    state: 'reverted',
    steps: ops.length,
    failure: { step: first.step, operation: op ? describeOperation(op) : '?', reason: `cannot run: ${first.reason}`, ...(op && 'opId' in op && op.opId ? { opId: op.opId } : {}) },
    notes: [...problems.slice(1).map((p) => `also cannot run: ${p.reason}`), 'nothing was run: fix these, or leave those operations out, and run again'],
    stopped: null,
  };
}

/**
 * The paths the operations create, with the folders above them, that do not exist yet. A folder
 * found to exist is asked about once, not once per operation into it: a job of 5,000 renames in 50
 * folders asked 10,000 times (each a realpath and an lstat), now 5,050.
 */
async function absentPaths(port: VaultPort, ops: readonly JobOperation[]): Promise<string[]> {
  const out = new Set<string>();
  const present = new Set<string>();
  for (const op of ops) {
    const target = 'destination' in op ? op.destination : op.type === 'create_folder' || op.type === 'create_note' ? op.path : null;
    for (let p = target; p !== null && p !== '' && !out.has(p) && !present.has(p); p = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '') {
      if (await port.exists(p)) {
        present.add(p);
        break;
      }
      out.add(p);
    }
  }
  return [...out];
}

/** Executes operations as one journaled job. Refuses while an interrupted job exists. */
export async function executeJob(port: VaultPort, input: JobInput, opts: RunOptions = {}): Promise<JobReport> {
  const store = new JournalStore(port.state);
  // The job's many questions about its folders are answered once per folder (withFolderVerdicts).
  const run = <T>(f: () => Promise<T>): Promise<T> => (port.withFolderVerdicts ? port.withFolderVerdicts(f) : f());
  return withJournalLock(port.state, () => run(async () => {
    const active = await store.activeJobs();
    if (active.length > 0) throw new InterruptedJobError(active);
    const known = new WeakMap<object, { before: string; after: string }>();
    const ops = followMoves(executionOrder(await Promise.all(input.operations.map((o) => toJobOperation(o, known)))));
    const job = newJobId();
    const problems = await preflight(port, ops);
    if (problems.length > 0) return refusedBeforeStart(job, input.description, ops, problems);
    const at = Date.now();
    const begin = { t: 'begin' as const, job, at, description: input.description, ops, ...(input.plan !== undefined ? { plan: input.plan } : {}), ...(input.planNote !== undefined ? { note: input.planNote } : {}) };
    // A copy of what the job means to do, so that even a journal damaged later says it.
    await store.saveIntent(begin, await absentPaths(port, ops));
    // The begin record goes to disk with the first intent records, before the vault is touched.
    const ctx: RunContext = { port, store, known, state: replay(job, [begin]), notes: [], batchSize: opts.batchSize ?? 256, ...(opts.signal ? { signal: opts.signal } : {}), deferred: [begin, { t: 'run', dir: 'forward', why: 'execute', at }] };
    const report = await finishRun(ctx, 'applied');
    await store.prune(100);
    return report;
  }), { actsOnVault: true });
}
