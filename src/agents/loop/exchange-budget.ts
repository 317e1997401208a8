// The latest exchange (the model's turn and the results of its tool calls) is always sent whole,
// so it is what must be bounded for every request to fit the model's context window: it gets the
// room the opening leaves, and its pieces share that room fairly. A piece that needs less than an
// equal share keeps all of it; the large ones are cut to what is left, a tool result with a note
// saying how to get the rest, the model's own text and arguments (a reply can carry a 5 MB
// argument, and it is sent back on every later turn) cut inside their JSON so it stays valid.

import type { AssistantMessage, ToolCall, ToolResultMessage } from '../llm/chat-types';
import { estimateTokens } from './context-budget';

/** Tool calls run in one turn at most, however large the window. */
export const MAX_CALLS_PER_TURN = 20;
/** Characters a call needs at least (its place in the model's turn, and a result worth reading). */
const MIN_CHARS_PER_CALL = 800;
/** A tool name as long as any provider allows; a longer one is the model's text, not a name. */
const NAME_CHARS = 64;

/** How many of a reply's calls run, given the room (tokens) the exchange has. */
export function callsPerTurn(roomTokens: number): number {
  return Math.max(1, Math.min(MAX_CALLS_PER_TURN, Math.floor((roomTokens * 4) / MIN_CHARS_PER_CALL)));
}

/** Water-filling: each size gets what it needs up to an equal share of what is still left. */
export function fairShares(sizes: readonly number[], total: number): number[] {
  const out = sizes.map(() => 0);
  const order = sizes.map((_, i) => i).sort((a, b) => (sizes[a] ?? 0) - (sizes[b] ?? 0));
  let left = Math.max(0, total);
  let n = sizes.length;
  for (const i of order) {
    const give = Math.min(sizes[i] ?? 0, Math.floor(left / n));
    out[i] = give;
    left -= give;
    n--;
  }
  return out;
}

/** `text` cut to at most `max` characters, at a line end when one is in its second half. */
export function cutAtLine(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, Math.max(0, max));
  const nl = head.lastIndexOf('\n');
  return nl >= head.length / 2 ? head.slice(0, nl) : head;
}

function cutStrings(value: unknown, max: number): unknown {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, max)}…` : value;
  if (Array.isArray(value)) return value.map((v) => cutStrings(v, max));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.length > max ? `${k.slice(0, max)}…` : k, cutStrings(v, max)]));
  }
  return value;
}

/**
 * A call's arguments in at most `max` characters: its long strings cut (the JSON stays valid, so
 * every provider takes it back), or `{}` when that is not enough or it was not JSON (the call's
 * result has already told the model what was wrong with it).
 */
export function cutArguments(raw: string, max: number): string {
  if (raw.length <= max) return raw;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return '{}';
  }
  for (let limit = Math.floor(max / 2); limit >= 16; limit = Math.floor(limit / 2)) {
    const text = JSON.stringify(cutStrings(value, limit));
    if (text.length <= max) return text;
  }
  return '{}';
}

/** Says where a result was cut and how to get the rest; `shown` is the part that is sent. */
export type RestHint = (index: number, shown: string, whole: string) => string;

export interface Exchange {
  assistant: AssistantMessage;
  results: ToolResultMessage[];
}

function resultNote(shown: number, whole: number, hint: string): string {
  return `\n[Cut to fit the model's context window: ${shown.toLocaleString('en-US')} of ${whole.toLocaleString('en-US')} characters shown. ${hint}]`;
}

/** Characters of a refused call's arguments sent back: its result says what was wrong; the model needs no more of them. */
export const REFUSED_ARGUMENT_CHARS = 1000;

/**
 * The exchange in at most `roomTokens` (as `estimateTokens` counts), each piece with a fair share.
 * `notRun` calls of the reply were never run (over the calls a turn may make): the last result
 * says so. `refused[i]` marks a call that was not run (invalid, unknown): its arguments are cut
 * to `REFUSED_ARGUMENT_CHARS` first.
 */
export function boundExchange(exchange: Exchange, roomTokens: number, hint: RestHint, notRun = 0, refused: readonly boolean[] = []): Exchange & { cut: number } {
  const { assistant, results } = exchange;
  const calls: ToolCall[] = (assistant.toolCalls ?? []).map((c, i) => ({
    ...c,
    name: c.name.slice(0, NAME_CHARS),
    arguments: refused[i] === true ? cutArguments(c.arguments, REFUSED_ARGUMENT_CHARS) : c.arguments,
  }));
  const notRunNote = notRun > 0 ? `\n[${notRun} more tool call${notRun === 1 ? ' was' : 's were'} in your reply and ${notRun === 1 ? 'was' : 'were'} not run: at most ${calls.length} fit in one turn. Make them in a later turn if you still need them.]` : '';
  const skeleton = estimateTokens([{ ...assistant, content: '', toolCalls: calls.map((c) => ({ ...c, arguments: '' })) }, ...results.map((r) => ({ ...r, content: '' }))]) * 4;
  // Signed reasoning is sent back as it is or not at all (its signature covers the text).
  const signed = assistant.reasoning?.signature !== undefined ? assistant.reasoning.text.length : 0;
  const sizes = [assistant.content.length, signed, ...calls.map((c) => c.arguments.length), ...results.map((r) => r.content.length)];
  const shares = fairShares(sizes, roomTokens * 4 - skeleton - notRunNote.length);
  let cut = 0;
  const share = (i: number): number => shares[i] ?? 0;
  const text = assistant.content.length > share(0) ? `${cutAtLine(assistant.content, share(0) - 1)}…` : assistant.content;
  if (text !== assistant.content) cut++;
  const keepReasoning = assistant.reasoning !== undefined && (signed === 0 || signed <= share(1));
  const boundedCalls = calls.map((c, i) => {
    const args = cutArguments(c.arguments, share(2 + i));
    if (args !== (assistant.toolCalls?.[i]?.arguments ?? args)) cut++;
    return { ...c, arguments: args };
  });
  const boundedResults = results.map((r, i): ToolResultMessage => {
    const max = share(2 + calls.length + i);
    const last = i === results.length - 1 ? notRunNote : '';
    if (r.content.length <= max) return { ...r, content: r.content + last };
    cut++;
    const note = (shown: string): string => resultNote(shown.length, r.content.length, hint(i, shown, r.content));
    // The note takes room of its own: measured once with a guess of the kept part, then kept to it.
    const shown = cutAtLine(r.content, Math.max(0, max - note(r.content.slice(0, max)).length));
    return { ...r, content: shown + note(shown) + last };
  });
  const bounded: AssistantMessage = {
    role: 'assistant',
    content: text,
    ...(boundedCalls.length > 0 ? { toolCalls: boundedCalls } : {}),
    ...(keepReasoning && assistant.reasoning ? { reasoning: assistant.reasoning } : {}),
  };
  return { assistant: bounded, results: boundedResults, cut };
}
