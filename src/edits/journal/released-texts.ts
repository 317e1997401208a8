// A move's intent record holds the text of every note the move may rewrite, so that reversing it
// gives each back byte for byte. Once that record is on disk and the move has run, the journal
// has those texts and the run need not keep them: a job of 1,000 moves at 10k notes held 10,568
// note texts (about 500 MB) in memory until it ended, only for a rollback that seldom comes, and
// the garbage collector walked them again and again. They are released once the step is applied
// and read back from the journal file, the same records recovery and undo read, before anything
// reverses a step of this run (driveBackward, settleForward in job-runner.ts).
import type { JournalRecord, StepBefore } from './journal-records';
import type { JournalStore } from './journal-store';

/** What a run keeps about the texts it released. */
export interface ReleasedTexts {
  /** The steps whose recorded note texts were released, with the `before` that held them. */
  steps: Map<number, StepBefore & { type: 'move' }>;
}

/** Whether a recorded note's text was released (read back by reloadReleasedTexts). */
export function isReleased(n: { text: string | undefined }): boolean {
  return typeof n.text !== 'string';
}

/**
 * Drops the note texts of an applied move's `before`, whose intent record is on disk. The hashes
 * stay: they name the texts in the journal.
 */
export function releaseRecordedTexts(released: ReleasedTexts, step: number, before: StepBefore): void {
  if (before.type !== 'move' || before.notes.length === 0 || before.notes.some((n) => n.hash === undefined)) return;
  for (const n of before.notes) (n as { text: string | undefined }).text = undefined;
  released.steps.set(step, before);
}

/**
 * Gives every released `before` its texts back from the job's journal file, from the last intent
 * record of each step (the one written for this run). Throws, leaving the job in the journal, when
 * the file no longer gives them: nothing is reversed from a guess.
 */
export async function reloadReleasedTexts(released: ReleasedTexts, store: JournalStore, job: string): Promise<void> {
  if (released.steps.size === 0) return;
  const loaded = await store.load(job, 'active');
  if (!loaded.ok) throw new Error(`cannot read the recorded note texts back from the journal of ${job}: ${loaded.reason}`);
  const last = new Map<number, JournalRecord & { t: 'intent' }>();
  for (const r of loaded.records) if (r.t === 'intent' && released.steps.has(r.step)) last.set(r.step, r);
  for (const [step, before] of released.steps) {
    const on = last.get(step)?.before;
    const same = on?.type === 'move' && on.notes.length === before.notes.length && on.notes.every((n, k) => n.path === before.notes[k]?.path && n.hash === before.notes[k]?.hash && typeof n.text === 'string');
    if (!same) throw new Error(`the journal of ${job} does not hold the note texts step ${step + 1} recorded`);
    for (const [k, n] of on.notes.entries()) (before.notes[k] as { text: string }).text = n.text;
    released.steps.delete(step);
  }
}
