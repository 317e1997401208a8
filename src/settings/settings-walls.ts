// The wall list of a vault from its settings (data.json): the user's excluded folders, the plan
// and chat folders, the config folder, .trash (and, in every test of it, each hidden folder). The
// plugin and every CLI command build their walls here; a command's --exclude adds to the list and
// can never take a folder off it.
import { wallFolders } from '../search/retrieval/walls';
import type { ReeveSettings } from './settings';

export function settingsWalls(settings: ReeveSettings, configDir: string, extra: readonly string[] = []): string[] {
  return wallFolders({ configDir, excludedFolders: [...settings.excludedFolders, ...extra], planFolder: settings.planFolder, chatFolder: settings.agents.chatFolder });
}
