// The text tool-call parser against other projects' published model outputs (tool-call-corpus.ts):
// the share of calls extracted exactly (name and arguments), and no call from text holding none.
import { describe, expect, it } from 'vitest';
import { parseTextToolCalls } from '../../../src/agents/llm/text-tool-calls';
import { CORPUS, NEGATIVES, type CorpusCase } from './tool-call-corpus';

const known = new Set(CORPUS.flatMap((c) => c.calls.map((call) => call.name)));

function extract(reply: string) {
  let n = 0;
  return parseTextToolCalls(reply, known, () => `c${++n}`).calls;
}

function argsValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** How many of the case's expected calls came out exactly, in order (0 if the count differs). */
function exactCalls(c: CorpusCase): number {
  const got = extract(c.reply);
  if (got.length !== c.calls.length) return 0;
  return c.calls.filter((want, i) => got[i]?.name === want.name && JSON.stringify(argsValue(got[i]?.arguments ?? '')) === JSON.stringify(want.args)).length;
}

describe('text tool calls on the published corpus', () => {
  it('extracts at least 95% of the calls exactly, in every family', () => {
    const expected = CORPUS.reduce((n, c) => n + c.calls.length, 0);
    const exact = CORPUS.reduce((n, c) => n + exactCalls(c), 0);
    const missed = CORPUS.filter((c) => exactCalls(c) < c.calls.length).map((c) => `${c.family} (${c.source}): ${c.reply.slice(0, 60)}`);
    console.log(`text tool calls: ${exact} of ${expected} calls exact (${((100 * exact) / expected).toFixed(1)}%) in ${CORPUS.length} replies`);
    expect(exact / expected).toBeGreaterThanOrEqual(0.95);
    // The one known difference: MiniMax-M2 writes values as text and vLLM keeps "5" a string when
    // it has no schema; Reeve reads a value written as JSON as that value (xml-parameters.ts).
    expect(missed).toHaveLength(1);
    expect(missed[0]).toMatch(/^minimax-m2 \(vllm minimax_m2\): <minimax:tool_call><invoke name="get_weather">/);
  });

  it('finds no call in text that holds none (LaTeX, templates, config and code samples, JS objects)', () => {
    for (const text of NEGATIVES) expect({ text, calls: extract(text) }).toEqual({ text, calls: [] });
  });
});
