// Hermes-style `<tool_call>` blocks (Hermes 2/3, Qwen 2.5/3, Granite 3.1+, and what small models
// copy from them), with the lenient variants models write: the closing tag missing, the JSON in a
// code fence, several calls or an array in one block. The same tag also carries Qwen3-Coder's
// `<function=…><parameter=…>` body and GLM's `name<arg_key>…` body.
// A `<tool_call>` that is not followed by a call body is prose mentioning the tag, not a call.

import type { FormatReader, FoundCalls } from './found-call';
import { skipFenceClose, skipFenceOpen, skipSpace, startsCallJson } from './json-scan';
import { readJsonSequence } from './json-sequence';
import { readArgKeyCall, readFunctionTag } from './xml-parameters';

const OPEN = /<(tool_call|toolcall|tool-call)>/g;
const MAX_STRAY = 80;

export const readHermes: FormatReader = ({ text }) => {
  const found: FoundCalls[] = [];
  OPEN.lastIndex = 0;
  for (let m = OPEN.exec(text); m !== null; m = OPEN.exec(text)) {
    const close = `</${m[1]}>`;
    const block = readBlock(text, m.index + m[0].length, close);
    if (block === undefined) continue;
    found.push({ start: m.index, ...block });
    OPEN.lastIndex = block.end;
  }
  return found;
};

function readBlock(text: string, after: number, close: string): Omit<FoundCalls, 'start'> | undefined {
  const pos = skipFenceOpen(text, skipSpace(text, after));
  const finish = (end: number): number => {
    const i = skipFenceClose(text, skipSpace(text, end));
    if (text.startsWith(close, i)) return i + close.length;
    // A few stray characters between the call and its closing tag belong to the block, so the tag
    // does not leak into the answer.
    const at = text.indexOf(close, i);
    const nextOpen = text.indexOf('<tool_call>', i);
    return at >= 0 && at - i <= MAX_STRAY && (nextOpen < 0 || at < nextOpen) ? at + close.length : end;
  };
  if (startsCallJson(text, pos)) {
    const seq = readJsonSequence(text, pos, [close, '<tool_call>']);
    return { calls: seq.calls, end: finish(seq.end) };
  }
  if (text.startsWith('<function=', pos)) {
    const calls = [];
    let end = pos;
    for (let read = readFunctionTag(text, pos); read !== undefined; read = readFunctionTag(text, skipSpace(text, end))) {
      calls.push(read.call);
      end = read.end;
    }
    return { calls, end: finish(end) };
  }
  const closeAt = text.indexOf(close, pos);
  if (closeAt < 0) return undefined;
  const body = text.slice(pos, closeAt);
  const glm = readArgKeyCall(body);
  return glm === undefined ? undefined : { calls: [glm], end: closeAt + close.length };
}
