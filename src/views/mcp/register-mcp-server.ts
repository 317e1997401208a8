// Wires the MCP endpoint into the plugin's lifecycle: started once the workspace is ready (heavy
// work waits for layout ready), stopped when the plugin unloads; proposals by outside agents
// show a notice with links to their notes.
import type ReevePlugin from '../../../main';
import { onLayoutReadyWhileLoaded } from '../layout-ready';
import { McpServerControl } from './mcp-server-control';
import { pluginToolHost, type PluginToolHost } from './plugin-tool-host';
import { showProposalNotice } from './proposal-notice';

export function registerMcpServer(plugin: ReevePlugin): McpServerControl {
  const onProposed = (proposal: Parameters<typeof showProposalNotice>[1]): void => void showProposalNotice(plugin.app, proposal);
  // One tool host for the plugin's life (made when the server first starts), told of every
  // settings change through the control (main.ts saveSettings).
  let tools: PluginToolHost | null = null;
  const control = new McpServerControl({
    app: plugin.app,
    settings: () => plugin.settings,
    host: () => (tools ??= pluginToolHost(plugin, onProposed)),
    settingsChanged: () => tools?.settingsChanged(),
    version: plugin.manifest.version,
  });
  onLayoutReadyWhileLoaded(plugin, () => void control.sync());
  plugin.register(() => void control.stop());
  return control;
}
