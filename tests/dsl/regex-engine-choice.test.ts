// A pattern with unbounded repetitions runs on the built-in engine when the text is short enough
// for its worst case (a file name), and on the linear-time engine otherwise (a long note): both
// answer as JavaScript's RegExp does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedTester, compileSafeRegex } from '../../src/dsl/safe-regex';

describe('the engine a rule pattern runs on', () => {
  it('answers as RegExp on short and long texts alike', () => {
    const patterns = [' \\(\\d+\\)$', '\\d+x', '^[a-z]+ \\d+$', '(\\w+\\s)+end'];
    fc.assert(
      fc.property(fc.constantFrom(...patterns), fc.stringMatching(/^[a-z0-9 ()x]{0,40}$/), fc.integer({ min: 0, max: 400 }), (pattern, text, pad) => {
        const re = compileSafeRegex(pattern);
        const long = '1'.repeat(pad) + text;
        for (const t of [text, long]) expect(boundedTester(re)(t)).toBe(new RegExp(pattern, 'iu').test(t));
      }),
      { numRuns: 300 },
    );
  });
});
