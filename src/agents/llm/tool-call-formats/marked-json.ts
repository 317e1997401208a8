// Families whose calls are JSON after a marker of their own; each reads like a Hermes block with
// other tags. The JSON may be one call, an array of calls, or several calls one after another.
//   Granite 3.0:        <|tool_call|>[{"name": …, "arguments": …}]
//   Granite 20B FC:     <function_call> {"name": …, "arguments": …}   (repeated, no closing tag)
//   Jamba, MiniMax-M1:  <tool_calls>[{…}]</tool_calls>  /  <tool_calls>\n{…}\n{…}\n</tool_calls>
//   InternLM2:          <|action_start|><|plugin|>\n{"name": …, "parameters": …}<|action_end|>
//   Phi-4-mini:         functools[{"name": …, "arguments": …}]
//   Llama 3.x:          <|python_tag|>{"name": …, "parameters": …}; {…}
//   LM Studio:          [TOOL_REQUEST]{"name": …, "arguments": …}[END_TOOL_REQUEST]
// A marker not followed by JSON is text mentioning it.

import type { FormatReader, FoundCalls } from './found-call';
import { skipFenceClose, skipFenceOpen, skipSpace, startsCallJson } from './json-scan';
import { readJsonSequence } from './json-sequence';

interface JsonMarker {
  open: string;
  close: string | undefined;
}

const MARKERS: readonly JsonMarker[] = [
  { open: '<|tool_call|>', close: undefined },
  { open: '<function_call>', close: '</function_call>' },
  { open: '<tool_calls>', close: '</tool_calls>' },
  { open: '<|action_start|><|plugin|>', close: '<|action_end|>' },
  { open: 'functools', close: undefined },
  { open: '<|python_tag|>', close: '<|eom_id|>' },
  { open: '[TOOL_REQUEST]', close: '[END_TOOL_REQUEST]' },
];

export const readMarkedJson: FormatReader = ({ text }) => {
  const found: FoundCalls[] = [];
  for (const { open, close } of MARKERS) {
    for (let at = text.indexOf(open); at >= 0; at = text.indexOf(open, at + 1)) {
      const pos = skipFenceOpen(text, skipSpace(text, at + open.length));
      if (!startsCallJson(text, pos)) continue;
      const closers = [close, open].filter((c): c is string => c !== undefined);
      const seq = readJsonSequence(text, pos, closers);
      let end = seq.end;
      const i = skipFenceClose(text, skipSpace(text, end));
      if (close !== undefined && text.startsWith(close, i)) end = i + close.length;
      found.push({ start: at, end, calls: seq.calls });
      at = end - 1;
    }
  }
  return found;
};
