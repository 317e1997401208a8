// `reeve recover <vault> --resume | --rollback`: finish or reverse a job the journal shows as
// interrupted, and `assertNoInterruptedJob`, which every command that changes a vault calls first.
// `--take-over-lock` takes the journal lock from a run on another computer that has stopped
// touching it (a synced config folder; lock-staleness.ts), alone or before --resume/--rollback.
import { findInterruptedJobs, recoverJobs, type JournalScan } from '../../edits/journal/recover-jobs';
import { describeLockOwner, JOURNAL_LOCK, takeOverJournalLock } from '../../edits/journal/journal-lock';
import { lockTiming } from '../../vault-vfs/lock-staleness';
import { JobStoppedError } from '../../edits/journal/job-runner';
import type { JobReport } from '../../edits/journal/execute-job';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { parseArgs } from '../args';
import { type CliCommand, FailureError, UsageError } from '../command';
import { openVault } from '../open-vault';

function describeScan(scan: JournalScan): string | null {
  const job = scan.interrupted[0];
  if (job) {
    const what = job.origin === 'undo' ? 'an interrupted undo of job' : 'an interrupted job';
    const d = scan.damaged.find((x) => x.job === job.job);
    const damage = d ? `; its journal was damaged (${d.reason}; kept as ${d.keptAs}), and recovery will judge from the vault what the lost records said` : '';
    return `${what} ${job.job} ("${job.description}", ${job.applied} of ${job.steps} steps applied) is in the journal${damage}; run "reeve recover <vault> --resume" or "reeve recover <vault> --rollback" first`;
  }
  const q = scan.quarantined[0];
  if (q) return `the journal of job ${q.job} could not be read (${q.reason}); it was kept as ${q.file}, and nothing was changed: Reeve cannot tell what that job did, so check the vault (undo history, plan notes) before running the command again`;
  return null;
}

/** Refuses (exit 1) while the journal holds an interrupted job, naming `reeve recover`. */
export async function assertNoInterruptedJob(port: VaultPort): Promise<void> {
  const problem = describeScan(await findInterruptedJobs(port));
  if (problem) throw new FailureError(problem);
}

export function describeReport(r: JobReport): string {
  const head = `job ${r.job} ("${r.description}"): ${r.state === 'applied' ? 'completed' : 'rolled back'}, ${r.steps} step${r.steps === 1 ? '' : 's'}`;
  const failure = r.failure ? `\n  step ${r.failure.step + 1} (${r.failure.operation}) was refused: ${r.failure.reason}` : '';
  return head + failure + r.notes.map((n) => `\n  note: ${n}`).join('');
}

export const recoverCommand: CliCommand = {
  name: 'recover',
  summary: 'resume or roll back a job that was interrupted',
  usage: [
    'usage: reeve recover <vault> --resume | --rollback | --take-over-lock [--json]',
    '  --resume          finish what was interrupted (the job, or the undo of a job)',
    '  --rollback        return to where the interrupted job (or undo) started',
    `  --take-over-lock  take the journal lock from a Reeve run on another computer that has not`,
    `                    touched it for ${lockTiming.staleMs / 60_000} minutes (alone, or with --resume or --rollback)`,
  ].join('\n'),
  async run(args, io) {
    const parsed = parseArgs(args, { booleans: ['resume', 'rollback', 'json', 'take-over-lock'] });
    const resume = parsed.booleans.has('resume');
    const takeOver = parsed.booleans.has('take-over-lock');
    if (resume && parsed.booleans.has('rollback')) throw new UsageError('give one of --resume or --rollback, not both');
    if (!resume && !parsed.booleans.has('rollback') && !takeOver) throw new UsageError('give one of --resume, --rollback or --take-over-lock');
    if (parsed.positionals.length > 1) throw new UsageError(`unexpected argument "${parsed.positionals[1]}"`);
    const port = await openVault(parsed.positionals[0], io);
    if (takeOver) {
      const said = await takeOverLock(port);
      if (!resume && !parsed.booleans.has('rollback')) {
        io.stdout(parsed.booleans.has('json') ? JSON.stringify({ lock: said }) + '\n' : said + '\n');
        return 0;
      }
      io.stderr(said + '\n');
    }
    let result;
    try {
      result = await recoverJobs(port, resume ? 'resume' : 'rollback');
    } catch (e) {
      if (e instanceof JobStoppedError) throw new FailureError(`recovery stopped, nothing guessed: ${e.message}; the job is still in the journal`);
      throw e;
    }
    // A damaged journal is a failure even when what it held was recovered: the user must look.
    const code = result.quarantined.length + result.damaged.length > 0 ? 1 : 0;
    if (parsed.booleans.has('json')) {
      io.stdout(JSON.stringify(result) + '\n');
      return code;
    }
    const lines = result.quarantined.map((q) => `the journal of job ${q.job} could not be read (${q.reason}); kept as ${q.file}; nothing was recovered from it: check the vault by hand`);
    lines.push(...result.damaged.map((d) => `the journal of job ${d.job} was damaged (${d.reason}); kept as ${d.keptAs}; ${d.recordsRead} record${d.recordsRead === 1 ? '' : 's'} read, the rest judged from the vault`));
    lines.push(...result.reports.map(describeReport));
    if (lines.length === 0) lines.push('no interrupted job');
    io.stdout(lines.join('\n') + '\n');
    if (code !== 0) io.stderr(`error: a damaged journal was found; it is kept, and the lines above say what was recovered and what was not\n`);
    return code;
  },
};

/** Frees the journal lock if a stale owner on another computer holds it; says what it did. */
async function takeOverLock(port: VaultPort): Promise<string> {
  const state = port.state;
  const attempt = await state.tryLock?.(JOURNAL_LOCK);
  if (!attempt) return 'the journal has no lock here';
  if (attempt.ok) {
    await attempt.release();
    return 'the journal lock is free: nothing to take over';
  }
  if (attempt.stale !== true) {
    throw new FailureError(`the journal lock is held by ${describeLockOwner(attempt.owner)}, which is active or on this computer; nothing was taken over (a lock of another computer can be taken over once it has not been touched for ${lockTiming.staleMs / 60_000} minutes)`);
  }
  if (!(await takeOverJournalLock(state, attempt.owner))) throw new FailureError('the journal lock changed hands meanwhile; nothing was taken over: run this again');
  return `took over the journal lock of ${describeLockOwner(attempt.owner)}`;
}
