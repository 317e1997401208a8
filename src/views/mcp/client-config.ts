// What the user pastes into an MCP client to reach the plugin's endpoint. Claude Code takes a
// Streamable HTTP server with a header on its command line (`claude mcp add --transport http`);
// Claude Desktop's configuration file starts local servers by command, so it reaches an HTTP
// endpoint through the `mcp-remote` bridge (npx), which passes the header on.

export function mcpUrl(port: number): string {
  return `http://127.0.0.1:${port}/mcp`;
}

export function claudeCodeCommand(port: number, token: string): string {
  return `claude mcp add --transport http reeve ${mcpUrl(port)} --header "Authorization: Bearer ${token}"`;
}

/** The `mcpServers` entry for claude_desktop_config.json. */
export function claudeDesktopConfig(port: number, token: string): string {
  const entry = { mcpServers: { reeve: { command: 'npx', args: ['-y', 'mcp-remote', mcpUrl(port), '--header', `Authorization: Bearer ${token}`] } } };
  return JSON.stringify(entry, null, 2);
}
