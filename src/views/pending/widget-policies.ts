// The policies pending blocks are held to when the user accepts them in Obsidian, built from the
// settings at the moment of the click (a setting changed since the proposal applies at once), by
// the same builders `reeve pending` uses (src/settings/accept-policy.ts): the one wall list and
// the Task's capabilities for edits; for organize operations the organized folder, the walls, and
// trash and moves out of the folder only when allowed.
import { editAcceptPolicy, organizeAcceptPolicy } from '../../settings/accept-policy';
import type { ReeveSettings } from '../../settings/settings';
import type { VaultPort } from '../../vault-vfs/vault-port';
import type { WidgetDeps } from './widget-deps';

export function widgetDepsFromSettings(port: () => VaultPort, settings: () => ReeveSettings): WidgetDeps {
  return {
    port,
    organizePolicy: (folder) => organizeAcceptPolicy(settings(), port().configDir, folder),
    editPolicy: () => editAcceptPolicy(settings(), port().configDir),
  };
}
