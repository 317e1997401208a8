// Regular expressions in rules come from users and from models, and a pattern that backtracks
// catastrophically would hang Obsidian (JavaScript regexes cannot be interrupted). So patterns
// are checked when a rule is compiled, and refused when they have the shapes that blow up:
//   - a repetition of something that can itself match in more than one way, e.g. (a+)+, (a*)*,
//     (\w+\s?)+ -- unless each repetition starts or ends with a character nothing else in it can
//     match, as in (\w+\s)+ or (\.[a-z]+)+, which fixes where each repetition begins;
//   - alternatives that can start with the same character under a repetition: (a|a)*, (a|ab)+;
//   - two unbounded repetitions in a row that can match the same characters: \d+\d+, .*\s*.*;
//   - backreferences (\1, \k<name>).
// Matching itself never backtracks: patterns run on a linear-time engine (linear-regex.ts), so
// polynomial shapes that pass these checks (.*a.*a.*a.*b on a long note) cost at most the text's
// length times the pattern's size, under a step budget; and only the first MAX_REGEX_INPUT
// characters of a text are searched.

import type { CharSet as CharSetType } from './char-set';
import { CharSet } from './char-set';
import { LinearRegex } from './linear-regex';
import { REGEX_FLAGS } from './regex-flags';
import { parseRegexSyntax, type RegexNode } from './regex-syntax';

/** Characters of a text searched by MATCHES and .matches(); the rest is not looked at. */
export const MAX_REGEX_INPUT = 100_000;
export const MAX_PATTERN_LENGTH = 1_000;
export { REGEX_FLAGS } from './regex-flags';

export class RegexRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegexRefusedError';
  }
}

function minLen(n: RegexNode): number {
  switch (n.kind) {
    case 'chars':
      return 1;
    case 'seq':
      return n.items.reduce((sum, item) => sum + minLen(item), 0);
    case 'alt':
      return Math.min(...n.branches.map(minLen));
    case 'group':
      return minLen(n.body);
    case 'quant':
      return n.min * minLen(n.body);
    default:
      return 0;
  }
}

function maxLen(n: RegexNode): number {
  switch (n.kind) {
    case 'chars':
      return 1;
    case 'seq':
      return n.items.reduce((sum, item) => sum + maxLen(item), 0);
    case 'alt':
      return Math.max(...n.branches.map(maxLen));
    case 'group':
      return maxLen(n.body);
    case 'quant': {
      const body = maxLen(n.body);
      return body === 0 ? 0 : n.max === Infinity ? Infinity : n.max * body;
    }
    case 'backref':
      return Infinity;
    default:
      return 0;
  }
}

/** Every character the node can consume, anywhere in it. */
function charsOf(n: RegexNode): CharSetType {
  switch (n.kind) {
    case 'chars':
      return n.set;
    case 'seq':
      return n.items.reduce((set, item) => set.union(charsOf(item)), CharSet.none());
    case 'alt':
      return n.branches.reduce((set, b) => set.union(charsOf(b)), CharSet.none());
    case 'group':
    case 'quant':
      return charsOf(n.body);
    case 'backref':
      return CharSet.all();
    default:
      return CharSet.none();
  }
}

/** Characters the node can start with. */
function firstOf(n: RegexNode): CharSetType {
  switch (n.kind) {
    case 'chars':
      return n.set;
    case 'seq': {
      let set = CharSet.none();
      for (const item of n.items) {
        set = set.union(firstOf(item));
        if (minLen(item) > 0) break;
      }
      return set;
    }
    case 'alt':
      return n.branches.reduce((set, b) => set.union(firstOf(b)), CharSet.none());
    case 'group':
    case 'quant':
      return firstOf(n.body);
    case 'backref':
      return CharSet.all();
    default:
      return CharSet.none();
  }
}

/** The items of a sequence with plain groups opened up: (ab)c is a, b, c. */
function flatten(n: RegexNode): RegexNode[] {
  if (n.kind === 'seq') return n.items.flatMap(flatten);
  if (n.kind === 'group') return flatten(n.body);
  return [n];
}

/**
 * True when every repetition of `body` starts (or ends) with a single character that nothing else
 * in the body can match: the text then says where each repetition begins, so there is only one
 * way to split it.
 */
function isDelimited(body: RegexNode): boolean {
  const items = flatten(body).filter((i) => i.kind !== 'anchor' && i.kind !== 'look');
  const ends = [items[0], items[items.length - 1]];
  return ends.some((edge) => {
    if (edge?.kind !== 'chars') return false;
    const rest = items.filter((i) => i !== edge).reduce((set, i) => set.union(charsOf(i)), CharSet.none());
    return !edge.set.intersects(rest);
  });
}

class RiskFinder {
  constructor(private readonly pattern: string) {}

  private show(n: RegexNode): string {
    return this.pattern.slice(n.start, n.end);
  }

  find(n: RegexNode, repeated: boolean): string | null {
    switch (n.kind) {
      case 'backref':
        return `backreferences like "${this.show(n)}" can make matching take exponential time and are not allowed`;
      case 'quant': {
        if (n.max > 1 && minLen(n.body) !== maxLen(n.body) && !isDelimited(n.body)) {
          return `"${this.show(n)}" repeats something that can itself match in several ways, which can take exponential time; make each repetition start or end with a character nothing else in it matches, e.g. (\\w+\\s)+ rather than (\\w+\\s?)+, or drop the outer repetition: (a+)+ is a+`;
        }
        return this.find(n.body, repeated || n.max > 1);
      }
      case 'alt': {
        if (repeated) {
          const firsts = n.branches.map(firstOf);
          for (let i = 0; i < firsts.length; i++) {
            for (let j = i + 1; j < firsts.length; j++) {
              if (firsts[i]?.intersects(firsts[j] ?? CharSet.none())) {
                return `the alternatives in "${this.show(n)}" can start with the same character and are repeated, which can take exponential time; make the alternatives start differently`;
              }
            }
          }
        }
        for (const b of n.branches) {
          const found = this.find(b, repeated);
          if (found !== null) return found;
        }
        return null;
      }
      case 'seq':
        return this.adjacentRepeats(n) ?? this.findAll(n.items, repeated);
      case 'group':
      case 'look':
        return this.find(n.body, repeated);
      default:
        return null;
    }
  }

  private findAll(items: RegexNode[], repeated: boolean): string | null {
    for (const item of items) {
      const found = this.find(item, repeated);
      if (found !== null) return found;
    }
    return null;
  }

  /** \d+\d+, .*\s*.*: unbounded repetitions in a row that compete for the same characters. */
  private adjacentRepeats(seq: RegexNode): string | null {
    const items = flatten(seq);
    for (const [i, a] of items.entries()) {
      if (a.kind !== 'quant' || a.max !== Infinity) continue;
      const aChars = charsOf(a.body);
      for (const b of items.slice(i + 1)) {
        if (b.kind === 'quant' && b.max === Infinity && charsOf(b.body).intersects(aChars)) {
          return `"${this.pattern.slice(a.start, b.end)}" has repetitions in a row that can match the same characters, which can take very long on long texts; merge them into one`;
        }
        if (minLen(b) > 0) break;
      }
    }
    return null;
  }
}

/** Compiles a pattern from a rule, or throws RegexRefusedError saying why it is refused. */
export function compileSafeRegex(pattern: string): RegExp {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new RegexRefusedError(`the pattern is too long (${pattern.length} characters; at most ${MAX_PATTERN_LENGTH})`);
  }
  let re: RegExp;
  try {
    re = new RegExp(pattern, REGEX_FLAGS);
  } catch (e) {
    const why = (e instanceof Error ? e.message : String(e)).replace(/^.*: /u, '');
    throw new RegexRefusedError(`invalid regular expression "${pattern}": ${why.toLowerCase()}`);
  }
  const risk = new RiskFinder(pattern).find(parseRegexSyntax(pattern, true), false);
  if (risk !== null) throw new RegexRefusedError(`refused regular expression "${pattern}": ${risk}`);
  const tree = parseRegexSyntax(pattern, true);
  if (tries(tree) <= NATIVE_TRIES && maxLen(tree) <= NATIVE_WIDTH) linear.set(re, null);
  else {
    const d = degree(tree);
    linear.set(re, { engine: linearOf(pattern), nativeUpTo: d === Infinity ? 0 : Math.floor((NATIVE_STEPS / pattern.length) ** (1 / (d + 1))) });
  }
  return re;
}

/**
 * How many unbounded repetitions the pattern can stack (a bounded repetition counts its body as
 * many times as it may repeat); Infinity with a lookaround or a backreference. The patterns the
 * checks above let through cost the built-in engine at most about the pattern's length times the
 * text's length to the power (degree + 1), trying every start and every split of the stacked
 * repetitions (none can match in two ways: those are refused).
 */
function degree(n: RegexNode): number {
  switch (n.kind) {
    case 'seq':
      return n.items.reduce((sum, item) => sum + degree(item), 0);
    case 'alt':
      return Math.max(...n.branches.map(degree));
    case 'group':
      return degree(n.body);
    case 'quant':
      return n.max === Infinity ? 1 + degree(n.body) : n.max * degree(n.body);
    case 'look':
    case 'backref':
      return Infinity;
    default:
      return 0;
  }
}

/**
 * How many ways, at most, the pattern can try to match from one position: the product of its
 * bounded repetitions' ranges and the sum of its alternatives; Infinity for an unbounded
 * repetition or a lookaround. A pattern with a small number here costs the built-in engine at
 * most that many tries per position, so it may run there (faster); the others run on the
 * linear-time engine.
 */
function tries(n: RegexNode): number {
  switch (n.kind) {
    case 'seq':
      return n.items.reduce((p, item) => p * tries(item), 1);
    case 'alt':
      return n.branches.reduce((sum, b) => sum + tries(b), 0);
    case 'group':
      return tries(n.body);
    case 'quant':
      return n.max === Infinity ? Infinity : (n.max - n.min + 1) * tries(n.body) ** n.max;
    case 'look':
    case 'backref':
      return Infinity;
    default:
      return 1;
  }
}

/** Patterns that try at most this many ways per position, over at most this many characters, run on the built-in engine. */
const NATIVE_TRIES = 64;
const NATIVE_WIDTH = 256;

/**
 * Steps of the built-in engine a test may take at worst (a fraction of a millisecond): a text short
 * enough that the pattern's worst case (see degree) stays under it runs there, for all its
 * repetitions. A file name against ` \(\d+\)$` (9 characters, degree 1) runs there up to 149
 * characters: 7x faster than the linear-time engine, which costs the same on every text.
 */
const NATIVE_STEPS = 200_000;

/** Where a pattern that is not safe on the built-in engine for every text runs. */
interface Linear {
  engine: LinearRegex;
  /** Texts up to this length run on the built-in engine (see NATIVE_STEPS). */
  nativeUpTo: number;
}

/** The linear-time engine of each compiled pattern that needs one; null: the built-in one is safe. */
const linear = new WeakMap<RegExp, Linear | null>();

function linearOf(pattern: string): LinearRegex {
  try {
    return new LinearRegex(pattern);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    throw new RegexRefusedError(`refused regular expression "${pattern}": its repetition counts make it too large to match in bounded time; use smaller counts or + and *`);
  }
}

/**
 * Tests a text against a compiled rule pattern, looking at its first MAX_REGEX_INPUT characters:
 * on the built-in engine when the pattern is of bounded width (`^Screenshot`, `\d{4}-\d{2}`),
 * else on the linear-time engine, which throws RegexBudgetError past its step budget.
 */
export function boundedTest(re: RegExp, text: string): boolean {
  return boundedTester(re)(text);
}

/**
 * `boundedTest` of one pattern, its engine chosen once (a rule tests every file with it): the
 * built-in engine when the pattern is of bounded width, or the text short enough for its worst
 * case (NATIVE_STEPS); else the linear-time engine, which throws RegexBudgetError past its budget.
 */
export function boundedTester(re: RegExp): (text: string) => boolean {
  let known = linear.get(re);
  if (known === undefined) {
    known = { engine: linearOf(re.source), nativeUpTo: 0 };
    linear.set(re, known);
  }
  if (known === null) return (text) => re.test(text.length > MAX_REGEX_INPUT ? text.slice(0, MAX_REGEX_INPUT) : text);
  const { engine, nativeUpTo } = known;
  return (text) => {
    if (text.length <= nativeUpTo) return re.test(text);
    return engine.test(text.length > MAX_REGEX_INPUT ? text.slice(0, MAX_REGEX_INPUT) : text);
  };
}
