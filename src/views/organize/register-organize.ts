// The organize entry points: "Organize folder" (with a folder picker), "Organize this folder" in
// the folder context menu, and "Undo last organize" (which also reverses automatic runs).
import { Notice, type Plugin, TFolder } from 'obsidian';
import { listFinishedJobs, undoJob } from '../../edits/journal/recover-jobs';
import { FolderPickerModal } from './folder-picker';
import { type OrganizeDeps, runOrganize } from './run-organize';

export function registerOrganize(plugin: Plugin, deps: OrganizeDeps): void {
  plugin.addCommand({
    id: 'organize-folder',
    name: 'Organize folder',
    callback: () => new FolderPickerModal(plugin.app, (folder) => void runOrganize(deps, folder.isRoot() ? '' : folder.path)).open(),
  });
  plugin.addCommand({
    id: 'undo-last-organize',
    name: 'Undo last organize',
    callback: () => void undoLast(deps),
  });
  plugin.registerEvent(
    plugin.app.workspace.on('file-menu', (menu, file) => {
      if (!(file instanceof TFolder)) return;
      menu.addItem((item) =>
        item
          .setTitle('Organize this folder')
          .setIcon('folder-tree')
          .onClick(() => void runOrganize(deps, file.isRoot() ? '' : file.path)),
      );
    }),
  );
}

async function undoLast(deps: OrganizeDeps): Promise<void> {
  const port = deps.port();
  // Edits are journaled too; this command is about organize runs only.
  const jobs = (await listFinishedJobs(port)).filter((j) => j.state === 'applied' && j.description.startsWith('organize plan'));
  const last = jobs[jobs.length - 1];
  if (!last) {
    new Notice('Reeve: there is no organize run to undo.');
    return;
  }
  const notice = new Notice(`Reeve: undoing "${last.description}"…`, 0);
  try {
    const report = await undoJob(port, last.job);
    notice.hide();
    new Notice(`Reeve: undone, ${report.steps} steps reversed.`);
  } catch (e) {
    notice.hide();
    new Notice(`Reeve: undo refused: ${e instanceof Error ? e.message : String(e)}`);
  }
}
