// MCP protocol versions the endpoint speaks, and the lifecycle's negotiation: a version the client
// asks for and the server supports is answered as is; otherwise the server answers its latest and
// the client decides (MCP "Lifecycle", Version negotiation). JSON-RPC batches were part of
// 2025-03-26 (and before) and were removed in 2025-06-18 ("Remove support for JSON-RPC batching").

export const LATEST_PROTOCOL_VERSION = '2025-11-25';
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [LATEST_PROTOCOL_VERSION, '2025-06-18', '2025-03-26', '2024-11-05'];
/** What a server assumes when a request carries no MCP-Protocol-Version header (Streamable HTTP, 2025-06-18). */
export const DEFAULT_PROTOCOL_VERSION = '2025-03-26';

export function negotiateProtocolVersion(requested: unknown): string {
  return typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
}

export function batchesAllowed(version: string): boolean {
  return version <= '2025-03-26';
}
