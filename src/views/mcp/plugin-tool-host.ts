// The tools the plugin's MCP endpoint offers on the open vault: the same host `reeve mcp` serves
// (src/mcp/vault-tool-host.ts), built on the plugin's editor-aware VaultPort, its keyword (and,
// once built, semantic) index, the one wall list of the settings, the Task's scope and
// capabilities, the active note for the "current" and "linked" scopes, and organize's settings.
// One host for the plugin's life, built from the settings as they are: when they change
// (saveSettings tells `settingsChanged`), the next call builds it again, so a folder excluded
// since is a wall at that call, not after a restart; and when the semantic index becomes
// searchable. What each agent read (its context) is kept across those rebuilds. Organize's
// settings, with Obsidian's own configuration (attachment folder, templates, daily notes), are
// read when an agent plans, as the Organize command reads them, not at every call. A call that
// comes before the keyword index exists is told to try again.
import type ReevePlugin from '../../../main';
import { newJobId } from '../../edits/journal/journal-store';
import { ClientStates } from '../../mcp/client-state';
import { errorResult } from '../../mcp/mcp-tool';
import type { McpToolDefinition, McpToolHost } from '../../mcp/tool-host';
import { createVaultToolHost, type McpOrganizeSettings } from '../../mcp/vault-tool-host';
import { settingsWalls } from '../../settings/settings-walls';
import { pluginRetrieval } from '../chat/ask-deps-from-plugin';
import { pluginOrganizeOptions } from '../organize/plugin-organize-options';
import type { ProposedByAgent } from './proposal-notice';

export interface PluginToolHost extends McpToolHost {
  /** The plugin's settings changed: the next call takes them. */
  settingsChanged(): void;
}

export function pluginToolHost(plugin: ReevePlugin, onProposed: (proposal: ProposedByAgent) => void): PluginToolHost {
  const app = plugin.app;
  const clients = new ClientStates();
  let built: { host: McpToolHost; indexes: string } | null = null;
  let definitions: readonly McpToolDefinition[] = [];

  const organize = async (): Promise<McpOrganizeSettings> => {
    const o = await pluginOrganizeOptions(app, plugin.settings);
    return { planFolder: o.planFolder, rules: o.rules, allowOutside: o.allowOutside, allowTrash: o.allowTrash, scoring: o.scoring, owner: o.owner, attachmentFolder: o.attachmentFolder };
  };

  function current(): McpToolHost | null {
    const retrieval = pluginRetrieval(plugin);
    if (retrieval === null) return null;
    // The indexes are not settings: the semantic index becomes searchable once it is built.
    const indexes = `${String(plugin.keywordSearch?.index !== null)}:${String((plugin.semanticSearch?.similarity() ?? null) !== null)}`;
    if (built !== null && built.indexes === indexes) return built.host;
    const settings = plugin.settings;
    const task = settings.agents.task;
    const host = createVaultToolHost({
      vault: plugin.port(),
      walls: settingsWalls(settings, app.vault.configDir),
      task: { scope: task.scope, capabilities: task.capabilities },
      currentNote: () => app.workspace.getActiveFile()?.path ?? null,
      retrieval,
      organize,
      clients,
      newPlanId: () => newJobId(),
      onProposed: (event) => onProposed(event),
    });
    built = { host, indexes };
    definitions = host.listTools();
    return host;
  }
  // The tool list is the same whatever the settings; build it once the index is there.
  current();

  return {
    listTools: () => definitions,
    async callTool(name, args, context) {
      const host = current();
      if (host === null) return errorResult('the vault is still loading in Obsidian; call again in a moment');
      return host.callTool(name, args, context);
    },
    settingsChanged() {
      built = null;
    },
  };
}
