// Finding interrupted jobs (on plugin load and before any CLI command that changes a vault),
// recovering them (resume or roll back), and undoing a finished job. Recovery never guesses:
// each half-finished step is judged against the vault, and a step that matches neither its
// before nor its after state stops the run and is reported.
import type { VaultPort } from '../../vault-vfs/vault-port';
import { finishRun, type JobReport, type RunOptions } from './execute-job';
import { describeOperation } from './job-operation';
import { replay, type JobState } from './job-state';
import type { JournalRecord } from './journal-records';
import { withJournalLock } from './journal-lock';
import { JournalStore } from './journal-store';
import { checkUndoable } from './undo-check';

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
  /** Where the journal was moved, inside Steward's state folder. */
  file: string;
  reason: string;
}

export interface JournalScan {
  interrupted: InterruptedJob[];
  quarantined: QuarantinedJournal[];
}

async function scan(store: JournalStore): Promise<{ states: JobState[]; quarantined: QuarantinedJournal[] }> {
  const states: JobState[] = [];
  const quarantined: QuarantinedJournal[] = [];
  for (const job of await store.activeJobs()) {
    const loaded = await store.load(job, 'active');
    if (!loaded.ok) {
      quarantined.push({ job, file: await store.quarantine(job, 'active'), reason: loaded.reason });
      continue;
    }
    const state = replay(job, loaded.records);
    if (state.phase === 'empty') await store.discard(job);
    else if (state.phase !== 'interrupted') await store.finish(job);
    else states.push(state);
  }
  return { states, quarantined };
}

function summary(s: JobState): InterruptedJob {
  return { job: s.job, description: s.description, origin: s.origin, createdAt: s.createdAt, steps: s.ops.length, applied: s.steps.filter((x) => x.status === 'applied').length };
}

/** Interrupted jobs, after setting aside corrupt journals and tidying finished ones. */
export function findInterruptedJobs(port: VaultPort): Promise<JournalScan> {
  const store = new JournalStore(port.state);
  return withJournalLock(port.state, async () => {
    const { states, quarantined } = await scan(store);
    return { interrupted: states.map(summary), quarantined };
  });
}

/**
 * Recovers every interrupted job. `resume` finishes what was interrupted (the job, or its undo);
 * `rollback` returns to where it started. Recovering again after a crash during recovery gives
 * the same result.
 */
export function recoverJobs(port: VaultPort, mode: 'resume' | 'rollback', opts: RunOptions = {}): Promise<{ reports: JobReport[]; quarantined: QuarantinedJournal[] }> {
  const store = new JournalStore(port.state);
  return withJournalLock(port.state, async () => {
    const { states, quarantined } = await scan(store);
    const reports: JobReport[] = [];
    for (const state of states) {
      const forwardIsResume = state.origin === 'execute';
      const target = (mode === 'resume') === forwardIsResume ? 'applied' : 'reverted';
      const run: JournalRecord = { t: 'run', dir: target === 'applied' ? 'forward' : 'backward', why: mode, at: Date.now() };
      reports.push(await finishRun({ port, store, state, notes: [], batchSize: opts.batchSize ?? 256, deferred: [run] }, target));
    }
    return { reports, quarantined };
  });
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
    if (states.length > 0) throw new UndoRefusedError(`an interrupted job (${states.map((s) => s.job).join(', ')}) must be recovered first (steward recover)`);
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
    // The undo's run record must be on disk before its first step, even if the undo stops early.
    await store.append(state.job, [{ t: 'run', dir: 'backward', why: 'undo', at: Date.now() }]);
    state.origin = 'undo';
    state.phase = 'interrupted';
    return finishRun({ port, store, state, notes: [], batchSize: opts.batchSize ?? 256 }, 'reverted');
  });
}
