// The plugin's MCP endpoint for other agents (desktop only): off unless the user turns it on, on a
// loopback port of their choosing. Its bearer token is never stored here: it lives in Obsidian's
// SecretStorage under MCP_TOKEN_SECRET (src/views/mcp/mcp-token.ts).
import { isRecord, readBoolean, readNumber } from './read-fields';

export interface McpServerSettings {
  enabled: boolean;
  /** The port on 127.0.0.1; above the privileged range. */
  port: number;
}

export const DEFAULT_MCP_SERVER: McpServerSettings = { enabled: false, port: 27150 };

export function readMcpServer(raw: unknown, problems: string[]): McpServerSettings {
  if (raw === undefined) return structuredClone(DEFAULT_MCP_SERVER);
  if (!isRecord(raw)) {
    problems.push('settings.mcpServer should be an object; the MCP server stays off');
    return structuredClone(DEFAULT_MCP_SERVER);
  }
  const where = 'mcpServer';
  return {
    enabled: readBoolean(raw, 'enabled', where, problems, DEFAULT_MCP_SERVER.enabled),
    port: readNumber(raw, 'port', where, problems, DEFAULT_MCP_SERVER.port, { min: 1024, max: 65535, integer: true }),
  };
}
