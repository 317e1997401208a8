// Tool calls written as text by local models without native tool calling. Three forms are read,
// whatever the profile's format says (small models mix them up):
//   Hermes:   <tool_call>{"name": "...", "arguments": {...}}</tool_call>
//   fenced:   ```json {"name": "...", "arguments": {...}} ```
//   bare:     a JSON object {"name": "...", "arguments": {...}} in the reply
// A Hermes block always counts as a call (if its JSON is broken the call gets name "" and the tool
// runner tells the model); fenced and bare JSON count only when they name a known tool, so a JSON
// final answer is not mistaken for a call.

import type { ToolCall } from './chat-types';

export interface ParsedTextToolCalls {
  calls: ToolCall[];
  /** The reply with the calls taken out. */
  text: string;
}

const HERMES = /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/g;
const FENCE = /```(?:json|JSON)?[ \t]*\n?([\s\S]*?)```/g;

export function parseTextToolCalls(reply: string, knownTools: ReadonlySet<string>, nextId: () => string): ParsedTextToolCalls {
  const calls: ToolCall[] = [];
  const add = (c: { name: string; arguments: string }): void => {
    calls.push({ id: nextId(), name: c.name, arguments: c.arguments });
  };
  if (reply.includes('<tool_call>')) {
    const text = reply.replace(HERMES, (_m, body: string) => {
      const parsed = readCalls(stripFence(body.trim()));
      if (parsed === undefined || parsed.length === 0) add({ name: '', arguments: body.trim() });
      else parsed.forEach(add);
      return '';
    });
    return { calls, text: text.trim() };
  }
  const fenced = reply.replace(FENCE, (whole, body: string) => {
    const parsed = readCalls(body.trim());
    if (parsed === undefined || parsed.length === 0 || !parsed.every((c) => knownTools.has(c.name))) return whole;
    parsed.forEach(add);
    return '';
  });
  if (calls.length > 0) return { calls, text: fenced.trim() };
  let bare = reply;
  for (const candidate of jsonObjectSpans(reply)) {
    const parsed = readCalls(candidate);
    if (parsed === undefined || parsed.length === 0 || !parsed.every((c) => knownTools.has(c.name))) continue;
    parsed.forEach(add);
    bare = bare.replace(candidate, '');
  }
  return { calls, text: bare.trim() };
}

function stripFence(body: string): string {
  const m = /^```(?:json|JSON)?\s*([\s\S]*?)```$/.exec(body);
  return m?.[1]?.trim() ?? body;
}

/** The calls a JSON text stands for (one object or an array of them), or undefined if it is not that. */
function readCalls(json: string): { name: string; arguments: string }[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const items = Array.isArray(value) ? value : [value];
  const calls = items.map(asCall);
  return calls.every((c) => c !== undefined) ? calls : undefined;
}

function asCall(value: unknown): { name: string; arguments: string } | undefined {
  if (!isRecord(value)) return undefined;
  const fn = value.function;
  if (isRecord(fn)) return asCall(fn);
  const name = [value.name, value.tool, fn].find((n): n is string => typeof n === 'string');
  if (name === undefined) return undefined;
  const args = value.arguments ?? value.parameters ?? value.args ?? value.input ?? {};
  return { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Top-level `{…}` spans of `text`, with braces inside JSON strings ignored. */
export function jsonObjectSpans(text: string): string[] {
  const spans: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"' && depth > 0) inString = true;
    else if (ch === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (ch === '}' && depth > 0) {
      depth--;
      if (depth === 0) spans.push(text.slice(start, i + 1));
    }
  }
  return spans;
}
