// The tools the plugin's MCP endpoint offers on the open vault. The tools themselves (search,
// read_note, related, list_notes, list_tags, propose_edits, propose_organize, pending_status) are
// written once in src/mcp/vault-tool-host.ts (`createVaultToolHost`), on the plugin's VaultPort,
// walls, scope and capabilities, embedder and ledger; that module lands in a parallel change, and
// this function is where it is wired (with `onProposed`, so the user hears of each proposal).
// Until then the host offers no tools: the endpoint, its security and the settings are real, and
// an agent that connects sees an empty tool list and an error naming the reason for any call.
import type ReevePlugin from '../../../main';
import type { McpToolHost } from '../../mcp/tool-host';
import type { ProposedByAgent } from './proposal-notice';

/**
 * `plugin` gives what createVaultToolHost needs: `port()` (the editor-aware VaultPort),
 * `settings` (walls from settings-walls.ts, scope and capabilities), `semanticSearch` (the
 * embedder); `onProposed` is told of each proposal (a notice with links to the notes).
 */
export function pluginToolHost(_plugin: ReevePlugin, _onProposed: (proposal: ProposedByAgent) => void): McpToolHost {
  return {
    listTools: () => [],
    callTool: (name) => Promise.resolve({ content: [{ type: 'text', text: `Unknown tool: ${name}. This build of Reeve offers no tools over MCP yet.` }], isError: true }),
  };
}
