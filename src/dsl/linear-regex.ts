// A matcher for rule patterns whose work is bounded whatever the pattern: a Thompson NFA run as a
// Pike VM, which keeps each program state at most once per text position, so a test costs at most
// (text length x program size) steps instead of the exponential or polynomial backtracking of the
// built-in engine (`.*a.*a.*a.*b` on a 5,000-character note: minutes there, milliseconds here).
// Each character class is still decided by the built-in engine, one character at a time, so
// classes, escapes, `\p{...}` and case-insensitive matching mean exactly what they mean in
// JavaScript. Lookarounds run as sub-programs from their position (lookbehind backwards),
// remembered per position. A step budget per text is the last guard: past it the test stops with
// RegexBudgetError, which names the pattern, instead of hanging.
import { REGEX_FLAGS } from './regex-flags';
import { parseRegexSyntax, type RegexNode } from './regex-syntax';

/** Most program states a pattern may compile to (counted repetitions are unrolled). */
export const MAX_PROGRAM_SIZE = 20_000;
/** Most VM steps one test may take. */
export const STEP_BUDGET = 50_000_000;

export class RegexBudgetError extends Error {
  constructor(
    readonly pattern: string,
    readonly length: number,
    /** The file whose text it was, when the caller knows. */
    readonly path?: string,
  ) {
    super(`the pattern "${pattern}" needed more than ${STEP_BUDGET.toLocaleString('en')} steps on ${path === undefined ? 'a text' : path} (${length.toLocaleString('en')} characters); simplify it`);
    this.name = 'RegexBudgetError';
  }
}

type Inst =
  | { op: 'char'; test: (cp: number) => boolean; next: number }
  | { op: 'split'; a: number; b: number }
  | { op: 'assert'; kind: '^' | '$' | 'b' | 'B'; next: number }
  | { op: 'look'; start: number; backward: boolean; negate: boolean; next: number; memo: Map<number, boolean> }
  | { op: 'match' };

const WORD = new RegExp('^\\w$', REGEX_FLAGS);

function charTester(source: string): (cp: number) => boolean {
  const re = new RegExp(`^(?:${source})$`, REGEX_FLAGS);
  const ascii = new Int8Array(128);
  const other = new Map<number, boolean>();
  return (cp) => {
    if (cp < 128) {
      if (ascii[cp] === 0) ascii[cp] = re.test(String.fromCharCode(cp)) ? 1 : -1;
      return ascii[cp] === 1;
    }
    let hit = other.get(cp);
    if (hit === undefined) {
      hit = re.test(String.fromCodePoint(cp));
      if (other.size < 4096) other.set(cp, hit);
    }
    return hit;
  };
}

class Compiler {
  readonly prog: Inst[] = [];
  constructor(private readonly pattern: string) {}

  private emit(inst: Inst): number {
    if (this.prog.length >= MAX_PROGRAM_SIZE) throw new RangeError('program too large');
    this.prog.push(inst);
    return this.prog.length - 1;
  }

  /** Compiles `n` so that it continues at `next`; returns its entry. Backwards for lookbehind. */
  node(n: RegexNode, next: number, backward: boolean): number {
    switch (n.kind) {
      case 'chars':
        return this.emit({ op: 'char', test: charTester(this.pattern.slice(n.start, n.end)), next });
      case 'seq': {
        const items = backward ? n.items : [...n.items].reverse();
        let at = next;
        for (const item of items) at = this.node(item, at, backward);
        return at;
      }
      case 'alt': {
        const entries = n.branches.map((b) => this.node(b, next, backward));
        let at = entries[entries.length - 1] ?? next;
        for (let i = entries.length - 2; i >= 0; i--) at = this.emit({ op: 'split', a: entries[i] as number, b: at });
        return at;
      }
      case 'group':
        return this.node(n.body, next, backward);
      case 'anchor': {
        const src = this.pattern.slice(n.start, n.end);
        const kind = src === '^' ? '^' : src === '$' ? '$' : src === '\\b' ? 'b' : 'B';
        return this.emit({ op: 'assert', kind, next });
      }
      case 'look': {
        const head = this.pattern.slice(n.start, n.start + 4);
        const behind = head.startsWith('(?<');
        const negate = head[behind ? 3 : 2] === '!';
        const match = this.emit({ op: 'match' });
        const start = this.node(n.body, match, behind);
        return this.emit({ op: 'look', start, backward: behind, negate, next, memo: new Map() });
      }
      case 'quant':
        return this.quant(n, next, backward);
      case 'backref':
        throw new RangeError('backreference');
    }
  }

  private quant(n: Extract<RegexNode, { kind: 'quant' }>, next: number, backward: boolean): number {
    let at = next;
    if (n.max === Infinity) {
      // A loop: split to the body (which comes back to the split) or on.
      const loop = this.emit({ op: 'split', a: -1, b: next });
      const body = this.node(n.body, loop, backward);
      (this.prog[loop] as Extract<Inst, { op: 'split' }>).a = body;
      at = loop;
    } else {
      for (let i = n.min; i < n.max; i++) at = this.emit({ op: 'split', a: this.node(n.body, at, backward), b: at });
    }
    for (let i = 0; i < n.min; i++) at = this.node(n.body, at, backward);
    return at;
  }
}

/** A compiled pattern: `test(text)` tells whether it matches anywhere in the text. */
export class LinearRegex {
  private readonly prog: Inst[];
  private readonly start: number;
  private steps = 0;
  private text = '';
  /** Every match starts with `^`: a search need not start again after position 0. */
  private readonly startsAtZero: boolean;
  private readonly stack: number[] = [];

  /** Throws RangeError when the pattern cannot be made into a program of bounded size. */
  constructor(readonly pattern: string) {
    const c = new Compiler(pattern);
    const match = c.prog.length;
    c.prog.push({ op: 'match' });
    this.start = c.node(parseRegexSyntax(pattern, true), match, false);
    this.prog = c.prog;
    const entry = this.prog[this.start];
    this.startsAtZero = entry?.op === 'assert' && entry.kind === '^';
  }

  test(text: string): boolean {
    this.text = text;
    this.steps = 0;
    for (const inst of this.prog) if (inst.op === 'look') inst.memo.clear();
    return this.run(this.start, 0, false, this.startsAtZero);
  }

  private cpAt(pos: number, backward: boolean): number {
    if (!backward) return this.text.codePointAt(pos) ?? -1;
    if (pos <= 0) return -1;
    const low = this.text.charCodeAt(pos - 1);
    if (low >= 0xdc00 && low <= 0xdfff && pos >= 2) {
      const high = this.text.charCodeAt(pos - 2);
      if (high >= 0xd800 && high <= 0xdbff) return this.text.codePointAt(pos - 2) ?? -1;
    }
    return low;
  }

  private isWord(pos: number, backward: boolean): boolean {
    const cp = this.cpAt(pos, backward);
    return cp >= 0 && WORD.test(String.fromCodePoint(cp));
  }

  private holds(inst: Extract<Inst, { op: 'assert' }>, pos: number): boolean {
    switch (inst.kind) {
      case '^':
        return pos === 0;
      case '$':
        return pos === this.text.length;
      default:
        return (this.isWord(pos, true) !== this.isWord(pos, false)) === (inst.kind === 'b');
    }
  }

  private look(inst: Extract<Inst, { op: 'look' }>, pos: number): boolean {
    let hit = inst.memo.get(pos);
    if (hit === undefined) {
      hit = this.run(inst.start, pos, inst.backward, true);
      inst.memo.set(pos, hit);
    }
    return hit !== inst.negate;
  }

  /** Adds `pc` and what it leads to without reading a character; true when it reaches a match. */
  private add(list: number[], mark: Int32Array, gen: number, pc: number, pos: number): boolean {
    // Lookarounds run nested searches, so the shared stack is used from its current height up.
    const stack = this.stack;
    const base = stack.length;
    stack.push(pc);
    while (stack.length > base) {
      const at = stack.pop() as number;
      if (mark[at] === gen) continue;
      mark[at] = gen;
      if (++this.steps > STEP_BUDGET) throw new RegexBudgetError(this.pattern, this.text.length);
      const inst = this.prog[at] as Inst;
      switch (inst.op) {
        case 'match':
          stack.length = base;
          return true;
        case 'char':
          list.push(at);
          break;
        case 'split':
          stack.push(inst.b, inst.a);
          break;
        case 'assert':
          if (this.holds(inst, pos)) stack.push(inst.next);
          break;
        case 'look':
          if (this.look(inst, pos)) stack.push(inst.next);
          break;
      }
    }
    return false;
  }

  /** Runs from `pos`: anchored (only from there) or searching every later start. */
  private run(start: number, from: number, backward: boolean, anchored: boolean): boolean {
    const mark = new Int32Array(this.prog.length);
    let gen = 1;
    let current: number[] = [];
    let pos = from;
    if (this.add(current, mark, gen, start, pos)) return true;
    for (;;) {
      const cp = this.cpAt(pos, backward);
      if (cp < 0 || (backward ? pos <= 0 : pos >= this.text.length)) return false;
      const width = cp > 0xffff ? 2 : 1;
      pos += backward ? -width : width;
      gen++;
      const next: number[] = [];
      for (const at of current) {
        const inst = this.prog[at] as Extract<Inst, { op: 'char' }>;
        if (++this.steps > STEP_BUDGET) throw new RegexBudgetError(this.pattern, this.text.length);
        if (inst.test(cp) && this.add(next, mark, gen, inst.next, pos)) return true;
      }
      if (!anchored && this.add(next, mark, gen, start, pos)) return true;
      if (anchored && next.length === 0) return false;
      current = next;
    }
  }
}
