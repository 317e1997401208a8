// Tool calls written as text by local models without native tool calling. One dispatcher runs a
// small reader per format family over the reply, whatever the profile's format says (a local
// model's format is often not what its profile claims, and small models mix formats):
//   family markers first: Hermes `<tool_call>` (with Qwen3-Coder / GLM bodies, and the looser
//   wrappers small models use: `<tools>`, `<response>`, `<json>`… for full calls to known tools),
//   Mistral `[TOOL_CALLS]`, DeepSeek and Kimi tokens, gpt-oss Harmony, MiniMax-M2 and DeepSeek DSML
//   `<invoke>`, Granite, Jamba, MiniMax-M1, InternLM, Phi-4-mini, Llama `<|python_tag|>` and
//   `<function=…>`, LM Studio;
//   then, in what no marker claimed and outside code samples (fences in other languages than
//   JSON, inline code), pythonic call lists and fenced or bare JSON.
// Text inside reasoning (`<think>` anywhere, Harmony's analysis channel) is never read for calls.
// Inside markers the model meant a call: one that cannot be read gets name "" (never run; the
// tool runner tells the model). Without markers only a call's full shape naming a known tool
// counts, so a JSON answer, a tool list or a code sample is not mistaken for a call.

import type { ToolCall } from './chat-types';
import { codeSampleRanges, inlineCodeRanges } from './tool-call-formats/code-samples';
import type { FormatReader, FoundCalls } from './tool-call-formats/found-call';
import { readDeepSeek, readKimi } from './tool-call-formats/deepseek-kimi';
import { readHarmony } from './tool-call-formats/harmony';
import { readHermes } from './tool-call-formats/hermes';
import { readMarkedJson } from './tool-call-formats/marked-json';
import { readMistral } from './tool-call-formats/mistral';
import { readPlainJson } from './tool-call-formats/plain-json';
import { readPythonic } from './tool-call-formats/pythonic';
import { blankOut, reasoningRanges } from './tool-call-formats/reasoning';
import { readFunctionTags, readInvokeBlocks } from './tool-call-formats/xml-parameters';

export interface ParsedTextToolCalls {
  calls: ToolCall[];
  /** The reply with the calls taken out. */
  text: string;
}

/** Readers of formats with markers of their own, in the order they win an overlap. */
const MARKED: readonly FormatReader[] = [readHermes, readMistral, readDeepSeek, readKimi, readHarmony, readInvokeBlocks, readMarkedJson, readFunctionTags];
/** Readers of unmarked formats, run on what the marked ones left. */
const UNMARKED: readonly FormatReader[] = [readPythonic, readPlainJson];

export function parseTextToolCalls(reply: string, knownTools: ReadonlySet<string>, nextId: () => string): ParsedTextToolCalls {
  let visible = blankOut(reply, reasoningRanges(reply));
  const taken: FoundCalls[] = [];
  const claim = (readers: readonly FormatReader[]): void => {
    for (const read of readers) {
      for (const found of read({ text: visible, knownTools })) {
        if (taken.some((t) => found.start < t.end && t.start < found.end)) continue;
        taken.push(found);
      }
    }
    visible = blankOut(visible, taken.map((t) => [t.start, t.end] as const));
  };
  claim(MARKED);
  visible = blankOut(visible, codeSampleRanges(visible));
  visible = blankOut(visible, inlineCodeRanges(visible));
  claim(UNMARKED);
  taken.sort((a, b) => a.start - b.start);
  const calls = taken.flatMap((t) => t.calls).map((c) => ({ id: nextId(), name: c.name, arguments: c.arguments }));
  let text = '';
  let at = 0;
  for (const t of taken) {
    text += reply.slice(at, t.start);
    at = t.end;
  }
  text += reply.slice(at);
  // A fence that held only calls is left empty once they are taken out.
  if (calls.length > 0) text = text.replace(/```[\w-]*[ \t]*\n?\s*```[ \t]*/g, '');
  return { calls, text: text.trim() };
}
