// The MCP endpoint's bearer token, kept in Obsidian's SecretStorage (1.11.4+) like the providers'
// API keys, never in data.json: made on first use (32 random bytes, hex), replaced on "Regenerate".
import type { App } from 'obsidian';

/** The secret's id: lowercase letters, digits and dashes, as SecretStorage requires. */
export const MCP_TOKEN_SECRET = 'reeve-mcp-token';

function newToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The stored token, or a new one stored now. */
export function mcpToken(app: App): string {
  const stored = app.secretStorage.getSecret(MCP_TOKEN_SECRET);
  if (stored && stored.length >= 16) return stored;
  const token = newToken();
  app.secretStorage.setSecret(MCP_TOKEN_SECRET, token);
  return token;
}

export function regenerateMcpToken(app: App): string {
  const token = newToken();
  app.secretStorage.setSecret(MCP_TOKEN_SECRET, token);
  return token;
}
