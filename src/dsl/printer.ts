// Prints a syntax tree back as an expression: keywords in capitals, single spaces, and only the
// parentheses the precedence needs. Parsing the printed text gives the same tree (a property test
// checks it), which is what lets `reeve rules check` show a normalized expression.

import type { ExprNode, RefNode, StringNode, ValueNode } from './ast';

const LEVEL: Record<ExprNode['type'], number> = {
  or: 1,
  and: 2,
  not: 3,
  compare: 4,
  in: 4,
  matches: 4,
  test: 4,
};

export function quoteString(value: string): string {
  let out = '"';
  for (const c of value) {
    if (c === '"') out += '\\"';
    else if (c === '\\') out += '\\\\';
    else if (c === '\n') out += '\\n';
    else if (c === '\t') out += '\\t';
    else out += c;
  }
  return out + '"';
}

function printRef(ref: RefNode): string {
  let out = '';
  for (const [i, segment] of ref.segments.entries()) {
    if (segment.bracket) out += `[${quoteString(segment.name)}]`;
    else out += i === 0 ? segment.name : `.${segment.name}`;
  }
  return out;
}

export function printValue(value: ValueNode): string {
  switch (value.type) {
    case 'ref':
      return printRef(value);
    case 'call':
      return `${printRef(value.callee)}(${value.args.map(printValue).join(', ')})`;
    case 'string':
      return quoteString(value.value);
    case 'number':
      return value.raw;
    case 'size':
      return `${value.amount}${value.unit}`;
    case 'date':
      return value.text;
    case 'boolean':
      return value.value ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'array':
      return `[${value.items.map(printValue).join(', ')}]`;
  }
}

function printAt(expr: ExprNode, minLevel: number): string {
  const text = printExpression(expr);
  return LEVEL[expr.type] < minLevel ? `(${text})` : text;
}

function printString(s: StringNode): string {
  return quoteString(s.value);
}

export function printExpression(expr: ExprNode): string {
  switch (expr.type) {
    case 'or':
      return `${printAt(expr.left, 1)} OR ${printAt(expr.right, 2)}`;
    case 'and':
      return `${printAt(expr.left, 2)} AND ${printAt(expr.right, 3)}`;
    case 'not':
      return `NOT ${printAt(expr.operand, 3)}`;
    case 'compare':
      return `${printValue(expr.left)} ${expr.op} ${printValue(expr.right)}`;
    case 'in':
      return `${printValue(expr.left)} IN ${printValue(expr.list)}`;
    case 'matches':
      return `${printValue(expr.left)} MATCHES ${printString(expr.pattern)}`;
    case 'test':
      return printValue(expr.value);
  }
}
