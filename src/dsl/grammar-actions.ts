// Postprocessors for grammar.ne: they turn nearley's match arrays into syntax tree nodes. Kept
// out of the grammar file so the generated grammar.ts is only tables, and so these are typed.

import type { Token } from './lexer';
import type {
  AndNode,
  ArrayNode,
  CallNode,
  CompareNode,
  CompareOp,
  ExprNode,
  InNode,
  LiteralNode,
  MatchesNode,
  NotNode,
  OrNode,
  RefNode,
  Segment,
  SizeUnit,
  SourcePos,
  StringNode,
  TestNode,
  ValueNode,
} from './ast';

type Match = unknown[];

function tok(d: Match, i: number): Token {
  return d[i] as Token;
}

function node<T>(d: Match, i: number): T {
  return d[i] as T;
}

export function posOf(t: Token): SourcePos {
  return { line: t.line, col: t.col, offset: t.offset };
}

const UNITS: Record<string, { unit: SizeUnit; factor: number }> = {
  b: { unit: 'B', factor: 1 },
  kb: { unit: 'KB', factor: 1024 },
  mb: { unit: 'MB', factor: 1024 ** 2 },
  gb: { unit: 'GB', factor: 1024 ** 3 },
  tb: { unit: 'TB', factor: 1024 ** 4 },
};

/**
 * `\"`, `\\`, `\n` and `\t` are escapes; a backslash before anything else stays as written, so
 * regular expressions read naturally: `"\d{4}"` is the pattern `\d{4}`.
 */
export function unescapeString(quoted: string): string {
  return quoted.slice(1, -1).replace(/\\(.)/gu, (whole, c: string) => {
    switch (c) {
      case '"':
        return '"';
      case '\\':
        return '\\';
      case 'n':
        return '\n';
      case 't':
        return '\t';
      default:
        return whole;
    }
  });
}

export function or(d: Match): OrNode {
  const left = node<ExprNode>(d, 0);
  return { type: 'or', left, right: node<ExprNode>(d, 2), at: left.at };
}

export function and(d: Match): AndNode {
  const left = node<ExprNode>(d, 0);
  return { type: 'and', left, right: node<ExprNode>(d, 2), at: left.at };
}

export function not(d: Match): NotNode {
  return { type: 'not', operand: node<ExprNode>(d, 1), at: posOf(tok(d, 0)) };
}

export function group(d: Match): ExprNode {
  return node<ExprNode>(d, 1);
}

export function test(d: Match): TestNode {
  const value = node<ValueNode>(d, 0);
  return { type: 'test', value, at: value.at };
}

export function compare(d: Match): CompareNode {
  const left = node<ValueNode>(d, 0);
  const op = tok(d, 1);
  return { type: 'compare', op: op.value as CompareOp, left, right: node<ValueNode>(d, 2), opAt: posOf(op), at: left.at };
}

export function inList(d: Match): InNode {
  const left = node<ValueNode>(d, 0);
  return { type: 'in', left, list: node<ArrayNode>(d, 2), at: left.at };
}

export function matches(d: Match): MatchesNode {
  const left = node<ValueNode>(d, 0);
  return { type: 'matches', left, pattern: stringLiteral([d[2]]), at: left.at };
}

export function refStart(d: Match): RefNode {
  const t = tok(d, 0);
  const at = posOf(t);
  return { type: 'ref', segments: [{ name: t.value, bracket: false, at }], at };
}

export function refDot(d: Match): RefNode {
  const ref = node<RefNode>(d, 0);
  const t = tok(d, 2);
  const segment: Segment = { name: t.value, bracket: false, at: posOf(t) };
  return { ...ref, segments: [...ref.segments, segment] };
}

export function refBracket(d: Match): RefNode {
  const ref = node<RefNode>(d, 0);
  const t = tok(d, 2);
  const segment: Segment = { name: unescapeString(t.value), bracket: true, at: posOf(tok(d, 1)) };
  return { ...ref, segments: [...ref.segments, segment] };
}

export function call(d: Match): CallNode {
  const callee = node<RefNode>(d, 0);
  const args = d.length === 4 ? node<ValueNode[]>(d, 2) : [];
  return { type: 'call', callee, args, at: callee.at };
}

export function listStart(d: Match): ValueNode[] {
  return [node<ValueNode>(d, 0)];
}

export function listMore(d: Match): ValueNode[] {
  return [...node<ValueNode[]>(d, 0), node<ValueNode>(d, 2)];
}

export function array(d: Match): ArrayNode {
  const items = d.length === 3 ? node<ValueNode[]>(d, 1) : [];
  return { type: 'array', items, at: posOf(tok(d, 0)) };
}

export function stringLiteral(d: Match): StringNode {
  const t = tok(d, 0);
  // Paths and note text are compared in NFC (file-records.ts): a rule typed with decomposed
  // accents, as some keyboards give them, means the same text.
  return { type: 'string', value: unescapeString(t.value).normalize('NFC'), at: posOf(t) };
}

export function literal(d: Match): LiteralNode {
  const t = tok(d, 0);
  const at = posOf(t);
  switch (t.type) {
    case 'number':
      return { type: 'number', value: Number(t.value), raw: t.value, at };
    case 'size': {
      const m = /^([\d.]+)([a-z]+)$/iu.exec(t.value);
      const amount = m?.[1] ?? '0';
      const unit = UNITS[(m?.[2] ?? 'b').toLowerCase()] ?? { unit: 'B', factor: 1 };
      return { type: 'size', amount, unit: unit.unit, bytes: Number(amount) * unit.factor, at };
    }
    case 'date':
      return { type: 'date', text: t.value, at };
    case 'kw_true':
      return { type: 'boolean', value: true, at };
    case 'kw_false':
      return { type: 'boolean', value: false, at };
    default:
      return { type: 'null', at };
  }
}
