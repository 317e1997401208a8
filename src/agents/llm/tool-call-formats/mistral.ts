// Mistral's `[TOOL_CALLS]`: before v11 an array of calls (`[TOOL_CALLS][{"name": …, "arguments": …}]`),
// from v11 a name and its arguments (`[TOOL_CALLS]get_weather[ARGS]{…}`, also written without
// `[ARGS]` or with a `[CALL_ID]…` between), one `[TOOL_CALLS]` per call.

import { callsOf } from './call-shape';
import { brokenCall, type FormatReader, type FoundCalls, type RawCall } from './found-call';
import { balancedEnd, skipSpace, startsCallJson } from './json-scan';
import { readJsonSequence } from './json-sequence';
import { parseRepairedJson } from './repair-json';

const MARK = '[TOOL_CALLS]';
const NAMED = /^([\w.-]+)\s*(?:\[CALL_ID\]\s*\w+\s*)?(?:\[ARGS\]\s*)?(?=\{)/;

export const readMistral: FormatReader = ({ text }) => {
  const found: FoundCalls[] = [];
  for (let at = text.indexOf(MARK); at >= 0; ) {
    const pos = skipSpace(text, at + MARK.length);
    let read: { calls: RawCall[]; end: number } | undefined;
    if (startsCallJson(text, pos)) read = readJsonSequence(text, pos, [MARK]);
    else read = readNamed(text, pos);
    if (read !== undefined) found.push({ start: at, end: read.end, calls: read.calls });
    at = text.indexOf(MARK, read?.end ?? at + 1);
  }
  return found;
};

function readNamed(text: string, pos: number): { calls: RawCall[]; end: number } | undefined {
  const head = NAMED.exec(text.slice(pos, pos + 300));
  if (head === null) return undefined;
  const start = pos + head[0].length;
  const close = balancedEnd(text, start, 'lenient');
  const end = close < 0 ? text.length : close;
  const raw = text.slice(start, end);
  const value = parseRepairedJson(raw, { atEnd: close < 0 });
  const calls = value === undefined ? undefined : callsOf({ name: head[1], arguments: value.value }, 'marked');
  return { calls: calls ?? [brokenCall(raw)], end };
}
