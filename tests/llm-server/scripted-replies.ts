// What a test scripts: model turns (text, reasoning, tool calls, a finish reason, usage) and fault
// modes. One script serves both APIs: the server renders each turn as an OpenAI chat completion
// or an Anthropic message, whole or streamed, as the request asks.

export interface ScriptedToolCall {
  id?: string;
  name: string;
  /** An object is sent as its JSON; a string is sent as is (so it can be malformed JSON). */
  arguments: unknown;
}

export interface ScriptedTurn {
  text?: string;
  reasoning?: string;
  toolCalls?: ScriptedToolCall[];
  /** Neutral finish: rendered as OpenAI `finish_reason` / Anthropic `stop_reason`. Default: `tool_calls` with calls, else `stop`. */
  finish?: 'stop' | 'tool_calls' | 'length' | 'content_filter';
  /** Default: input from the request's size (chars/4), output from the reply's, cached 0. */
  usage?: { input?: number; output?: number; cached?: number };
}

export type ScriptedReply =
  /** A model turn; `delayMs` before the response starts, `chunkDelayMs` between stream events. */
  | { kind: 'turn'; turn: ScriptedTurn; delayMs?: number; chunkDelayMs?: number }
  | { kind: 'http_error'; status: number; message: string; headers?: Record<string, string> }
  /** The stream stops inside the first tool call's arguments: `end` closes the response cleanly, `reset` drops the connection. */
  | { kind: 'cut'; turn: ScriptedTurn; mode: 'end' | 'reset' }
  /** The stream sends `afterEvents` events, then nothing until the client gives up. */
  | { kind: 'stall'; turn: ScriptedTurn; afterEvents: number }
  /** A 200 response whose JSON (or SSE data) is broken. */
  | { kind: 'malformed' }
  /** The connection is dropped before any response. */
  | { kind: 'reset' };

export const reply = {
  text: (text: string, extra: Omit<ScriptedTurn, 'text'> = {}): ScriptedReply => ({ kind: 'turn', turn: { ...extra, text } }),
  toolCalls: (...calls: ScriptedToolCall[]): ScriptedReply => ({ kind: 'turn', turn: { toolCalls: calls } }),
  toolCall: (name: string, args: unknown, extra: Omit<ScriptedTurn, 'toolCalls'> = {}): ScriptedReply => ({
    kind: 'turn',
    turn: { ...extra, toolCalls: [{ name, arguments: args }] },
  }),
  turn: (turn: ScriptedTurn, timing: { delayMs?: number; chunkDelayMs?: number } = {}): ScriptedReply => ({ kind: 'turn', turn, ...timing }),
  error: (status: number, message = `scripted error ${status}`, headers?: Record<string, string>): ScriptedReply => ({
    kind: 'http_error',
    status,
    message,
    ...(headers ? { headers } : {}),
  }),
  rateLimited: (retryAfterSeconds: number): ScriptedReply => ({
    kind: 'http_error',
    status: 429,
    message: 'Rate limit reached (scripted)',
    headers: { 'retry-after': String(retryAfterSeconds) },
  }),
  cutInToolCall: (name: string, args: unknown, mode: 'end' | 'reset' = 'end'): ScriptedReply => ({
    kind: 'cut',
    turn: { text: 'Let me do that.', toolCalls: [{ name, arguments: args }] },
    mode,
  }),
  stall: (turn: ScriptedTurn, afterEvents = 2): ScriptedReply => ({ kind: 'stall', turn, afterEvents }),
  malformed: (): ScriptedReply => ({ kind: 'malformed' }),
  reset: (): ScriptedReply => ({ kind: 'reset' }),
};

/** The arguments text of a scripted call. */
export function argumentsText(call: ScriptedToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

/** Rough token count: four characters a token. */
export function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Splits text into pieces of `size` characters (how streamed deltas arrive). */
export function pieces(text: string, size = 12): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export interface TurnUsage {
  input: number;
  output: number;
  cached: number;
}

export function turnUsage(turn: ScriptedTurn, requestTokens: number): TurnUsage {
  const replyChars = (turn.text ?? '') + (turn.reasoning ?? '') + (turn.toolCalls ?? []).map(argumentsText).join('');
  return {
    input: turn.usage?.input ?? requestTokens,
    output: turn.usage?.output ?? Math.max(1, approxTokens(replyChars)),
    cached: turn.usage?.cached ?? 0,
  };
}
