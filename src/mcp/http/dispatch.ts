// The MCP methods a tools server answers, over any transport that hands it one JSON-RPC request
// of an initialized session: `ping`, `tools/list` and `tools/call` (MCP "Server features: Tools").
// `initialize` is the HTTP server's (it makes the session). A tool that is unknown, gets bad
// arguments, throws, or runs past the time limit comes back as a tool result with `isError`, which
// the model can read and act on (MCP "Tools", Error handling); a malformed call (no tool name) is
// a protocol error, -32602.
import type { McpToolHost, McpToolResult } from '../tool-host';
import { INVALID_PARAMS, type JsonRpcReply, type JsonRpcRequest, METHOD_NOT_FOUND, SERVER_ERROR, replyError, replyResult } from './json-rpc';
import type { McpSession } from './mcp-session';

export interface DispatchOptions {
  readonly host: McpToolHost;
  /** Milliseconds a tool call may run before it is stopped and answered as failed. */
  readonly callTimeoutMs: number;
  readonly log: (line: string) => void;
  readonly now: () => number;
}

function errorResult(text: string): McpToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Runs a tool call inside the session's gate, with its own abort signal and a time limit. */
async function callTool(session: McpSession, request: JsonRpcRequest, options: DispatchOptions): Promise<JsonRpcReply> {
  const name = request.params?.name;
  if (typeof name !== 'string' || name === '') return replyError(request.id, INVALID_PARAMS, 'tools/call needs params.name, the name of a tool from tools/list');
  const args = request.params?.arguments ?? {};
  const controller = new AbortController();
  session.inFlight.set(request.id, controller);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    if (!(await session.enter())) return replyError(request.id, SERVER_ERROR, 'Too many tool calls at once from this client; wait for some to finish and try again.');
    try {
      if (controller.signal.aborted) return replyResult(request.id, errorResult('The call was cancelled before it started.'));
      session.calls++;
      session.lastCallAt = options.now();
      const timedOut = new Promise<McpToolResult>((resolve) => {
        timer = setTimeout(() => {
          controller.abort();
          resolve(errorResult(`The tool ${name} took longer than ${Math.round(options.callTimeoutMs / 1000)} s and was stopped.`));
        }, options.callTimeoutMs);
      });
      const result = await Promise.race([options.host.callTool(name, args, { clientName: session.clientName, signal: controller.signal }), timedOut]);
      return replyResult(request.id, result);
    } finally {
      session.leave();
    }
  } catch (e) {
    // The host's own failure: the agent learns the call failed, the details stay in the log.
    options.log(`tool ${name} failed: ${e instanceof Error ? e.message : String(e)}`);
    return replyResult(request.id, errorResult(`The tool ${name} failed inside Reeve; try again, or another tool.`));
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    session.inFlight.delete(request.id);
  }
}

export async function dispatchRequest(session: McpSession, request: JsonRpcRequest, options: DispatchOptions): Promise<JsonRpcReply> {
  switch (request.method) {
    case 'ping':
      return replyResult(request.id, {});
    case 'tools/list':
      // One page: the tool list is short and fixed.
      return replyResult(request.id, { tools: options.host.listTools() });
    case 'tools/call':
      return callTool(session, request, options);
    case 'initialize':
      return replyError(request.id, SERVER_ERROR, 'This session is already initialized; start a new session without Mcp-Session-Id to initialize again.');
    default:
      return replyError(request.id, METHOD_NOT_FOUND, `Method not found: ${request.method}`);
  }
}
