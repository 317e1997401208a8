import { describe, expect, it } from 'vitest';
import type { ExprNode, ValueNode } from '../../src/dsl/ast';
import { compileExpression } from '../../src/dsl/compile';
import { DslError } from '../../src/dsl/errors';
import { MAX_EXPRESSION_LENGTH, parseExpression } from '../../src/dsl/parse';
import { NORMALIZED, TREES } from './samples';

function v(node: ValueNode): string {
  switch (node.type) {
    case 'ref':
      return node.segments.map((s) => s.name).join('.');
    case 'call':
      return `(call ${v(node.callee)})`;
    case 'number':
      return node.raw;
    default:
      return node.type;
  }
}

function tree(e: ExprNode): string {
  switch (e.type) {
    case 'or':
    case 'and':
      return `(${e.type} ${tree(e.left)} ${tree(e.right)})`;
    case 'not':
      return `(not ${tree(e.operand)})`;
    case 'compare':
      return `(${e.op} ${v(e.left)} ${v(e.right)})`;
    case 'in':
      return `(in ${v(e.left)})`;
    case 'matches':
      return `(matches ${v(e.left)})`;
    case 'test':
      return e.value.type === 'call' ? `(call ${v(e.value.callee)})` : v(e.value);
  }
}

function errorOf(source: string): DslError {
  try {
    compileExpression(source);
  } catch (e) {
    if (e instanceof DslError) return e;
    throw e;
  }
  throw new Error(`expected ${source} to be refused`);
}

describe('grammar: precedence NOT > AND > OR, left-associative', () => {
  it.each(TREES)('%s', (source, expected) => {
    expect(tree(parseExpression(source))).toBe(expected);
  });
});

describe('literals', () => {
  const literal = (source: string): ValueNode => {
    const e = parseExpression(`x == ${source}`);
    if (e.type !== 'compare') throw new Error('not a comparison');
    return e.right;
  };

  it('reads string escapes \\" \\\\ \\n \\t and keeps other backslashes for regexes', () => {
    expect(literal('"a\\"b\\\\c\\nd\\te"')).toMatchObject({ type: 'string', value: 'a"b\\c\nd\te' });
    expect(literal('"\\d{4}\\.pdf"')).toMatchObject({ type: 'string', value: '\\d{4}\\.pdf' });
  });

  it('reads sizes 1024-based, any unit case', () => {
    expect(literal('10KB')).toMatchObject({ type: 'size', bytes: 10240, unit: 'KB' });
    expect(literal('5mb')).toMatchObject({ bytes: 5 * 1024 ** 2, unit: 'MB' });
    expect(literal('1GB')).toMatchObject({ bytes: 1024 ** 3 });
    expect(literal('1.5kb')).toMatchObject({ bytes: 1536 });
    expect(literal('100B')).toMatchObject({ bytes: 100 });
    expect(literal('2TB')).toMatchObject({ bytes: 2 * 1024 ** 4 });
  });

  it('reads numbers, dates, booleans and null; keywords in any case', () => {
    expect(literal('-2.5')).toMatchObject({ type: 'number', value: -2.5 });
    expect(literal('2024-01-31')).toMatchObject({ type: 'date', text: '2024-01-31' });
    expect(literal('TRUE')).toMatchObject({ type: 'boolean', value: true });
    expect(literal('False')).toMatchObject({ type: 'boolean', value: false });
    expect(literal('NULL')).toMatchObject({ type: 'null' });
  });

  it('accepts keywords as names after a dot', () => {
    const e = parseExpression('file.frontmatter.in == 1 AND file.name.matches("x")');
    expect(tree(e)).toBe('(and (== file.frontmatter.in 1) (call file.name.matches))');
  });
});

describe('normalized form (what `reeve rules check` prints)', () => {
  it.each(NORMALIZED)('%s', (source, normalized) => {
    expect(compileExpression(source).normalized).toBe(normalized);
  });
});

describe('syntax errors say what was expected, after what, and where', () => {
  it.each([
    ['file.createdAt ==', "expected a value after '==' at 1:18"],
    ['file.size ==   ', "expected a value after '==' at 1:13"],
    ['file.size == AND file.isHidden', "expected a value after '==', found 'AND' at 1:14"],
    ['file.isHidden AND', "expected a condition after 'AND' at 1:18"],
    ['file.size 10', "expected an operator (== != > < >= <= IN MATCHES), AND or OR after 'size', found '10' at 1:11"],
    ['(file.isHidden', "expected an operator (== != > < >= <= IN MATCHES), AND, OR or ')' after 'isHidden' at 1:15"],
    ['file.ext IN ["a", "b"', "expected ',' or ']' after '\"b\"' at 1:22"],
    ['file.ext IN "pdf"', "expected '[' after 'IN', found '\"pdf\"' at 1:13"],
    ['file.name MATCHES', "expected a text in quotes after 'MATCHES' at 1:18"],
    ['file.ext = "pdf"', "use '==' to compare, not '=' at 1:10"],
    ['file.isHidden && file.size > 1', "use AND instead of '&&' at 1:15"],
    ['file.isHidden || file.size > 1', "use OR instead of '||' at 1:15"],
    ['!file.isHidden', "use NOT instead of '!' at 1:1"],
    ['file.name == "open', 'this text has no closing quote (") at 1:14'],
    ['file.size > 5 $', "unexpected character '$' at 1:15"],
    ['', 'the expression is empty: write a condition such as file.ext == "pdf" at 1:1'],
    ['   ', 'the expression is empty: write a condition such as file.ext == "pdf" at 1:1'],
    ['file.ext == "pdf"\nAND\nfile.size >', "expected a value after '>' at 3:12"],
    [') file.isHidden', "expected a condition, found ')' at 1:1"],
  ])('%j', (source, message) => {
    const err = errorOf(source);
    expect(err.message).toBe(message);
    expect(err.format()).toBe(`error: ${message}`);
  });

  it('refuses expressions over the length limit before parsing', () => {
    expect(errorOf('x'.repeat(MAX_EXPRESSION_LENGTH + 1)).message).toContain('too long');
  });
});
