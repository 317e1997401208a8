// JSON calls without a family's markers: in a ```json fence or bare in the text, as Llama 3.x
// (`{"name": …, "parameters": …}`), xLAM and Reeve's own "json" format write them, and as models
// copy API shapes (OpenAI `tool_calls` / `function_call`, Gemini `functionCall`). Without markers
// only the full shape of a call to a known tool counts (call-shape.ts), every value in a fence
// must be one, and code fences in other languages are code samples, never calls.
// Repair (repair-json.ts) is tried only on a span that is the whole reply or the whole fence, and
// the result must still have a call's shape.

import { callsOf } from './call-shape';
import { FENCE, isJsonFence } from './code-samples';
import type { FormatReader, FoundCalls, RawCall } from './found-call';
import { balancedEnd, skipSpace } from './json-scan';
import { parseJson, parseRepairedJson } from './repair-json';

/** Failed bracket scans allowed per reply before the rest is given up (each may scan to the end). */
const MAX_OPEN_ENDED = 64;

export const readPlainJson: FormatReader = ({ text, knownTools }) => {
  const found: FoundCalls[] = [];
  let rest = text;
  for (const m of text.matchAll(FENCE)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    rest = rest.slice(0, start) + ' '.repeat(end - start) + rest.slice(end);
    if (!isJsonFence(m[1] ?? '')) continue;
    const calls = wholeSpanCalls((m[2] ?? '').trim(), knownTools, !m[0].endsWith('```'));
    if (calls !== undefined) found.push({ start, end, calls });
  }
  const whole = rest.trim();
  if (whole !== '' && (whole.startsWith('{') || whole.startsWith('[')) && found.length === 0) {
    const calls = wholeSpanCalls(whole, knownTools, true);
    const start = rest.indexOf(whole);
    if (calls !== undefined) return [{ start, end: start + whole.length, calls }];
  }
  return [...found, ...bareCalls(rest, knownTools)];
};

/** Calls to known tools filling `span` entirely (one value or several), strict JSON or repaired. */
function wholeSpanCalls(span: string, knownTools: ReadonlySet<string>, atEnd: boolean): RawCall[] | undefined {
  const calls: RawCall[] = [];
  let i = skipSpace(span, 0);
  while (i < span.length) {
    const close = span[i] === '{' || span[i] === '[' ? balancedEnd(span, i, 'lenient') : -1;
    const piece = close < 0 ? span.slice(i) : span.slice(i, close);
    const value = parseRepairedJson(piece, { atEnd: atEnd && close < 0 });
    const read = value === undefined ? undefined : callsOf(value.value, 'plain');
    if (read === undefined || !read.every((c) => knownTools.has(c.name))) return undefined;
    calls.push(...read);
    i = close < 0 ? span.length : skipSpace(span, close);
    if (span[i] === ',') i = skipSpace(span, i + 1);
  }
  return calls.length > 0 ? calls : undefined;
}

/** Strict JSON objects and arrays anywhere in the text that are calls to known tools. */
function bareCalls(text: string, knownTools: ReadonlySet<string>): FoundCalls[] {
  const found: FoundCalls[] = [];
  let openEnded = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch !== '{' && !(ch === '[' && text[skipSpace(text, i + 1)] === '{')) continue;
    const close = balancedEnd(text, i, 'strict');
    if (close < 0) {
      if (++openEnded > MAX_OPEN_ENDED) break;
      continue;
    }
    const value = parseJson(text.slice(i, close));
    if (value === undefined) continue;
    const calls = callsOf(value.value, 'plain');
    if (calls !== undefined && calls.every((c) => knownTools.has(c.name))) found.push({ start: i, end: close, calls });
    i = close - 1;
  }
  return found;
}
