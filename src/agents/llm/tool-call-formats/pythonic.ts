// Pythonic calls (Llama 3.2/3.3/4, Olmo 3, Granite's pythonic mode, ToolACE): a Python list of
// calls with keyword arguments, `[get_weather(city="Paris"), get_time()]`, on its own or after
// some text, optionally inside Llama 4's `<|python_start|>…<|python_end|>` or Olmo's
// `<function_calls>…</function_calls>` (one call per line there). Unmarked, a list counts only
// when every name is a known tool, so Python in an answer is not run.

import type { FormatReader, FoundCalls, RawCall } from './found-call';
import { readPythonValue, skipWs, type Parsed } from './python-literal';

const LIST_START = /(<\|python_start\|>\s*)?\[(?=\s*[A-Za-z_][\w.]*\s*\()/g;
const OLMO = /<function_calls>([\s\S]*?)(?:<\/function_calls>|$)/g;

export const readPythonic: FormatReader = ({ text, knownTools }) => {
  const found: FoundCalls[] = [];
  for (const m of text.matchAll(OLMO)) {
    const calls = callLines(m[1] ?? '');
    const start = m.index ?? 0;
    if (calls !== undefined) found.push({ start, end: start + m[0].length, calls });
  }
  for (const m of text.matchAll(LIST_START)) {
    const open = (m.index ?? 0) + m[0].length - 1;
    const list = readCallList(text, open);
    if (list === undefined) continue;
    const marked = m[1] !== undefined;
    let end = list.end;
    const closeTag = /^\s*<\|python_end\|>/.exec(text.slice(end));
    if (closeTag !== null) end += closeTag[0].length;
    if (!marked && !list.value.every((c) => knownTools.has(c.name))) continue;
    found.push({ start: m.index ?? open, end, calls: list.value });
  }
  // A reply that is exactly one call without the brackets, to a known tool.
  const whole = readCall(text, skipWs(text, 0));
  if (found.length === 0 && whole !== undefined && text.slice(whole.end).trim() === '' && knownTools.has(whole.value.name)) {
    found.push({ start: skipWs(text, 0), end: whole.end, calls: [whole.value] });
  }
  return found;
};

function readCallList(s: string, open: number): Parsed<RawCall[]> | undefined {
  const calls: RawCall[] = [];
  let j = skipWs(s, open + 1);
  while (s[j] !== ']') {
    const call = readCall(s, j);
    if (call === undefined) return undefined;
    calls.push(call.value);
    j = skipWs(s, call.end);
    if (s[j] === ',') j = skipWs(s, j + 1);
    else if (s[j] !== ']') return undefined;
  }
  return calls.length === 0 ? undefined : { value: calls, end: j + 1 };
}

function callLines(body: string): RawCall[] | undefined {
  const calls: RawCall[] = [];
  let j = skipWs(body, 0);
  while (j < body.length) {
    const call = readCall(body, j);
    if (call === undefined) return undefined;
    calls.push(call.value);
    j = skipWs(body, call.end);
  }
  return calls.length === 0 ? undefined : calls;
}

function readCall(s: string, i: number): Parsed<RawCall> | undefined {
  const head = /^([A-Za-z_][\w.]*)\s*\(/.exec(s.slice(i, i + 200));
  if (head === null) return undefined;
  const args: Record<string, unknown> = {};
  let j = skipWs(s, i + head[0].length);
  while (s[j] !== ')') {
    const key = /^([A-Za-z_]\w*)\s*=/.exec(s.slice(j, j + 200));
    if (key === null) return undefined;
    const value = readPythonValue(s, j + key[0].length);
    if (value === undefined) return undefined;
    args[key[1] ?? ''] = value.value;
    j = skipWs(s, value.end);
    if (s[j] === ',') j = skipWs(s, j + 1);
    else if (s[j] !== ')') return undefined;
  }
  return { value: { name: head[1] ?? '', arguments: JSON.stringify(args) }, end: j + 1 };
}
