// An MCP client over stdio, the SDK's own Client and StdioClientTransport, spawning the real
// `reeve mcp` binary (built by buildCliBundle): what Claude Desktop or Claude Code would start.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export interface McpSession {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connectReeve(bin: string, args: readonly string[], clientName = 'test-agent'): Promise<McpSession> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', ...args], stderr: 'pipe', env: { PATH: process.env.PATH ?? '' } });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => err,
    call: async (name, a = {}) => (await client.callTool({ name, arguments: a })) as CallToolResult,
    close: () => client.close(),
  };
}

/** The text of a result's first content item. */
export function textOf(r: CallToolResult): string {
  const c = r.content[0];
  return c?.type === 'text' ? c.text : '';
}
