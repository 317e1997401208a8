// Reeve's MCP tools on a vault, for every transport (the stdio server of `reeve mcp` and the
// plugin's HTTP endpoint): read (search, read_note, related, list_notes, list_tags), propose
// (propose_edits, propose_organize) and review (pending_status), as DESIGN.md's "MCP tools" names
// them. No tool writes, moves, trashes or accepts: proposals become pending blocks the user
// decides. The walls hold in every tool, a walled path being "not found" as a missing one is.
// Whatever a client sends (an unknown tool, arguments of the wrong kind or size), the answer is
// a tool error saying what to fix, never a crash of the server.
import { ClientStates } from './client-state';
import { errorResult, McpToolRefusal, type McpTool } from './mcp-tool';
import { hiddenBy, walledView } from './mcp-walls';
import type { ToolEnv } from './tool-env';
import type { McpCallContext, McpToolDefinition, McpToolHost, McpToolResult } from './tool-host';
import type { VaultToolHostDeps } from './vault-tool-host-deps';
import { listNotesTool } from './tools/list-notes-tool';
import { listTagsTool } from './tools/list-tags-tool';
import { pendingStatusTool } from './tools/pending-status-tool';
import { proposeEditsTool } from './tools/propose-edits-tool';
import { proposeOrganizeTool } from './tools/propose-organize-tool';
import { readNoteTool } from './tools/read-note-tool';
import { relatedTool } from './tools/related-tool';
import { searchTool } from './tools/search-tool';

export type { VaultToolHostDeps, McpProposedEvent, McpOrganizeSettings } from './vault-tool-host-deps';

/** Characters of one call's arguments as JSON at most (propose_edits' own bound is below it). */
export const MAX_ARGUMENT_CHARS = 2_000_000;

/** One line of an unexpected failure, without the absolute paths a disk error may name. */
function failureLine(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const first = (message.split('\n')[0] ?? '').slice(0, 300);
  return /(^|[\s'"(])\/[^\s]/.test(first) ? 'an error of the vault or the disk' : first;
}

export function createVaultToolHost(deps: VaultToolHostDeps): McpToolHost {
  const hidden = hiddenBy(deps.walls);
  const env: ToolEnv = { deps, hidden, view: walledView(deps.vault, hidden), clients: deps.clients ?? new ClientStates() };
  const tools: McpTool[] = [searchTool(env), readNoteTool(env), relatedTool(env), listNotesTool(env), listTagsTool(env), proposeEditsTool(env), proposeOrganizeTool(env), pendingStatusTool(env)];
  const byName = new Map(tools.map((t) => [t.definition.name, t]));
  const definitions: readonly McpToolDefinition[] = tools.map((t) => t.definition);
  return {
    listTools: () => definitions,
    async callTool(name: string, args: unknown, context: McpCallContext): Promise<McpToolResult> {
      const tool = typeof name === 'string' ? byName.get(name) : undefined;
      if (tool === undefined) return errorResult(`unknown tool ${JSON.stringify(String(name).slice(0, 100))}; the tools are ${[...byName.keys()].join(', ')}`);
      const given = args ?? {};
      if (typeof given !== 'object' || Array.isArray(given)) return errorResult(`the arguments of ${name} must be a JSON object`);
      let size: number;
      try {
        size = JSON.stringify(given).length;
      } catch {
        return errorResult(`the arguments of ${name} cannot be read as JSON`);
      }
      if (size > MAX_ARGUMENT_CHARS) return errorResult(`the arguments of ${name} are ${size} characters; at most ${MAX_ARGUMENT_CHARS} are accepted`);
      if (context.signal.aborted) return errorResult('the call was cancelled');
      try {
        await deps.catchUp?.();
        return await tool.run(given as Record<string, unknown>, context);
      } catch (e) {
        if (e instanceof McpToolRefusal) return errorResult(e.message);
        return errorResult(`${name} failed: ${failureLine(e)}`);
      }
    },
  };
}
