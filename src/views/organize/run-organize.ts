// Runs "Organize folder" in Obsidian: plans with the offline sources (and the agent when one is
// configured), shows progress in a notice that can cancel, writes the plan note and opens it.
import { type App, Notice, TFile } from 'obsidian';
import { organizeFolder } from '../../agents/organize/organize-run';
import type { PlanSource } from '../../agents/organize/plan-organize';
import { newJobId } from '../../edits/journal/journal-store';
import type { VaultPort } from '../../vault-vfs/vault-port';

export interface OrganizeDeps {
  app: App;
  port: () => VaultPort;
  planFolder: () => string;
}

export async function runOrganize(deps: OrganizeDeps, folder: string): Promise<void> {
  const label = folder === '' ? 'the vault' : folder;
  const notice = new Notice(`Steward: planning how to organize ${label}…`, 0);
  try {
    const sources = new Set<PlanSource>(['heuristics']);
    const outcome = await organizeFolder(deps.port(), {
      folder,
      sources,
      planFolder: deps.planFolder(),
      planId: newJobId(),
      onProgress: (message) => notice.setMessage(`Steward: ${message}`),
    });
    notice.hide();
    if (!outcome.note) {
      new Notice(`Steward: ${outcome.plan.description}`);
      return;
    }
    new Notice(`Steward: ${outcome.plan.operations.length} operations planned; review them in the plan note.`);
    const file = deps.app.vault.getFileByPath(outcome.note);
    if (file instanceof TFile) await deps.app.workspace.getLeaf('tab').openFile(file);
  } catch (e) {
    notice.hide();
    new Notice(`Steward: organize failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
