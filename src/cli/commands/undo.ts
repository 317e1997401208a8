// `reeve undo <vault> [--job ID]`: undo a finished job (the newest one by default): paths and
// contents restored, and with them the link graph. Refused, with nothing changed, when the vault
// no longer shows what the job left.
import { undoJob, UndoRefusedError } from '../../edits/journal/recover-jobs';
import { JobStoppedError } from '../../edits/journal/job-runner';
import { parseArgs } from '../args';
import { type CliCommand, FailureError, UsageError } from '../command';
import { resolveJobId } from '../job-id';
import { openVault } from '../open-vault';
import { assertNoInterruptedJob, describeReport } from './recover';

export const undoCommand: CliCommand = {
  name: 'undo',
  summary: 'undo the last job (or --job ID)',
  usage: 'usage: reeve undo <vault> [--job ID] [--json]\n  --job ID   a job id, or the plan id of an organize plan (its newest finished job)',
  async run(args, io) {
    const parsed = parseArgs(args, { values: ['job'], booleans: ['json'] });
    if (parsed.positionals.length > 1) throw new UsageError(`unexpected argument "${parsed.positionals[1]}"`);
    const port = await openVault(parsed.positionals[0], io);
    await assertNoInterruptedJob(port);
    let report;
    try {
      report = await undoJob(port, await resolveJobId(port, parsed.values.get('job')));
    } catch (e) {
      if (e instanceof UndoRefusedError) throw new FailureError(e.message);
      if (e instanceof JobStoppedError) throw new FailureError(`undo stopped, nothing guessed: ${e.message}; run "reeve recover <vault> --resume" or "--rollback"`);
      throw e;
    }
    io.stdout(parsed.booleans.has('json') ? JSON.stringify(report) + '\n' : `undone: ${describeReport(report)}\n`);
    return 0;
  },
};
