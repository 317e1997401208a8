// A small, real McpToolHost for the transport's tests: the transport is what is under test, so the
// tools are simple (echo, sum, wait) but behave as the seam asks: unknown names and bad arguments
// come back as `isError` results, and `wait` honours the call's abort signal. It counts the calls
// running at once, so a test can see the endpoint's gate.
import type { McpCallContext, McpToolDefinition, McpToolHost, McpToolResult } from '../../src/mcp/tool-host';

const TOOLS: McpToolDefinition[] = [
  { name: 'echo', description: 'Returns its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, annotations: { readOnlyHint: true } },
  { name: 'sum', description: 'Adds two numbers.', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
  { name: 'wait', description: 'Waits ms milliseconds.', inputSchema: { type: 'object', properties: { ms: { type: 'number' } }, required: ['ms'] } },
];

function text(t: string, isError = false): McpToolResult {
  return { content: [{ type: 'text', text: t }], ...(isError ? { isError: true } : {}) };
}

export class SmallToolHost implements McpToolHost {
  running = 0;
  maxRunning = 0;
  readonly callers: string[] = [];
  aborted = 0;

  listTools(): readonly McpToolDefinition[] {
    return TOOLS;
  }

  async callTool(name: string, args: unknown, context: McpCallContext): Promise<McpToolResult> {
    this.callers.push(context.clientName);
    const a = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    try {
      await new Promise((r) => setTimeout(r, 1));
      switch (name) {
        case 'echo':
          return typeof a.text === 'string' ? text(a.text) : text('echo needs text: a string', true);
        case 'sum':
          return typeof a.a === 'number' && typeof a.b === 'number' ? { ...text(String(a.a + a.b)), structuredContent: { sum: a.a + a.b } } : text('sum needs a and b: numbers', true);
        case 'wait': {
          const ms = typeof a.ms === 'number' ? a.ms : 0;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, ms);
            context.signal.addEventListener('abort', () => {
              clearTimeout(timer);
              this.aborted++;
              resolve();
            });
          });
          return text(context.signal.aborted ? 'stopped' : `waited ${ms}`);
        }
        default:
          return text(`Unknown tool: ${name}`, true);
      }
    } finally {
      this.running--;
    }
  }
}
