// The policies pending blocks are held to when the user accepts them in Obsidian, built from the
// settings at the moment of the click (a setting changed since the proposal applies at once).
// Organize operations: the organized folder, excluded folders as walls, trash and moves out of the
// folder only when allowed. Edits: any note but the protected paths (config folder, the plugin's
// folder, .trash), which the scope policy refuses whatever the scope says.
import { organizeScopePolicy } from '../../agents/organize/plan-organize';
import { buildScopePolicy, EDIT_CAPABILITIES } from '../../edits/scope/scope-policy';
import type { ReeveSettings } from '../../settings/settings';
import type { VaultPort } from '../../vault-vfs/vault-port';
import type { WidgetDeps } from './widget-deps';

export function widgetDepsFromSettings(port: () => VaultPort, settings: () => ReeveSettings): WidgetDeps {
  return {
    port,
    organizePolicy: (folder) => {
      const s = settings();
      return organizeScopePolicy(port().configDir, { folder, allowOutside: s.allowOutside, allowTrash: s.allowTrash, excludedFolders: s.excludedFolders });
    },
    editPolicy: (note) => buildScopePolicy({ configDir: port().configDir, scope: { folders: ['**'] }, excludedFolders: settings().excludedFolders, capabilities: EDIT_CAPABILITIES, currentNote: note }),
  };
}
