// Which JSON values are calls. Inside a family's markers the model meant a call, so a name is
// enough (arguments default to {}); a value found in plain text counts only when it has the full
// shape of a call: a name and an arguments object (not a tool definition's keys or a schema), or
// one of the wrappers APIs write (OpenAI `tool_calls` / `function_call`, Gemini `functionCall`).
// A tool list the model writes out ({"name", "description"}) or a recommendation
// ({"tool", "reason"}) is never a call.

import type { RawCall } from './found-call';
import { parseJson } from './repair-json';

export type Context = 'marked' | 'plain';

const NAME_KEYS = ['name', 'tool', 'tool_name', 'function', 'recipient_name'] as const;
const ARG_KEYS = ['arguments', 'parameters', 'args', 'input', 'tool_input', 'params'] as const;
/** Keys a call object may carry besides its name and arguments (in a wrapper). */
const CALL_EXTRAS = new Set(['id', 'type', 'call_id', 'index']);
/** Keys of a tool's definition: an object with one is a tool the model describes, not a call. */
const DEFINITION_KEYS = new Set(['description', 'required', 'properties', 'returns', 'examples', 'strict', 'schema', 'input_schema']);
/** Keys an assistant message carrying `tool_calls` may have. */
const MESSAGE_EXTRAS = new Set(['role', 'content', 'refusal', 'id', 'type']);

/** The calls `value` stands for, or undefined when it is not (entirely) calls. */
export function callsOf(value: unknown, context: Context): RawCall[] | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    const calls = value.map((v) => callsOf(v, context));
    return calls.every((c) => c !== undefined) ? calls.flat() : undefined;
  }
  if (!isRecord(value)) return undefined;
  const wrapped = wrapperCalls(value, context);
  if (wrapped !== undefined) return wrapped;
  const call = callOf(value, context);
  return call === undefined ? undefined : [call];
}

function wrapperCalls(value: Record<string, unknown>, context: Context): RawCall[] | undefined {
  const keys = Object.keys(value);
  if (Array.isArray(value.tool_calls) && keys.every((k) => k === 'tool_calls' || MESSAGE_EXTRAS.has(k))) {
    return callsOf(value.tool_calls, 'marked');
  }
  for (const key of ['function_call', 'functionCall'] as const) {
    const inner = value[key];
    if (isRecord(inner) && keys.every((k) => k === key || MESSAGE_EXTRAS.has(k))) {
      const call = callOf(inner, 'marked');
      return call === undefined ? undefined : [call];
    }
  }
  if (isRecord(value.function) && keys.every((k) => k === 'function' || CALL_EXTRAS.has(k))) {
    const call = callOf(value.function, context);
    return call === undefined ? undefined : [call];
  }
  return undefined;
}

function callOf(value: Record<string, unknown>, context: Context): RawCall | undefined {
  const nameKey = NAME_KEYS.find((k) => typeof value[k] === 'string');
  if (nameKey === undefined) return undefined;
  const name = (value[nameKey] as string).trim();
  const argKey = ARG_KEYS.find((k) => k in value);
  const args = argKey === undefined ? {} : value[argKey];
  if (context === 'plain') {
    // A name and arguments; other keys a model adds (an id, its reason) do not make it less a call,
    // but a definition's keys or a schema as the arguments make it a tool description.
    if (argKey === undefined || name === '' || Object.keys(value).some((k) => DEFINITION_KEYS.has(k))) return undefined;
    const parsed = typeof args === 'string' ? parseJson(args)?.value : args;
    if (!isRecord(parsed) || isSchema(parsed)) return undefined;
  }
  return { name, arguments: argumentsText(args) };
}

function isSchema(args: Record<string, unknown>): boolean {
  return args.type === 'object' && isRecord(args.properties);
}

/** Arguments as a JSON string: objects are serialized, strings holding JSON are kept as written. */
export function argumentsText(args: unknown): string {
  if (typeof args === 'string') return args.trim() === '' ? '{}' : args;
  return JSON.stringify(args ?? {});
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
