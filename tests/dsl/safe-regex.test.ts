import { describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/dsl/compile';
import { DslError } from '../../src/dsl/errors';
import { boundedTest, compileSafeRegex, MAX_REGEX_INPUT, RegexRefusedError } from '../../src/dsl/safe-regex';
import { record } from './records';

describe('patterns that backtrack catastrophically are refused at compile time', () => {
  it.each([
    ['(a+)+$', 'repeats something that can itself match in several ways'],
    ['(a*)*', 'repeats something'],
    ['(a+)*b', 'repeats something'],
    ['(\\w+\\s?)+$', 'repeats something'],
    ['([a-z]+-?)+@', 'repeats something'],
    ['(.*,){11}P', 'repeats something'],
    ['(a|ab)*c', 'repeats something'],
    ['(a|a)*', 'can start with the same character'],
    ['(?:[A-Z]|[a-z])+$', 'can start with the same character'],
    ['(x(a|A))+', 'can start with the same character'],
    ['\\d+\\d+$', 'repetitions in a row'],
    ['.*\\s*.*=', 'repetitions in a row'],
    ['a*a*a*b', 'repetitions in a row'],
    ['(a)\\1', 'backreferences'],
    ['(?<q>a)\\k<q>', 'backreferences'],
  ])('%s', (pattern, why) => {
    expect(() => compileSafeRegex(pattern)).toThrow(RegexRefusedError);
    expect(() => compileSafeRegex(pattern)).toThrow(why);
  });

  it('refuses (a+)+$ in a rule, so it never runs against a long name', () => {
    let err: unknown;
    try {
      compileExpression('file.name MATCHES "(a+)+$"');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DslError);
    expect((err as DslError).col).toBe(19);
    expect(() => compileExpression('file.name.matches("(a+)+$")')).toThrow(DslError);
    // The same shape written safely is accepted and answers at once on the input that would hang.
    const safe = compileExpression('file.name MATCHES "a+$"');
    expect(safe.test(record(`${'a'.repeat(50_000)}!.md`))).toBe(false);
  });

  it('refuses invalid and overlong patterns with the reason', () => {
    expect(() => compileSafeRegex('[a-')).toThrow(/invalid regular expression "\[a-"/);
    expect(() => compileSafeRegex('a'.repeat(1001))).toThrow(/too long/);
  });
});

describe('ordinary patterns are accepted', () => {
  it.each([
    '^Screenshot',
    '\\d{4}-\\d{2}-\\d{2}',
    '(\\w+\\s)+$',
    '(\\.[a-z]+)+$',
    '^.*\\.pdf$',
    '(jpg|png)+',
    '(\\d{1,3}\\.){3}\\d{1,3}',
    '[a-z]+@[a-z]+\\.com',
    'report|invoice',
    '^\\s*#',
    '(?:ab)+',
    'TODO:?\\s',
    '\\p{L}+',
    '^(?!draft).*',
    '[^/]+/[^/]+',
  ])('%s', (pattern) => {
    expect(compileSafeRegex(pattern)).toBeInstanceOf(RegExp);
  });

  it('answers quickly enough on the inputs that break naive patterns (a hang guard)', () => {
    const re = compileSafeRegex('(\\w+\\s)+$');
    expect(boundedTest(re, 'word '.repeat(10_000) + '!')).toBe(false);
  });
});

describe('matching is bounded', () => {
  it(`looks at the first ${MAX_REGEX_INPUT} characters only`, () => {
    const long = 'a'.repeat(MAX_REGEX_INPUT) + 'needle';
    expect(boundedTest(compileSafeRegex('needle'), long)).toBe(false);
    expect(boundedTest(compileSafeRegex('^a{10}'), long)).toBe(true);
    expect(boundedTest(compileSafeRegex('needle'), 'a'.repeat(MAX_REGEX_INPUT - 6) + 'needle')).toBe(true);
  });

  it('is case-insensitive', () => {
    expect(boundedTest(compileSafeRegex('^screenshot'), 'Screenshot 1.png')).toBe(true);
  });
});
