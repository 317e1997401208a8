// The seam between Reeve's MCP tools and the transports that carry them. The tools (search,
// read_note, related, list_notes, list_tags, propose_edits, propose_organize, pending_status, as
// DESIGN.md's "MCP tools" names them) are written once against the vault, its walls and the Task's
// machinery; the stdio server (`reeve mcp`, official SDK, CLI only) and the plugin's Streamable HTTP
// endpoint (desktop, no SDK in main.js) both only translate JSON-RPC to these calls. Plain data
// only: no SDK type crosses this seam, so main.js never has to carry the SDK or its schema library.

/** A JSON Schema object as MCP's `tools/list` carries it (`type: "object"` at the top). */
export interface McpInputSchema {
  readonly type: 'object';
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly [key: string]: unknown;
}

/** MCP's tool annotations (hints to the client; Reeve's guarantees are enforced in code). */
export interface McpToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

export interface McpToolDefinition {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: McpInputSchema;
  readonly outputSchema?: McpInputSchema;
  readonly annotations?: McpToolAnnotations;
}

/** A text content item; `annotations.audience` marks vault text as content for the model to read, not the user's instructions. */
export interface McpTextContent {
  readonly type: 'text';
  readonly text: string;
  readonly annotations?: { readonly audience?: readonly ('user' | 'assistant')[]; readonly priority?: number };
}

export interface McpToolResult {
  readonly content: readonly McpTextContent[];
  readonly structuredContent?: Readonly<Record<string, unknown>>;
  /** A refusal or failure the agent can act on (unknown path, wall, bad argument): MCP's tool error, not a protocol error. */
  readonly isError?: boolean;
}

/** Who is calling: the client's name from `initialize` (for the ledger and "who is connected"), and its cancellation. */
export interface McpCallContext {
  readonly clientName: string;
  readonly signal: AbortSignal;
}

/** What a transport needs of the tools: list them, call one. Unknown names and bad arguments come back as `isError` results. */
export interface McpToolHost {
  listTools(): readonly McpToolDefinition[];
  callTool(name: string, args: unknown, context: McpCallContext): Promise<McpToolResult>;
}
