// Plugin lifecycle only: load settings, register what Steward offers, release it all on unload.
import { Notice, Plugin } from 'obsidian';
import { DEFAULT_SETTINGS, parseSettings, type StewardSettings } from './src/settings/settings';
import { ObsidianVault } from './src/vault-vfs/obsidian-vault';
import { registerOrganize } from './src/views/organize/register-organize';
import { offerRecovery } from './src/views/recovery/offer-recovery';
import { StewardSettingTab } from './src/views/settings-tab';

export default class StewardPlugin extends Plugin {
  override settings: StewardSettings = structuredClone(DEFAULT_SETTINGS);
  private vault: ObsidianVault | null = null;

  override async onload(): Promise<void> {
    await this.loadSettings();
    this.addSettingTab(new StewardSettingTab(this.app, this));
    registerOrganize(this, { app: this.app, port: () => this.port(), planFolder: () => this.settings.planFolder });
    // The journal is read only once the workspace is ready, never during start-up.
    this.app.workspace.onLayoutReady(() => void offerRecovery(this.app, this.port()));
  }

  /** The vault as the core sees it, made on first use. */
  port(): ObsidianVault {
    this.vault ??= new ObsidianVault(this.app);
    return this.vault;
  }

  /**
   * Loads and validates data.json. A corrupt or foreign file falls back to defaults with a
   * notice and is left as it is on disk: it is overwritten only when the user changes a setting.
   */
  async loadSettings(): Promise<void> {
    let raw: unknown;
    try {
      raw = await this.loadData();
    } catch (e) {
      this.settings = structuredClone(DEFAULT_SETTINGS);
      new Notice(`Steward: the settings file could not be read (${e instanceof Error ? e.message : String(e)}); using defaults.`);
      return;
    }
    const loaded = parseSettings(raw);
    this.settings = loaded.settings;
    if (loaded.problems.length > 0) {
      const what = loaded.usedDefaults ? 'using defaults' : 'those settings were reset';
      new Notice(`Steward: settings problem: ${loaded.problems.join('; ')} (${what}).`);
    }
  }

  async saveSettings(): Promise<void> {
    await this.saveData(this.settings);
  }
}
