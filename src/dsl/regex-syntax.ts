// A small parser for JavaScript regular expressions (Unicode mode), enough to reason about how a
// pattern backtracks: which characters each part can match, how long it is, what repeats what.
// Syntax errors are left to the RegExp constructor, which runs first.

import { CharSet } from './char-set';

export type RegexNode =
  | { kind: 'chars'; set: CharSet; start: number; end: number }
  | { kind: 'seq'; items: RegexNode[]; start: number; end: number }
  | { kind: 'alt'; branches: RegexNode[]; start: number; end: number }
  | { kind: 'group'; body: RegexNode; start: number; end: number }
  | { kind: 'look'; body: RegexNode; start: number; end: number }
  | { kind: 'anchor'; start: number; end: number }
  | { kind: 'backref'; start: number; end: number }
  | { kind: 'quant'; body: RegexNode; min: number; max: number; start: number; end: number };

class RegexReader {
  pos = 0;
  /** Inside a class, folding waits until the whole class is read, so ranges stay ranges. */
  private inClass = false;
  constructor(
    readonly src: string,
    readonly ignoreCase: boolean,
  ) {}

  peek(n = 0): string {
    return this.src[this.pos + n] ?? '';
  }

  eat(s: string): boolean {
    if (this.src.startsWith(s, this.pos)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }

  /** Reads one code point. */
  codePoint(): number {
    const cp = this.src.codePointAt(this.pos) ?? 0;
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }

  alternation(): RegexNode {
    const start = this.pos;
    const branches = [this.sequence()];
    while (this.eat('|')) branches.push(this.sequence());
    if (branches.length === 1 && branches[0]) return branches[0];
    return { kind: 'alt', branches, start, end: this.pos };
  }

  sequence(): RegexNode {
    const start = this.pos;
    const items: RegexNode[] = [];
    while (this.pos < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      items.push(this.quantified(this.atom()));
    }
    return { kind: 'seq', items, start, end: this.pos };
  }

  quantified(atom: RegexNode): RegexNode {
    let min: number;
    let max: number;
    const c = this.peek();
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/u.exec(this.src.slice(this.pos));
      if (!m) return atom;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' || m[3] === undefined ? Infinity : Number(m[3]);
      this.pos += m[0].length - 1;
    } else return atom;
    this.pos++;
    this.eat('?'); // lazy or greedy backtrack the same amount in the worst case
    return { kind: 'quant', body: atom, min, max, start: atom.start, end: this.pos };
  }

  /** Consumes the opening of (?=, (?!, (?<= or (?<! after the parenthesis. */
  isLookaround(): boolean {
    if (this.peek() !== '?') return false;
    const behind = this.peek(1) === '<' ? 1 : 0;
    const sign = this.peek(1 + behind);
    if (sign !== '=' && sign !== '!') return false;
    this.pos += 2 + behind;
    return true;
  }

  atom(): RegexNode {
    const start = this.pos;
    const c = this.peek();
    if (c === '(') {
      this.pos++;
      let look = false;
      if (this.eat('?:')) look = false;
      else if (this.isLookaround()) look = true;
      else if (this.eat('?<')) this.pos = this.src.indexOf('>', this.pos) + 1;
      const body = this.alternation();
      this.eat(')');
      return { kind: look ? 'look' : 'group', body, start, end: this.pos };
    }
    if (c === '[') return { kind: 'chars', set: this.charClass(), start, end: this.pos };
    if (c === '^' || c === '$') {
      this.pos++;
      return { kind: 'anchor', start, end: this.pos };
    }
    if (c === '.') {
      this.pos++;
      return { kind: 'chars', set: CharSet.dot(), start, end: this.pos };
    }
    if (c === '\\') {
      const n = this.peek(1);
      if (n === 'b' || n === 'B') {
        this.pos += 2;
        return { kind: 'anchor', start, end: this.pos };
      }
      if (/[1-9]/u.test(n) || (n === 'k' && this.peek(2) === '<')) {
        this.pos += 2;
        if (n === 'k') this.pos = this.src.indexOf('>', this.pos) + 1;
        else while (/\d/u.test(this.peek())) this.pos++;
        return { kind: 'backref', start, end: this.pos };
      }
      return { kind: 'chars', set: this.escape(), start, end: this.pos };
    }
    const set = CharSet.of(this.codePoint());
    return { kind: 'chars', set: this.ignoreCase ? set.caseFolded() : set, start, end: this.pos };
  }

  /** After a backslash outside or inside a class: the set of characters the escape stands for. */
  escape(): CharSet {
    this.pos++; // the backslash
    const c = this.peek();
    this.pos++;
    switch (c) {
      case 'd':
        return CharSet.digit();
      case 'D':
        return CharSet.digit().complement();
      case 'w':
        return CharSet.word();
      case 'W':
        return CharSet.word().complement();
      case 's':
        return CharSet.space();
      case 'S':
        return CharSet.space().complement();
      case 'p':
      case 'P':
        // Unicode properties: assume they can match anything, which is the cautious answer.
        this.pos = this.src.indexOf('}', this.pos) + 1;
        return CharSet.all();
      case 'n':
        return CharSet.of(10);
      case 'r':
        return CharSet.of(13);
      case 't':
        return CharSet.of(9);
      case 'f':
        return CharSet.of(12);
      case 'v':
        return CharSet.of(11);
      case '0':
        return CharSet.of(0);
      case 'c':
        return CharSet.of(this.codePoint() % 32);
      case 'x': {
        const cp = parseInt(this.src.slice(this.pos, this.pos + 2), 16);
        this.pos += 2;
        return this.folded(CharSet.of(cp));
      }
      case 'u': {
        let cp: number;
        if (this.eat('{')) {
          const close = this.src.indexOf('}', this.pos);
          cp = parseInt(this.src.slice(this.pos, close), 16);
          this.pos = close + 1;
        } else {
          cp = parseInt(this.src.slice(this.pos, this.pos + 4), 16);
          this.pos += 4;
        }
        return this.folded(CharSet.of(cp));
      }
      default:
        this.pos--;
        return this.folded(CharSet.of(this.codePoint()));
    }
  }

  folded(set: CharSet): CharSet {
    return this.ignoreCase && !this.inClass ? set.caseFolded() : set;
  }

  charClass(): CharSet {
    this.pos++; // [
    this.inClass = true;
    const negated = this.eat('^');
    let set = CharSet.none();
    while (this.pos < this.src.length && this.peek() !== ']') {
      const lo = this.classAtom();
      if (this.peek() === '-' && this.peek(1) !== ']' && lo.single !== null) {
        this.pos++;
        const hi = this.classAtom();
        set = set.union(hi.single !== null ? CharSet.range(lo.single, hi.single) : lo.set.union(hi.set));
      } else set = set.union(lo.set);
    }
    this.eat(']');
    this.inClass = false;
    set = this.folded(set);
    return negated ? set.complement() : set;
  }

  classAtom(): { set: CharSet; single: number | null } {
    if (this.peek() === '\\') {
      const before = this.pos;
      const set = this.peek(1) === 'b' ? ((this.pos += 2), CharSet.of(8)) : this.escape();
      const single = set.singleCodePoint();
      return { set, single: /^\\[dDwWsSpP]/u.test(this.src.slice(before)) ? null : single };
    }
    const cp = this.codePoint();
    return { set: CharSet.of(cp), single: cp };
  }
}

export function parseRegexSyntax(pattern: string, ignoreCase: boolean): RegexNode {
  return new RegexReader(pattern, ignoreCase).alternation();
}
