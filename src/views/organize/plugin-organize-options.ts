// What an organize run inside Obsidian takes from the plugin's settings and the vault's own
// configuration (the attachment folder, the owner's folders and templates), in one place for the
// Organize command, Obsidian's `reeve:organize` and the MCP host's `propose_organize`: one reading
// of the settings, so the three never plan under different walls or rules.
import { type App, normalizePath } from 'obsidian';
import { readOrganizeSettings } from '../../agents/organize/owner/owner-settings';
import type { ReeveSettings } from '../../settings/settings';
import { compiledRules } from '../../settings/rule-settings';
import { settingsWalls } from '../../settings/settings-walls';

export async function pluginOrganizeOptions(app: App, settings: ReeveSettings) {
  const onDisk = await readOrganizeSettings((file) => app.vault.adapter.read(normalizePath(`${app.vault.configDir}/${file}`)).catch(() => null));
  return {
    rules: compiledRules(settings.rules),
    allowOutside: settings.allowOutside,
    allowTrash: settings.allowTrash,
    agentRuleEdits: settings.agentRuleEdits,
    scoring: settings.organizeScoring,
    ...onDisk,
    excludedFolders: settingsWalls(settings, app.vault.configDir),
    planFolder: settings.planFolder,
  };
}
