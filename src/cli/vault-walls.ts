// A CLI command's walls: the plugin's own settings are the vault's, so every command reads
// data.json in the plugin folder (the excluded folders, plan and chat folders there) and builds
// the one wall list from it (settings-walls.ts); --exclude can add walls, never remove one. A
// data.json that cannot be read as JSON stops the command: running without the walls the user
// set would send what they walled off.
import { parseSettings, type ReeveSettings } from '../settings/settings';
import { settingsWalls } from '../settings/settings-walls';
import type { VaultPort } from '../vault-vfs/vault-port';
import { UsageError } from './command';
import { stateFolder } from '../vault-vfs/state-folder';

const SETTINGS_FILE = 'data.json';

/** The settings the plugin saved in this vault; the defaults when it saved none. */
export async function readVaultSettings(vault: VaultPort): Promise<ReeveSettings> {
  const text = await vault.state.read(SETTINGS_FILE);
  if (text === null || text.trim() === '') return parseSettings(undefined).settings;
  try {
    return parseSettings(JSON.parse(text.replace(/^\uFEFF/, '')) as unknown).settings;
  } catch (e) {
    throw new UsageError(`${stateFolder(vault.configDir)}/${SETTINGS_FILE} is not JSON (${e instanceof Error ? e.message : String(e)}); the folders it excludes cannot be read, so nothing was done. Fix the file or remove it`);
  }
}

/** The wall list of this vault plus the folders a command's --exclude adds. */
export async function vaultWalls(vault: VaultPort, added: readonly string[] = []): Promise<string[]> {
  return settingsWalls(await readVaultSettings(vault), vault.configDir, added);
}
