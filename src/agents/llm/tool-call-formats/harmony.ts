// gpt-oss Harmony: a call is a message on the commentary channel addressed to a function,
//   <|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>
// with the recipient also written in the header before the channel
// (`<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>…`).
// The analysis channel is reasoning (see reasoning.ts).

import { callsOf } from './call-shape';
import { brokenCall, type FormatReader, type FoundCalls } from './found-call';
import { balancedEnd, skipSpace } from './json-scan';
import { parseRepairedJson } from './repair-json';

const HEADER = /(?:<\|start\|>\s*assistant\s*)?(?:<\|channel\|>\s*\w+\s*)?to=functions\.([\w.-]+)\s*(?:<\|channel\|>\s*\w+\s*)?(?:<\|constrain\|>\s*)?(?:json\s*)?<\|message\|>/g;
const END = /^\s*(?:<\|call\|>|<\|end\|>)/;

export const readHarmony: FormatReader = ({ text }) => {
  const found: FoundCalls[] = [];
  for (const m of text.matchAll(HEADER)) {
    const start = m.index ?? 0;
    const pos = skipSpace(text, start + m[0].length);
    const close = text[pos] === '{' ? balancedEnd(text, pos, 'lenient') : -1;
    const stop = close >= 0 ? close : nextToken(text, pos);
    const raw = text.slice(pos, stop);
    const value = parseRepairedJson(raw.trim(), { atEnd: stop === text.length });
    const calls = value === undefined ? undefined : callsOf({ name: m[1], arguments: value.value }, 'marked');
    const tail = END.exec(text.slice(stop));
    found.push({ start, end: stop + (tail?.[0].length ?? 0), calls: calls ?? [brokenCall(raw)] });
  }
  return found;
};

function nextToken(text: string, from: number): number {
  const i = text.indexOf('<|', from);
  return i < 0 ? text.length : i;
}
