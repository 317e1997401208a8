// Replays a journal into the state of each step and of the job as a whole.
import type { JobOperation } from './job-operation';
import type { JournalRecord, StepAfter, StepBefore } from './journal-records';

export type StepStatus = 'pending' | 'applied' | 'apply-inflight' | 'revert-inflight';

export interface StepState {
  status: StepStatus;
  before: StepBefore | null;
  after: StepAfter | null;
  /** Whether any record names this step: one with none may still have run, if records were lost. */
  recorded: boolean;
}

export type JobPhase = 'applied' | 'reverted' | 'interrupted' | 'empty';

export interface JobState {
  job: string;
  description: string;
  plan: string | null;
  /** The plan note the operations came from, kept telling the truth about them. */
  note: string | null;
  createdAt: number;
  ops: JobOperation[];
  steps: StepState[];
  phase: JobPhase;
  /**
   * What the user was doing when the job was last left unfinished: running it (`execute`) or
   * undoing it (`undo`). Recovery runs do not change it, so recovering twice gives one result.
   */
  origin: 'execute' | 'undo';
  /** The last end record's failure, when a run stopped on a refused step and was rolled back. */
  failure: { step: number; reason: string } | null;
  /** The step before which the user stopped the run (its end record's `stopped`), or null. */
  stopped: number | null;
}

export function replay(job: string, records: readonly JournalRecord[]): JobState {
  const first = records[0];
  if (first?.t !== 'begin') {
    return { job, description: '', plan: null, note: null, createdAt: 0, ops: [], steps: [], phase: 'empty', origin: 'execute', failure: null, stopped: null };
  }
  const steps: StepState[] = first.ops.map(() => ({ status: 'pending', before: null, after: null, recorded: false }));
  const state: JobState = { job, description: first.description, plan: first.plan ?? null, note: first.note ?? null, createdAt: first.at, ops: first.ops, steps, phase: 'interrupted', origin: 'execute', failure: null, stopped: null };
  let sinceEnd = true;
  for (const r of records.slice(1)) {
    const s = 'step' in r ? steps[r.step] : undefined;
    if (s) s.recorded = true;
    switch (r.t) {
      case 'run':
        if (sinceEnd && (r.why === 'execute' || r.why === 'undo')) state.origin = r.why;
        sinceEnd = false;
        state.phase = 'interrupted';
        break;
      case 'intent':
        if (s) Object.assign(s, { status: 'apply-inflight', before: r.before, after: null });
        break;
      case 'done':
        if (s) Object.assign(s, { status: 'applied', after: r.after });
        break;
      case 'revert-intent':
        if (s) s.status = 'revert-inflight';
        break;
      case 'reverted':
      case 'failed':
        if (s) s.status = 'pending';
        break;
      case 'end':
        state.phase = r.state;
        state.failure = r.failure ?? null;
        state.stopped = r.stopped?.step ?? null;
        sinceEnd = true;
        break;
      case 'begin':
      case 'text':
      case 'salvaged':
        break;
    }
  }
  return state;
}
