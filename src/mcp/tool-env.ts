// What every MCP tool works with: the host's deps, the walls as one test (`hidden`), the vault as
// seen through them (`view`), each client's remembered state, and the bound on a result's text.
import type { ClientStates } from './client-state';
import type { Hidden } from './mcp-walls';
import type { VaultToolHostDeps } from './vault-tool-host-deps';
import type { VaultPort } from '../vault-vfs/vault-port';

/** Characters of text one tool result holds at most (about 5,000 tokens); the rest is behind a cursor. */
export const RESULT_CHARS = 20_000;

export interface ToolEnv {
  readonly deps: VaultToolHostDeps;
  readonly hidden: Hidden;
  readonly view: VaultPort;
  readonly clients: ClientStates;
}

/** Lines up to `budget` characters in all (at least one); how many were taken. */
export function linesWithin(lines: readonly string[], budget: number = RESULT_CHARS): number {
  let used = 0;
  let n = 0;
  while (n < lines.length && (n === 0 || used + (lines[n]?.length ?? 0) + 1 <= budget)) used += (lines[n++]?.length ?? 0) + 1;
  return n;
}
