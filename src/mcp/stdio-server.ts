// The stdio transport of `reeve mcp`: the official SDK's low-level server over stdin/stdout, each
// `tools/list` and `tools/call` handed to the tool host. stdout carries the protocol and nothing
// else; logs go to stderr. Only the CLI imports this file, so the SDK (and its schema library)
// stays out of main.js.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Readable, Writable } from 'node:stream';
import type { McpToolHost } from './tool-host';

export interface StdioServeOptions {
  name: string;
  version: string;
  /** What the server says about itself to the client (MCP's `instructions`). */
  instructions: string;
  log: (line: string) => void;
  stdin?: Readable;
  stdout?: Writable;
}

/** Serves the tools until the client closes the connection (stdin ends) or the process is asked to stop. */
export async function serveStdio(host: McpToolHost, o: StdioServeOptions): Promise<void> {
  // The low-level server under McpServer, with no tool registered through McpServer: the tools come
  // with their JSON Schemas from the host (plain data shared with the plugin's endpoint), where
  // McpServer's registerTool wants zod schemas of its own.
  const server = new McpServer({ name: o.name, version: o.version }, { instructions: o.instructions }).server;
  server.registerCapabilities({ tools: {} });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: host.listTools() as unknown as Tool[] }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const clientName = server.getClientVersion()?.name ?? 'unnamed client';
    const result = await host.callTool(request.params.name, request.params.arguments ?? {}, { clientName, signal: extra.signal });
    return result as unknown as CallToolResult;
  });
  server.oninitialized = () => {
    const client = server.getClientVersion();
    o.log(`client connected: ${client?.name ?? 'unnamed client'}${client?.version ? ` ${client.version}` : ''}`);
  };
  server.onerror = (e) => o.log(`protocol error: ${e.message.split('\n')[0] ?? ''}`);
  const stdin = o.stdin ?? process.stdin;
  const transport = new StdioServerTransport(stdin, o.stdout ?? process.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  const stop = (): void => void server.close();
  stdin.once('end', stop);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await server.connect(transport);
    await closed;
  } finally {
    stdin.off('end', stop);
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
