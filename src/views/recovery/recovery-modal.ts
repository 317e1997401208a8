// When the plugin loads and the journal holds an interrupted job, the user chooses: finish it,
// roll it back, or decide later. Nothing runs on its own.
import { type App, Modal, Notice, Setting } from 'obsidian';
import { type InterruptedJob, recoverJobs } from '../../edits/journal/recover-jobs';
import type { VaultPort } from '../../vault-vfs/vault-port';

export class RecoveryModal extends Modal {
  constructor(
    app: App,
    private readonly port: VaultPort,
    private readonly job: InterruptedJob,
  ) {
    super(app);
  }

  override onOpen(): void {
    this.setTitle('Reeve: a job was interrupted');
    this.contentEl.createEl('p', {
      text: `"${this.job.description}" stopped after ${this.job.applied} of ${this.job.steps} steps. Your files are as that step left them. Finish the job, or put everything back as it was before it started.`,
    });
    new Setting(this.contentEl)
      .addButton((b) => b.setButtonText('Finish the job').setCta().onClick(() => void this.recover('resume')))
      .addButton((b) => b.setButtonText('Roll back').onClick(() => void this.recover('rollback')))
      .addButton((b) => b.setButtonText('Decide later').onClick(() => this.close()));
  }

  private async recover(mode: 'resume' | 'rollback'): Promise<void> {
    this.close();
    try {
      const { reports } = await recoverJobs(this.port, mode);
      new Notice(`Reeve: ${mode === 'resume' ? 'finished' : 'rolled back'} ${reports.length} interrupted job${reports.length === 1 ? '' : 's'}.`);
    } catch (e) {
      new Notice(`Reeve: recovery stopped: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  override onClose(): void {
    this.contentEl.empty();
  }
}
