// Cursors for paginated results. MCP cursors are opaque to the client; Reeve's say which tool and
// where to go on from ("read_note:41" is line 41), and anything else is refused with a clear line
// rather than read as position 0.
import { McpToolRefusal } from './mcp-tool';

export function cursorOf(tool: string, at: number): string {
  return `${tool}:${at}`;
}

/** The position a cursor names (`fallback` without one); a cursor of another tool or a bad one is refused. */
export function cursorPosition(tool: string, cursor: string | undefined, fallback: number): number {
  if (cursor === undefined || cursor === '') return fallback;
  const m = /^([a-z_]+):(\d{1,9})$/.exec(cursor);
  if (m === null || m[1] !== tool) throw new McpToolRefusal(`"cursor" is not a cursor ${tool} gave; leave it out to start from the beginning`);
  return Number(m[2]);
}
