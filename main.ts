// Plugin lifecycle only: load settings, register what Reeve offers, release it all on unload.
import { Notice, Platform, Plugin } from 'obsidian';
import { SelfWrites, trackSelfWrites } from './src/agents/organize/auto/self-writes';
import { DEFAULT_SETTINGS, parseSettings, type ReeveSettings } from './src/settings/settings';
import type { VaultPort } from './src/vault-vfs/vault-port';
import { desktopFileLock } from './src/vault-vfs/obsidian-desktop-lock';
import { ObsidianVault } from './src/vault-vfs/obsidian-vault';
import { pluginChatHost } from './src/views/chat/plugin-chat-host';
import { registerChatView } from './src/views/chat/register-chat-view';
import { registerCliHandlers } from './src/views/cli/register-cli-handlers';
import { registerAutomaticOrganize } from './src/views/organize/automatic-organize';
import { registerOrganize } from './src/views/organize/register-organize';
import { FirstIndex, sayIndexBusy } from './src/views/first-index';
import type { McpServerControl } from './src/views/mcp/mcp-server-control';
import { registerMcpServer } from './src/views/mcp/register-mcp-server';
import { onLayoutReadyWhileLoaded } from './src/views/layout-ready';
import { registerPendingBlockWidgets } from './src/views/pending/register-widgets';
import { widgetDepsFromSettings } from './src/views/pending/widget-policies';
import { offerRecovery } from './src/views/recovery/offer-recovery';
import { KeywordSearch } from './src/views/search/keyword-search';
import { SemanticSearch } from './src/views/search/semantic-search';
import { ReeveSettingTab } from './src/views/settings-tab';

export default class ReevePlugin extends Plugin {
  override settings: ReeveSettings = structuredClone(DEFAULT_SETTINGS);
  private vault: VaultPort | null = null;
  /** False once unloaded: work that waited (for the index) must not start for a plugin that is gone. */
  private alive = true;
  /** What Reeve itself writes, so automatic mode never reacts to its own moves. */
  private readonly selfWrites = new SelfWrites();
  /** The vault's keyword index (built once the workspace is ready); null before onload. */
  keywordSearch: KeywordSearch | null = null;
  /** The semantic index, when the user turned it on (built after layout ready, from vault events). */
  semanticSearch: SemanticSearch | null = null;
  /** The MCP endpoint for other agents (desktop, when turned on); null before onload. */
  mcpServer: McpServerControl | null = null;

  override async onload(): Promise<void> {
    // Listens from now on for the end of Obsidian's first index, which may come after layout ready.
    const firstIndex = new FirstIndex(this);
    await this.loadSettings();
    this.addSettingTab(new ReeveSettingTab(this.app, this));
    const settings = (): ReeveSettings => this.settings;
    // Built after layout ready, in slices; kept current from vault events; saved in the plugin folder.
    const keywordSearch = new KeywordSearch(this, () => this.port());
    this.keywordSearch = keywordSearch;
    const semanticSearch = new SemanticSearch(this, { app: this.app, port: () => this.port(), settings });
    this.semanticSearch = semanticSearch;
    const indexes = (): ReturnType<KeywordSearch['organizeSources']> => {
      const keyword = keywordSearch.organizeSources();
      return keyword && { ...keyword, semantic: semanticSearch.similarity() };
    };
    registerOrganize(this, { app: this.app, port: () => this.port(), settings, keywordIndex: indexes, indexReady: firstIndex });
    const widgetDeps = widgetDepsFromSettings(() => this.port(), settings);
    registerPendingBlockWidgets(this, widgetDeps);
    registerChatView(this, pluginChatHost({ ctx: this, settings, saveSettings: () => this.saveSettings(), widgetDeps, manifestId: this.manifest.id }));
    // After "Decide later", or a notice about the journal: the same check and offer, on demand.
    const recover = async (sayWhenClean: boolean): Promise<void> => {
      await firstIndex.whenReady('checking for interrupted jobs');
      if (this.alive) await offerRecovery(this.app, this.port(), { sayWhenClean });
    };
    this.addCommand({ id: 'recover-interrupted-job', name: 'Recover an interrupted job', callback: () => void recover(true) });
    // The journal is read and vault events are watched only once the workspace is ready: the
    // vault's start-up `create` events (one per file) must not look like new files. Jobs wait
    // for Obsidian's first index (first-index.ts).
    onLayoutReadyWhileLoaded(this, () => {
      registerAutomaticOrganize(this, { port: () => this.port(), settings, selfWrites: this.selfWrites, indexReady: firstIndex });
      void recover(false);
    });
    // Obsidian's own CLI (1.12.2+): reeve:search, reeve:pending, reeve:organize, reeve:ask.
    registerCliHandlers(this);
    // Off by default; started after layout ready when on, stopped on unload (desktop only).
    this.mcpServer = registerMcpServer(this);
    this.register(() => {
      this.alive = false;
    });
  }

  /** The vault as the core sees it, made on first use; every write through it is Reeve's own. */
  port(): VaultPort {
    if (!this.vault) {
      // The journal lock shared with the `reeve` CLI needs Node's modules, which only the desktop
      // app has: it is given (and its code loaded, on the first job) only there. On phones and
      // tablets there is no CLI to share the vault with, and no Node module is ever required.
      const vault = new ObsidianVault(this.app, { ...(Platform.isDesktopApp ? { fileLock: desktopFileLock } : {}), onIndexBusy: sayIndexBusy });
      // Its link indexes follow the vault's events until the plugin unloads.
      this.register(() => vault.close());
      this.vault = trackSelfWrites(vault, this.selfWrites);
    }
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
      new Notice(`Reeve: the settings file could not be read (${e instanceof Error ? e.message : String(e)}); using defaults.`);
      return;
    }
    const loaded = parseSettings(raw);
    this.settings = loaded.settings;
    if (loaded.problems.length > 0) {
      const what = loaded.usedDefaults ? 'using defaults' : 'those settings were reset';
      new Notice(`Reeve: settings problem: ${loaded.problems.join('; ')} (${what}).`);
    }
  }

  async saveSettings(): Promise<void> {
    await this.saveData(this.settings);
    // Every settings change comes through here: the MCP tools take the walls and scope at their next call.
    this.mcpServer?.settingsChanged();
  }
}
