// Any text at all: the parser never throws, takes out no more than it was given, and never names
// a call after a tool the text does not name. The alphabet is heavy in the markers and brackets
// the readers look for, so their half-written and interleaved forms are what gets tried.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTextToolCalls } from '../../../src/agents/llm/text-tool-calls';

const PIECES = [
  '{', '}', '[', ']', '"', "'", ':', ',', ';', ' ', '\n', '\\', '`', '```', '```json\n', '(', ')', '=',
  '"name"', '"arguments"', '"parameters"', 'search', '"search"', 'True', '1',
  '<tool_call>', '</tool_call>', '<think>', '</think>', '[TOOL_CALLS]', '[ARGS]', '<function=search>', '</function>',
  '<parameter=q>', '</parameter>', '<arg_key>', '</arg_key>', '<arg_value>', '</arg_value>', 'functools', '<|python_tag|>',
  '<｜tool▁calls▁begin｜>', '<｜tool▁call▁begin｜>', '<｜tool▁sep｜>', '<｜tool▁call▁end｜>', '<|tool_calls_section_begin|>',
  '<|tool_call_begin|>', '<|tool_call_argument_begin|>', '<|channel|>commentary to=functions.search', '<|message|>', '<|call|>',
  '<minimax:tool_call>', '<invoke name="search">', '<parameter name="q">', '</parameter>', '<tools>', '<function_calls>',
];

describe('text tool calls on arbitrary text', () => {
  it('never throws, never grows the text, and names only tools the text names', () => {
    const known = new Set(['search']);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }), (pieces) => {
        const reply = pieces.join('');
        let n = 0;
        const { calls, text } = parseTextToolCalls(reply, known, () => `c${++n}`);
        expect(text.length).toBeLessThanOrEqual(reply.length);
        for (const call of calls) {
          expect(typeof call.arguments).toBe('string');
          if (call.name !== '') expect(reply).toContain(call.name);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
