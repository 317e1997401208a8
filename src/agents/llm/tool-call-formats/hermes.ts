// Hermes-style `<tool_call>` blocks (Hermes 2/3, Qwen 2.5/3, Granite 3.1+, and what small models
// copy from them), with the lenient variants models write: the closing tag missing, the JSON in a
// code fence, several calls or an array in one block. The same tag also carries Qwen3-Coder's
// `<function=…><parameter=…>` body and GLM's `name<arg_key>…` body.
// A `<tool_call>` that is not followed by a call body is prose mentioning the tag, not a call.
// Looser wrappers models use instead (`<tool>`, `<tools>`, `<response>`, `<json>`, `<xml>`, as
// llama.cpp's Hermes tests list them) are weaker signs, and `<tools>` is also where a model echoes
// the tool list: inside them only the full shape of a call to a known tool counts.

import type { FormatReader, FoundCalls } from './found-call';
import { skipFenceClose, skipFenceOpen, skipSpace, startsCallJson } from './json-scan';
import { readJsonSequence } from './json-sequence';
import { readArgKeyCall, readFunctionTag } from './xml-parameters';

const OPEN = /<(tool_call|toolcall|tool-call|tool|tools|response|json|JSON|xml)>/g;
const STRONG = new Set(['tool_call', 'toolcall', 'tool-call']);
const MAX_STRAY = 80;

export const readHermes: FormatReader = ({ text, knownTools }) => {
  const found: FoundCalls[] = [];
  OPEN.lastIndex = 0;
  for (let m = OPEN.exec(text); m !== null; m = OPEN.exec(text)) {
    const tag = m[1] ?? '';
    const close = `</${tag}>`;
    const block = STRONG.has(tag) ? readBlock(text, m.index + m[0].length, close) : readLooseBlock(text, m.index + m[0].length, close, knownTools);
    if (block === undefined) continue;
    found.push({ start: m.index, ...block });
    OPEN.lastIndex = block.end;
  }
  return found;
};

function readLooseBlock(text: string, after: number, close: string, knownTools: ReadonlySet<string>): Omit<FoundCalls, 'start'> | undefined {
  const pos = skipFenceOpen(text, skipSpace(text, after));
  if (!startsCallJson(text, pos)) return undefined;
  const seq = readJsonSequence(text, pos, [close], 'plain');
  if (!seq.calls.every((c) => knownTools.has(c.name))) return undefined;
  return { calls: seq.calls, end: finish(text, seq.end, close) };
}

/** The end of a block whose calls end at `end`: past its closing tag when that follows. */
function finish(text: string, end: number, close: string): number {
  const i = skipFenceClose(text, skipSpace(text, end));
  if (text.startsWith(close, i)) return i + close.length;
  // A few stray characters between the call and its closing tag belong to the block, so the tag
  // does not leak into the answer.
  const at = text.indexOf(close, i);
  const nextOpen = text.indexOf('<tool_call>', i);
  return at >= 0 && at - i <= MAX_STRAY && (nextOpen < 0 || at < nextOpen) ? at + close.length : end;
}

function readBlock(text: string, after: number, close: string): Omit<FoundCalls, 'start'> | undefined {
  const pos = skipFenceOpen(text, skipSpace(text, after));
  if (startsCallJson(text, pos)) {
    const seq = readJsonSequence(text, pos, [close, '<tool_call>']);
    return { calls: seq.calls, end: finish(text, seq.end, close) };
  }
  if (text.startsWith('<function=', pos)) {
    const calls = [];
    let end = pos;
    for (let read = readFunctionTag(text, pos); read !== undefined; read = readFunctionTag(text, skipSpace(text, end))) {
      calls.push(read.call);
      end = read.end;
    }
    return { calls, end: finish(text, end, close) };
  }
  const closeAt = text.indexOf(close, pos);
  if (closeAt < 0) return undefined;
  const body = text.slice(pos, closeAt);
  const glm = readArgKeyCall(body);
  return glm === undefined ? undefined : { calls: [glm], end: closeAt + close.length };
}
