// Checks the journal once the workspace is ready and offers recovery for an interrupted job. Every
// finding is also said in a notice that names the journal file (in the plugin folder) and what
// to do: a journal is never deleted, so the user can always look at it. A journal that cannot be
// read at all, or a check that fails, is reported the same way and changes nothing.
import { type App, Notice } from 'obsidian';
import { findInterruptedJobs, type JournalScan } from '../../edits/journal/recover-jobs';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { RecoveryModal } from './recovery-modal';
import { stateFolder } from '../../vault-vfs/state-folder';

/** Long enough to read a path: these notices matter. */
const NOTICE_MS = 30_000;

const HOW = 'run the command "Reeve: Recover an interrupted job", or "reeve recover <vault> --resume" (or --rollback) in a terminal';

export interface OfferOptions {
  /** Say so when there is nothing to recover (the command asks; the start-up check stays quiet). */
  sayWhenClean?: boolean;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export async function offerRecovery(app: App, port: VaultPort, opts: OfferOptions = {}): Promise<void> {
  const folder = stateFolder(port.configDir);
  let scan: JournalScan;
  try {
    scan = await findInterruptedJobs(port);
  } catch (e) {
    new Notice(`Reeve could not check its journal in ${folder}/journal (${message(e)}). Nothing was changed or deleted; to check again, ${HOW}.`, NOTICE_MS);
    return;
  }
  for (const q of scan.quarantined) {
    new Notice(
      `Reeve: the journal of job ${q.job} could not be read (${q.reason}). It is kept, unchanged, as ${folder}/${q.file}. Reeve cannot tell from it which files that job moved: check the vault (plan notes, undo history) before organizing again.`,
      NOTICE_MS,
    );
  }
  for (const job of scan.interrupted) {
    const damaged = scan.damaged.find((d) => d.job === job.job);
    const file = `${folder}/journal/${job.job}.jsonl`;
    const what = damaged
      ? `its journal was damaged (${damaged.reason}); the damaged file is kept as ${folder}/${damaged.keptAs}, and recovery judges from the vault what the lost records said`
      : `its journal is ${file}`;
    new Notice(`Reeve: "${job.description}" (job ${job.job}) was interrupted after ${job.applied} of ${job.steps} steps; ${what}. To finish it or roll it back, ${HOW}.`, NOTICE_MS);
  }
  const job = scan.interrupted[0];
  if (job) new RecoveryModal(app, port, job).open();
  else if (opts.sayWhenClean && scan.quarantined.length === 0) new Notice('Reeve: no interrupted job in the journal.');
}
