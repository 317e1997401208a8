import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitThinkTags, ThinkTagSplitter } from '../../../src/agents/llm/think-tags';

function splitInChunks(text: string, cuts: number[]) {
  const splitter = new ThinkTagSplitter();
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  let text_ = '';
  let reasoning = '';
  let from = 0;
  for (const p of [...points, text.length]) {
    const piece = splitter.push(text.slice(from, p));
    text_ += piece.text;
    reasoning += piece.reasoning;
    from = p;
  }
  const rest = splitter.flush();
  return { text: text_ + rest.text, reasoning: reasoning + rest.reasoning };
}

describe('think tags', () => {
  it('splits a leading think block from the answer', () => {
    expect(splitThinkTags('  <think>plan it</think>\n\nAnswer')).toEqual({ text: 'Answer', reasoning: 'plan it' });
    expect(splitThinkTags('No thinking here <think>x</think>')).toEqual({ text: 'No thinking here <think>x</think>', reasoning: '' });
    expect(splitThinkTags('<think>never closed')).toEqual({ text: '', reasoning: 'never closed' });
    expect(splitThinkTags('<thin')).toEqual({ text: '<thin', reasoning: '' });
  });

  it('gives the same result however the stream cuts the text', () => {
    const sample = fc.oneof(
      fc.tuple(fc.string(), fc.string()).map(([r, t]) => `<think>${r.replace(/<\/think>/g, '')}</think>${t}`),
      fc.string(),
    );
    fc.assert(
      fc.property(sample, fc.array(fc.nat(), { maxLength: 8 }), (text, cuts) => {
        expect(splitInChunks(text, cuts)).toEqual(splitThinkTags(text));
      }),
    );
  });
});
