// Plugin lifecycle only: load settings, register what Steward offers, release it all on unload.
import { Notice, Plugin } from 'obsidian';
import { DEFAULT_SETTINGS, parseSettings, type StewardSettings } from './src/settings/settings';
import { StewardSettingTab } from './src/views/settings-tab';

export default class StewardPlugin extends Plugin {
  override settings: StewardSettings = structuredClone(DEFAULT_SETTINGS);

  override async onload(): Promise<void> {
    await this.loadSettings();
    this.addSettingTab(new StewardSettingTab(this.app, this));
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
