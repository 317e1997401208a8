// Finding interrupted jobs (on plugin load and before any CLI command that changes a vault),
// recovering them (resume or roll back), and undoing a finished job. Recovery never guesses:
// each half-finished step is judged against the vault, and a step that matches neither its
// before nor its after state stops the run and is reported.
import type { VaultPort } from '../../vault-vfs/vault-port';
import { finishRun, type JobReport, type RunOptions } from './execute-job';
import { jobFolders } from './job-folders';
import { describeOperation } from './job-operation';
import { replay, type JobState } from './job-state';
import type { JournalRecord } from './journal-records';
import { withJournalLock } from './journal-lock';
import { JournalStore } from './journal-store';
import { checkUndoable } from './undo-check';
import type { RunContext } from './job-runner';
import { reconcileWithVault } from './reconcile-steps';
import { markPlanNote } from './plan-truth';

export interface InterruptedJob {
  job: string;
  description: string;
  /** What was interrupted: running the job, or undoing it. */
  origin: 'execute' | 'undo';
  createdAt: number;
  steps: number;
  /** Steps applied according to the journal (half-finished ones not counted). */
  applied: number;
}

export interface QuarantinedJournal {
  job: string;
  /** Where the journal was moved, inside Reeve's state folder (kept, never deleted). */
  file: string;
  reason: string;
}

/** A job whose journal was damaged but whose operations are known: recovery rebuilds it from the vault. */
export interface DamagedJournal {
  job: string;
  reason: string;
  /** The damaged journal as it was, kept inside Reeve's state folder. */
  keptAs: string;
  /** Records that could still be read. */
  recordsRead: number;
}

export interface JournalScan {
  interrupted: InterruptedJob[];
  /** Journals that could not be read at all (not even the job's operations): set aside, kept. */
  quarantined: QuarantinedJournal[];
  /** Interrupted jobs among `interrupted` whose journal was damaged. */
  damaged: DamagedJournal[];
}

interface Scanned {
  states: JobState[];
  quarantined: QuarantinedJournal[];
  damaged: DamagedJournal[];
}

/**
 * Reads every active journal. A clean one is replayed; one that ended is tidied into done/. A
 * damaged one (a bad record, emptied, replaced) is never deleted: its readable records, with the
 * copy of the job's operations kept beside it, give the job back to recovery, which judges the
 * rest from the vault; the damaged file is kept aside. Only a journal with no operations known
 * anywhere is set aside as it is, and reported.
 */
async function scan(store: JournalStore): Promise<Scanned> {
  const out: Scanned = { states: [], quarantined: [], damaged: [] };
  for (const job of await store.activeJobs()) {
    const read = await store.salvage(job);
    let records = read.records;
    let damage = read.damage;
    if (records[0]?.t !== 'begin') {
      const intent = await store.readIntent(job);
      if (intent === null) {
        out.quarantined.push({ job, file: await store.quarantine(job, 'active'), reason: damage ?? 'the journal holds no readable record, and no copy of its operations was kept' });
        continue;
      }
      damage ??= read.bytes?.length === 0 ? 'the journal is empty' : 'the journal does not start with its begin record';
      records = [intent.begin];
    }
    if (damage !== null) {
      // Said in the journal itself, so every later scan reports it until the job is recovered.
      const salvaged: JournalRecord = { t: 'salvaged', reason: damage, keptAs: await store.keepCopy(job, read.bytes ?? new Uint8Array()), recordsRead: read.records.length, at: Date.now() };
      records = [...records, salvaged];
      await store.rewrite(job, records);
    }
    const state = replay(job, records);
    const salvaged = records.filter((r): r is JournalRecord & { t: 'salvaged' } => r.t === 'salvaged').pop();
    if (salvaged && state.phase === 'interrupted') out.damaged.push({ job, reason: salvaged.reason, keptAs: salvaged.keptAs, recordsRead: salvaged.recordsRead });
    if (state.phase !== 'interrupted') await store.finish(job);
    else out.states.push(state);
  }
  return out;
}

function summary(s: JobState): InterruptedJob {
  return { job: s.job, description: s.description, origin: s.origin, createdAt: s.createdAt, steps: s.ops.length, applied: s.steps.filter((x) => x.status === 'applied').length };
}

/**
 * Interrupted jobs, after setting aside corrupt journals and tidying finished ones. With no active
 * journal there is nothing to look at under the lock: taking it would create the state folder,
 * which a command that only reads (organize --dry-run on a read-only vault) must not do.
 */
export async function findInterruptedJobs(port: VaultPort): Promise<JournalScan> {
  const store = new JournalStore(port.state);
  if ((await store.activeJobs()).length === 0) return { interrupted: [], quarantined: [], damaged: [] };
  return withJournalLock(port.state, async () => {
    const { states, quarantined, damaged } = await scan(store);
    return { interrupted: states.map(summary), quarantined, damaged };
  });
}

/**
 * Recovers every interrupted job. `resume` finishes what was interrupted (the job, or its undo);
 * `rollback` returns to where it started. Recovering again after a crash during recovery gives
 * the same result.
 */
export function recoverJobs(port: VaultPort, mode: 'resume' | 'rollback', opts: RunOptions = {}): Promise<{ reports: JobReport[]; quarantined: QuarantinedJournal[]; damaged: DamagedJournal[] }> {
  const store = new JournalStore(port.state);
  return withJournalLock(port.state, async () => {
    const { states, quarantined, damaged } = await scan(store);
    const reports: JobReport[] = [];
    for (const state of states) {
      const forwardIsResume = state.origin === 'execute';
      const target = (mode === 'resume') === forwardIsResume ? 'applied' : 'reverted';
      const run: JournalRecord = { t: 'run', dir: target === 'applied' ? 'forward' : 'backward', why: mode, at: Date.now() };
      const ctx: RunContext = { port, store, state, notes: [], batchSize: opts.batchSize ?? 256, deferred: [run] };
      ctx.notes.push(...(await reconcileWithVault(ctx, (await store.readIntent(state.job))?.absent ?? null)));
      ctx.uncopiedRewrites = state.steps.some((s) => s.before?.type === 'move' && s.before.judged === true);
      const report = await finishRun(ctx, target);
      // A write the interruption cut short left its temporary copy beside its note.
      const temps = (await port.removeLeftoverTemps?.(jobFolders(state))) ?? [];
      if (temps.length > 0) report.notes.push(`removed ${temps.length} temporary file${temps.length === 1 ? '' : 's'} that interrupted writes left: ${temps.join(', ')}`);
      report.notes.push(...(await markPlanNote(port, ctx.state, report.state)));
      reports.push(report);
    }
    return { reports, quarantined, damaged };
  }, { actsOnVault: true });
}

export interface FinishedJob {
  job: string;
  description: string;
  createdAt: number;
  state: 'applied' | 'reverted';
  steps: string[];
}

/** Finished jobs, newest last. A journal that fails its checksums is quarantined and skipped. */
export function listFinishedJobs(port: VaultPort): Promise<FinishedJob[]> {
  const store = new JournalStore(port.state);
  return withJournalLock(port.state, async () => {
    const out: FinishedJob[] = [];
    for (const job of await store.doneJobs()) {
      const loaded = await store.load(job, 'done');
      if (!loaded.ok) {
        await store.quarantine(job, 'done');
        continue;
      }
      const s = replay(job, loaded.records);
      if (s.phase === 'applied' || s.phase === 'reverted') out.push({ job, description: s.description, createdAt: s.createdAt, state: s.phase, steps: s.ops.map(describeOperation) });
    }
    return out;
  });
}

/** Thrown when an undo is refused before anything changed. */
export class UndoRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndoRefusedError';
  }
}

/**
 * Undoes a finished job (the newest applied one when no id is given): every step reversed, last
 * first, paths and contents restored. Refused, with nothing changed, when the vault no longer
 * shows what the job left (a note edited since, a path taken).
 */
export function undoJob(port: VaultPort, jobId?: string, opts: RunOptions = {}): Promise<JobReport> {
  const store = new JournalStore(port.state);
  return withJournalLock(port.state, async () => {
    const { states } = await scan(store);
    if (states.length > 0) throw new UndoRefusedError(`an interrupted job (${states.map((s) => s.job).join(', ')}) must be recovered first (reeve recover)`);
    const done = await store.doneJobs();
    let state: JobState | null = null;
    for (const job of jobId ? [jobId] : [...done].reverse()) {
      if (!done.includes(job)) throw new UndoRefusedError(`no finished job ${job} in the journal`);
      const loaded = await store.load(job, 'done');
      if (!loaded.ok) throw new UndoRefusedError(`the journal of ${job} is damaged (${loaded.reason}); it cannot be undone`);
      const s = replay(job, loaded.records);
      if (s.phase === 'applied') {
        state = s;
        break;
      }
      if (jobId) throw new UndoRefusedError(`job ${job} was already ${s.phase === 'reverted' ? 'undone or rolled back' : 'left unfinished'}`);
    }
    if (!state) throw new UndoRefusedError('there is no finished job to undo');
    const problems = await checkUndoable(port, state);
    if (problems.length > 0) throw new UndoRefusedError(`cannot undo ${state.job}: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}`);
    await store.reopen(state.job);
    // Undo creates nothing the job's steps do not restore from their records.
    await store.saveIntent({ t: 'begin', job: state.job, at: state.createdAt, description: state.description, ops: state.ops, ...(state.plan !== null ? { plan: state.plan } : {}), ...(state.note !== null ? { note: state.note } : {}) }, []);
    // The undo's run record must be on disk before its first step, even if the undo stops early.
    await store.append(state.job, [{ t: 'run', dir: 'backward', why: 'undo', at: Date.now() }]);
    state.origin = 'undo';
    state.phase = 'interrupted';
    const report = await finishRun({ port, store, state, notes: [], batchSize: opts.batchSize ?? 256 }, 'reverted');
    report.notes.push(...(await markPlanNote(port, state, report.state)));
    return report;
  }, { actsOnVault: true });
}
