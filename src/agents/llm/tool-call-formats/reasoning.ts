// Where a reply reasons rather than answers: a call written there is the model thinking aloud,
// never a call. Reasoning is `<think>` (and `<thinking>`, `<reasoning>`, Kimi's `◁think▷`) anywhere
// in the reply, a block left open to the end of the reply, everything before a lone `</think>`
// (templates that open the block in the prompt), and gpt-oss Harmony's analysis channel.

export type Range = readonly [start: number, end: number];

const OPEN = /<(think|thinking|reasoning|thought)>|◁think▷/g;
const HARMONY_ANALYSIS = /<\|channel\|>\s*analysis\s*<\|message\|>/g;
const HARMONY_END = /<\|end\|>|<\|start\|>|<\|channel\|>|<\|call\|>|<\|return\|>/g;

export function reasoningRanges(text: string): Range[] {
  const ranges: Range[] = [];
  const firstClose = /<\/(think|thinking|reasoning|thought)>/.exec(text);
  OPEN.lastIndex = 0;
  const firstOpen = OPEN.exec(text);
  if (firstClose !== null && (firstOpen === null || firstClose.index < firstOpen.index)) {
    ranges.push([0, firstClose.index + firstClose[0].length]);
  }
  OPEN.lastIndex = 0;
  for (let m = OPEN.exec(text); m !== null; m = OPEN.exec(text)) {
    const close = m[1] === undefined ? '◁/think▷' : `</${m[1]}>`;
    const end = text.indexOf(close, m.index + m[0].length);
    const stop = end < 0 ? text.length : end + close.length;
    ranges.push([m.index, stop]);
    OPEN.lastIndex = stop;
  }
  HARMONY_ANALYSIS.lastIndex = 0;
  for (let m = HARMONY_ANALYSIS.exec(text); m !== null; m = HARMONY_ANALYSIS.exec(text)) {
    HARMONY_END.lastIndex = m.index + m[0].length;
    const end = HARMONY_END.exec(text);
    const stop = end === null ? text.length : end.index + (end[0] === '<|end|>' ? end[0].length : 0);
    ranges.push([m.index, stop]);
    HARMONY_ANALYSIS.lastIndex = stop;
  }
  return ranges;
}

/** `text` with the ranges replaced by spaces, so indexes stay the same. */
export function blankOut(text: string, ranges: readonly Range[]): string {
  let out = text;
  for (const [start, end] of ranges) out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  return out;
}
