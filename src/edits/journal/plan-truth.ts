// Plan notes tell the truth about their operations. A job run from a plan note marks its blocks
// when it ends (run-plan-operations.ts); but a job can also end later, in recovery after a crash,
// or be undone: then its blocks are marked here (`done` when it ran to the end, `undone` when it
// was rolled back or undone). And an operation a finished, not undone, job already ran is never
// run again, whatever its block says (a crash may have come before the block was marked).
import { VaultFileNotFoundError, type VaultPort } from '../../vault-vfs/vault-port';
import { updateOpBlocks } from '../pending/plan-note';
import type { JobState } from './job-state';
import type { JournalStore } from './journal-store';
import { replay } from './job-state';

function opIds(state: JobState): Set<string> {
  return new Set(state.ops.flatMap((op) => ('opId' in op && op.opId ? [op.opId] : [])));
}

/**
 * Marks the blocks of the job's operations in its plan note for how the job ended. Returns a line
 * for the report when the note could not be updated (gone, or edited meanwhile).
 */
export async function markPlanNote(port: VaultPort, state: JobState, ended: 'applied' | 'reverted'): Promise<string[]> {
  if (state.note === null || state.plan === null) return [];
  const ids = opIds(state);
  const to = ended === 'applied' ? 'done' : 'undone';
  try {
    const decisions = await updateOpBlocks(port, state.note, (b) => (b.data.job === state.plan && ids.has(b.data.id) && b.data.state !== to ? { state: to } : null));
    const refused = decisions.filter((d) => d.status === 'refused');
    return refused.length === 0 ? [] : [`the plan note ${state.note} was not updated (${refused[0]?.reason ?? 'refused'}): its operations were ${to}`];
  } catch (e) {
    if (e instanceof VaultFileNotFoundError) return [];
    return [`the plan note ${state.note} was not updated (${e instanceof Error ? e.message : String(e)}): its operations were ${to}`];
  }
}

/** Operations of plan `plan` that a finished job ran and that were not undone since: op id -> job. */
export async function operationsAlreadyRun(store: JournalStore, plan: string): Promise<Map<string, string>> {
  const ran = new Map<string, string>();
  for (const job of await store.doneJobs()) {
    const loaded = await store.load(job, 'done');
    if (!loaded.ok) continue;
    const state = replay(job, loaded.records);
    if (state.plan !== plan || state.phase !== 'applied') continue;
    for (const id of opIds(state)) ran.set(id, job);
  }
  return ran;
}
