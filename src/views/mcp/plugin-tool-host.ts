// The tools the plugin's MCP endpoint offers on the open vault: the same host `reeve mcp` serves
// (src/mcp/vault-tool-host.ts), built on the plugin's editor-aware VaultPort, its keyword (and,
// once built, semantic) index, the one wall list of the settings, the Task's scope and
// capabilities, the active note for the "current" and "linked" scopes, and organize's settings.
// Settings can change while an agent is connected: the host is rebuilt when what it was built from
// changes (a folder excluded since is a wall at the next call, not after a restart), and a call
// that comes before the keyword index exists is told to try again.
import type ReevePlugin from '../../../main';
import { newJobId } from '../../edits/journal/journal-store';
import { errorResult } from '../../mcp/mcp-tool';
import type { McpToolDefinition, McpToolHost } from '../../mcp/tool-host';
import { createVaultToolHost } from '../../mcp/vault-tool-host';
import { settingsWalls } from '../../settings/settings-walls';
import { pluginRetrieval } from '../chat/ask-deps-from-plugin';
import { pluginOrganizeOptions } from '../organize/plugin-organize-options';
import type { ProposedByAgent } from './proposal-notice';

interface Built {
  key: string;
  host: McpToolHost;
}

export function pluginToolHost(plugin: ReevePlugin, onProposed: (proposal: ProposedByAgent) => void): McpToolHost {
  const app = plugin.app;
  let built: Built | null = null;
  let definitions: readonly McpToolDefinition[] = [];

  async function current(): Promise<McpToolHost | null> {
    const retrieval = pluginRetrieval(plugin);
    if (retrieval === null) return null;
    const settings = plugin.settings;
    const configDir = app.vault.configDir;
    const organize = await pluginOrganizeOptions(app, settings);
    const walls = settingsWalls(settings, configDir);
    const task = settings.agents.task;
    // Everything the host reads at construction; the indexes are compared by identity below.
    const key = JSON.stringify([walls, task.scope, task.capabilities, settings.planFolder, settings.rules, settings.allowOutside, settings.allowTrash, settings.organizeScoring, organize.attachmentFolder, organize.owner]);
    const semantic = plugin.semanticSearch?.similarity() ?? null;
    const indexes = `${String(plugin.keywordSearch?.index !== null)}:${String(semantic !== null)}`;
    if (built !== null && built.key === key + indexes) return built.host;
    const host = createVaultToolHost({
      vault: plugin.port(),
      walls,
      task: { scope: task.scope, capabilities: task.capabilities },
      currentNote: () => app.workspace.getActiveFile()?.path ?? null,
      retrieval,
      organize: { planFolder: organize.planFolder, rules: organize.rules, allowOutside: organize.allowOutside, allowTrash: organize.allowTrash, scoring: organize.scoring, owner: organize.owner, attachmentFolder: organize.attachmentFolder },
      newPlanId: () => newJobId(),
      onProposed: (event) => onProposed(event),
    });
    built = { key: key + indexes, host };
    definitions = host.listTools();
    return host;
  }
  // The tool list is the same whatever the settings; build it once the index is there.
  void current().catch(() => undefined);

  return {
    listTools: () => definitions,
    async callTool(name, args, context) {
      const host = await current();
      if (host === null) return errorResult('the vault is still loading in Obsidian; call again in a moment');
      return host.callTool(name, args, context);
    },
  };
}
