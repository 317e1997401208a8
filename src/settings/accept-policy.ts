// The policy of the moment that accepting a pending block is held to, built from the vault's
// settings (data.json) as they are at the click or the command: the one wall list (excluded
// folders, plan and chat folders, config folder, .trash, hidden folders) and the Task's
// capabilities. The plugin's widgets and `reeve pending` both build it here and hand it to the one
// check of src/edits/pending/ledger/accept-check.ts, which also holds the block to the policy it
// was proposed under; so a folder excluded since, or capabilities reduced since, stop an accept
// in Obsidian and in the CLI alike.
import { organizeScopePolicy } from '../agents/organize/plan-organize';
import { buildScopePolicy, type Capability, type ScopePolicy } from '../edits/scope/scope-policy';
import type { ReeveSettings } from './settings';
import { settingsWalls } from './settings-walls';

/**
 * What an accepted edit may do now: any note the walls leave (the note a block stands for is bound
 * by the ledger), with the capabilities the settings give the Task. `extra` adds capabilities of
 * another kind (the CLI's operations), never an edit capability the settings took away.
 */
export function editAcceptPolicy(settings: ReeveSettings, configDir: string, extra: readonly Capability[] = []): ScopePolicy {
  return buildScopePolicy({
    configDir,
    scope: { folders: ['**'] },
    capabilities: [...settings.agents.task.capabilities, ...extra.filter((c) => c !== 'add' && c !== 'delete' && c !== 'create' && c !== 'navigate')],
    excludedFolders: settingsWalls(settings, configDir),
  });
}

/** What an accepted operation of a plan for `folder` may do now, in the plugin (its organize settings). */
export function organizeAcceptPolicy(settings: ReeveSettings, configDir: string, folder: string): ScopePolicy {
  return organizeScopePolicy(configDir, { folder, allowOutside: settings.allowOutside, allowTrash: settings.allowTrash, excludedFolders: settingsWalls(settings, configDir) });
}
