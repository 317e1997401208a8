// Checks the journal once the workspace is ready and offers recovery for an interrupted job, or
// reports a journal that had to be set aside.
import { type App, Notice } from 'obsidian';
import { findInterruptedJobs } from '../../edits/journal/recover-jobs';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { RecoveryModal } from './recovery-modal';

export async function offerRecovery(app: App, port: VaultPort): Promise<void> {
  const scan = await findInterruptedJobs(port);
  for (const q of scan.quarantined) new Notice(`Steward: the journal of job ${q.job} was damaged (${q.reason}) and set aside as ${q.file}.`);
  const job = scan.interrupted[0];
  if (job) new RecoveryModal(app, port, job).open();
}
