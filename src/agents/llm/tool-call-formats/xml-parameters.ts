// Calls written as XML-ish tags with one tag per argument:
//   Qwen3-Coder:  <function=get_weather><parameter=city>Paris</parameter></function>
//                 (usually inside <tool_call>; Llama 3.1's <function=name>{json}</function> too)
//   GLM-4.5/4.6:  get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value> inside <tool_call>
//   MiniMax-M2:   <minimax:tool_call><invoke name="get_weather"><parameter name="city">Paris</parameter></invoke>…
//   DeepSeek DSML: the same with <｜DSML｜…> tags inside <｜DSML｜function_calls> (V3.2) or <｜DSML｜tool_calls> (V4)
// Argument values are text; a value written as JSON (a number, true/false/null, an object or a
// list) is read as that value, since the tag format has no other way to write one.

import { callsOf } from './call-shape';
import { brokenCall, type FormatReader, type FoundCalls, type RawCall } from './found-call';
import { balancedEnd, skipSpace } from './json-scan';
import { parseJson, parseRepairedJson } from './repair-json';

/** A `<function=NAME>…</function>` (or `<function name="NAME">`) call at `pos`, or undefined. */
export function readFunctionTag(text: string, pos: number): { call: RawCall; end: number } | undefined {
  const head = /^<function(?:=([^>\s]+)| name="([^"]+)")>/.exec(text.slice(pos, pos + 200));
  if (head === null) return undefined;
  const name = (head[1] ?? head[2] ?? '').trim();
  let i = skipSpace(text, pos + head[0].length);
  if (text[i] === '{') {
    const close = balancedEnd(text, i, 'lenient');
    const raw = text.slice(i, close < 0 ? text.length : close);
    const value = parseRepairedJson(raw, { atEnd: close < 0 });
    const calls = value === undefined ? undefined : callsOf({ name, arguments: value.value }, 'marked');
    i = close < 0 ? text.length : skipSpace(text, close);
    if (text.startsWith('</function>', i)) i += '</function>'.length;
    return { call: calls?.[0] ?? brokenCall(raw), end: i };
  }
  const closeAt = text.indexOf('</function>', i);
  const bodyEnd = closeAt < 0 ? text.length : closeAt;
  const args: Record<string, unknown> = {};
  const param = /<parameter=([^>\s]+)>([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|$)/g;
  for (const m of text.slice(i, bodyEnd).matchAll(param)) args[m[1] ?? ''] = tagValue(m[2] ?? '');
  return { call: { name, arguments: JSON.stringify(args) }, end: closeAt < 0 ? text.length : closeAt + '</function>'.length };
}

/** A GLM call body (`name<arg_key>k</arg_key><arg_value>v</arg_value>…`), or undefined. */
export function readArgKeyCall(body: string): RawCall | undefined {
  const head = /^\s*([\w.-]+)\s*(?=<arg_key>|$)/.exec(body);
  if (head === null) return undefined;
  const args: Record<string, unknown> = {};
  const pairs = /<arg_key>([\s\S]*?)<\/arg_key>\s*<arg_value>([\s\S]*?)<\/arg_value>/g;
  const rest = body.slice(head[0].length);
  let consumed = 0;
  for (const m of rest.matchAll(pairs)) {
    if (rest.slice(consumed, m.index).trim() !== '') return undefined;
    args[(m[1] ?? '').trim()] = tagValue(m[2] ?? '');
    consumed = (m.index ?? 0) + m[0].length;
  }
  if (rest.slice(consumed).trim() !== '') return undefined;
  return { name: head[1] ?? '', arguments: JSON.stringify(args) };
}

const INVOKE_BLOCK = /<(minimax:tool_call|｜DSML｜function_calls|｜DSML｜tool_calls)>([\s\S]*?)(?:<\/\1>|$)/g;
const INVOKE = /<(?:｜DSML｜)?invoke name="([^"]+)">([\s\S]*?)(?:<\/(?:｜DSML｜)?invoke>|$)/g;
const PARAMETER = /<(?:｜DSML｜)?parameter name="([^"]+)"([^>]*)>([\s\S]*?)<\/(?:｜DSML｜)?parameter>/g;

/**
 * MiniMax-M2's `<invoke name=…><parameter name=…>` blocks, and DeepSeek V3.2's and V4's DSML ones
 * (`<｜DSML｜function_calls>` / `<｜DSML｜tool_calls>`, where `string="true"` keeps a value as text).
 */
export const readInvokeBlocks: FormatReader = ({ text }) => {
  const found: FoundCalls[] = [];
  for (const block of text.matchAll(INVOKE_BLOCK)) {
    const calls: RawCall[] = [];
    for (const inv of (block[2] ?? '').matchAll(INVOKE)) {
      const args: Record<string, unknown> = {};
      for (const p of (inv[2] ?? '').matchAll(PARAMETER)) {
        const raw = p[3] ?? '';
        args[p[1] ?? ''] = /string="true"/.test(p[2] ?? '') ? raw : tagValue(raw);
      }
      calls.push({ name: inv[1] ?? '', arguments: JSON.stringify(args) });
    }
    const start = block.index ?? 0;
    found.push({ start, end: start + block[0].length, calls: calls.length > 0 ? calls : [brokenCall(block[2] ?? '')] });
  }
  return found;
};

/**
 * Standalone `<function=NAME>` (and `<function name="NAME">`) calls: Llama 3.1's custom format,
 * Qwen3-Coder without its wrapper, and what llama.cpp's Hermes tests list.
 */
export const readFunctionTags: FormatReader = ({ text }) => {
  const found: FoundCalls[] = [];
  for (const m of text.matchAll(/<function[= ]/g)) {
    const at = m.index ?? 0;
    if (found.some((f) => at < f.end)) continue;
    const read = readFunctionTag(text, at);
    if (read !== undefined) found.push({ start: at, end: read.end, calls: [read.call] });
  }
  return found;
};

function tagValue(raw: string): unknown {
  const value = raw.replace(/^\r?\n/, '').replace(/\r?\n$/, '');
  const trimmed = value.trim();
  if (/^(-?\d+(\.\d+)?([eE][-+]?\d+)?|true|false|null)$/.test(trimmed) || /^[[{]/.test(trimmed)) {
    const json = parseJson(trimmed);
    if (json !== undefined) return json.value;
  }
  return value;
}
