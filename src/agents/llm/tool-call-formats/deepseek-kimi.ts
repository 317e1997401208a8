// DeepSeek's and Kimi K2's special-token sections.
//   DeepSeek V3/R1:  <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{…}\n```<｜tool▁call▁end｜>…<｜tool▁calls▁end｜>
//   DeepSeek V3.1:   <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>…<｜tool▁calls▁end｜>
//   Kimi K2:         <|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{…}<|tool_call_end|>…<|tool_calls_section_end|>
// Tokens are matched with ASCII `|` and `_` as well, which some servers print instead.

import { callsOf } from './call-shape';
import { brokenCall, type FormatReader, type FoundCalls, type RawCall } from './found-call';
import { parseRepairedJson } from './repair-json';

const T = (name: string): string => `<[｜|]${name.replace(/_/g, '[▁_]')}[｜|]>`;

const DEEPSEEK_SECTION = new RegExp(`${T('tool_calls_begin')}([\\s\\S]*?)(?:${T('tool_calls_end')}|$)`, 'g');
const DEEPSEEK_CALL = new RegExp(`${T('tool_call_begin')}([\\s\\S]*?)(?:${T('tool_call_end')}|(?=${T('tool_call_begin')})|$)`, 'g');
const DEEPSEEK_SEP = new RegExp(T('tool_sep'));

const KIMI_SECTION = /<\|tool_calls_section_begin\|>([\s\S]*?)(?:<\|tool_calls_section_end\|>|$)/g;
const KIMI_CALL = /<\|tool_call_begin\|>\s*([^<]*?)\s*<\|tool_call_argument_begin\|>([\s\S]*?)(?:<\|tool_call_end\|>|(?=<\|tool_call_begin\|>)|$)/g;

export const readDeepSeek: FormatReader = ({ text }) =>
  sections(text, DEEPSEEK_SECTION, (body) =>
    [...body.matchAll(DEEPSEEK_CALL)].map((m) => {
      const parts = (m[1] ?? '').split(DEEPSEEK_SEP);
      if (parts.length < 2) return brokenCall(m[1] ?? '');
      const [first = '', second = ''] = parts;
      // V3/R1 write the type first and the name on the arguments' line; V3.1 the name first.
      const v3 = /^\s*([^\n`{]+?)\s*\n?\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(second);
      if (first.trim() === 'function' && v3 !== null) return call(v3[1] ?? '', v3[2] ?? '');
      return call(first, second);
    }),
  );

export const readKimi: FormatReader = ({ text }) =>
  sections(text, KIMI_SECTION, (body) =>
    [...body.matchAll(KIMI_CALL)].map((m) => {
      const id = (m[1] ?? '').trim();
      const name = /^(?:functions\.)?([\w.-]+?)(?::\d+)?$/.exec(id)?.[1];
      // A bare counter ("0") names no tool: the call cannot be run as written.
      return name === undefined || /^\d+$/.test(name) ? brokenCall(m[2] ?? '') : call(name, m[2] ?? '');
    }),
  );

function sections(text: string, section: RegExp, read: (body: string) => RawCall[]): FoundCalls[] {
  return [...text.matchAll(section)].map((m) => {
    const start = m.index ?? 0;
    const calls = read(m[1] ?? '');
    return { start, end: start + m[0].length, calls: calls.length > 0 ? calls : [brokenCall(m[1] ?? '')] };
  });
}

function call(name: string, rawArgs: string): RawCall {
  const args = rawArgs.trim();
  const value = parseRepairedJson(args, { atEnd: false });
  return (value === undefined ? undefined : callsOf({ name: name.trim(), arguments: value.value }, 'marked'))?.[0] ?? brokenCall(args);
}
