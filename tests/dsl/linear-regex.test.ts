// The linear-time engine behind MATCHES and .matches() (issue 11, item 14): it answers exactly as
// JavaScript's own engine on any pattern (property test against RegExp on short texts), and on
// the patterns that make a backtracking engine run for minutes it answers in milliseconds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/dsl/compile';
import { LinearRegex } from '../../src/dsl/linear-regex';
import { boundedTest, compileSafeRegex, RegexRefusedError } from '../../src/dsl/safe-regex';
import { runReeve } from '../helpers/cli';
import { makeTempVault } from '../helpers/temp-vault';

const atom = fc.constantFrom('a', 'b', 'A', 'é', '.', '\\d', '\\w', '\\W', '\\s', '[ab]', '[^a]', '[a-c]', '\\.', '\\p{L}', '\\u00e9');
const pattern: fc.Arbitrary<string> = fc.letrec<{ p: string }>((tie) => ({
  p: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.constantFrom('^', '$', '\\b', '\\B'),
    fc.tuple(tie('p'), tie('p')).map(([x, y]) => x + y),
    fc.tuple(tie('p'), tie('p')).map(([x, y]) => `(?:${x}|${y})`),
    fc.tuple(tie('p'), fc.constantFrom('*', '+', '?', '{2}', '{1,3}', '{0,2}', '*?', '{2,}')).map(([x, q]) => `(?:${x})${q}`),
    // Lookbehinds spelled in two pieces: the engine runs them itself, on every platform.
    fc.tuple(fc.constantFrom('(?=', '(?!', '(?<' + '=', '(?<' + '!', '('), tie('p')).map(([o, x]) => `${o}${x})`),
  ),
})).p;
// Characters outside the BMP differ in one corner only: V8 also tries an empty match (`\B`) in
// the middle of a surrogate pair, where the engine starts only at code point boundaries.
const text = fc.array(fc.constantFrom('a', 'b', 'A', 'B', '1', ' ', 'é', 'e\u0301', '.', '\n'), { maxLength: 14 }).map((cs) => cs.join(''));

describe('the linear-time engine', () => {
  it('answers as RegExp does, on any pattern and text', () => {
    fc.assert(
      fc.property(pattern, text, (p, t) => {
        let native: RegExp;
        try {
          native = new RegExp(p, 'iu');
        } catch {
          return;
        }
        expect(new LinearRegex(p).test(t), `/${p}/iu on ${JSON.stringify(t)}`).toBe(native.test(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('MATCHES answers as RegExp does, whichever engine a pattern runs on', () => {
    fc.assert(
      fc.property(pattern, text, (p, t) => {
        let re: RegExp;
        try {
          re = compileSafeRegex(p);
        } catch {
          return;
        }
        expect(boundedTest(re, t), `/${p}/iu on ${JSON.stringify(t)}`).toBe(new RegExp(p, 'iu').test(t));
      }),
      { numRuns: 1000 },
    );
  });

  it('takes milliseconds on patterns that make a backtracking engine run for minutes', () => {
    const note = 'a'.repeat(5000);
    for (const p of ['.*a.*a.*a.*b', '.*e.*e.*e.*zq', '(?:a|a)*b', '(?:a*)*b', '^(?:a+)+$x']) {
      const started = performance.now();
      expect(new LinearRegex(p).test(note)).toBe(false);
      expect(performance.now() - started, p).toBeLessThan(2000);
    }
  });

  it('reads characters outside the BMP as one character', () => {
    for (const [p, t, want] of [['^.$', '😀', true], ['^..$', '😀', false], ['a.b', 'a😀b', true], ['(?<' + '=😀)b', 'x😀b', true], ['\\p{L}', '😀', false]] as const) expect(new LinearRegex(p).test(t), p).toBe(want);
  });

  it('refuses a pattern whose counted repetitions would make it too large, saying why', () => {
    expect(() => compileSafeRegex('(?:(?:a{100}){100}){100}')).toThrow(RegexRefusedError);
    expect(() => compileSafeRegex('(?:(?:a{100}){100}){100}')).toThrow(/too large to match in bounded time/);
  });

  it('is what MATCHES and .matches() run', () => {
    const re = compileSafeRegex('.*a.*a.*a.*b');
    const started = performance.now();
    expect(boundedTest(re, 'a'.repeat(20_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(compileExpression('file.name.matches("^rep(?!ort)")').test({ path: 'x/repo.md', name: 'repo', ext: 'md', folder: 'x', size: 1, ctime: 0, mtime: 0, mimeType: 'text/markdown', isHidden: false, tags: [], links: [], backlinks: [], frontmatter: null })).toBe(true);
  });

  it('rules match on a 5,000-character note with a polynomial pattern answers at once', async () => {
    const v = await makeTempVault({ 'long.md': 'a'.repeat(5000) + '\n', 'hit.md': 'xaaab\n' });
    try {
      const started = performance.now();
      const r = await runReeve(['rules', 'match', v.dir, 'file.content MATCHES ".*a.*a.*a.*b"', '--json']);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toEqual(['hit.md']);
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      await v.cleanup();
    }
  });
});
