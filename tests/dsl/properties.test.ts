import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExprNode } from '../../src/dsl/ast';
import { compileExpression } from '../../src/dsl/compile';
import type { EvalScope } from '../../src/dsl/eval-scope';
import { DslError } from '../../src/dsl/errors';
import { parseExpression } from '../../src/dsl/parse';
import { printExpression } from '../../src/dsl/printer';
import { expressionText, fileRecord, tokenSoup } from './generators';
import { interpret } from './reference-interpreter';

/** The tree without source positions, which differ between a text and its printed form. */
function shape(ast: ExprNode): unknown {
  return JSON.parse(JSON.stringify(ast, (k, v: unknown) => (k === 'at' || k === 'opAt' ? undefined : v)));
}

/** A hang guard, not a speed test: a parse that takes this long is stuck. */
const HANG_MS = 2000;

function parsesOrExplains(input: string): void {
  const t0 = performance.now();
  try {
    parseExpression(input);
  } catch (e) {
    expect(e).toBeInstanceOf(DslError);
    const err = e as DslError;
    expect(err.line).toBeGreaterThanOrEqual(1);
    expect(err.col).toBeGreaterThanOrEqual(1);
  }
  try {
    compileExpression(input);
  } catch (e) {
    expect(e).toBeInstanceOf(DslError);
  }
  expect(performance.now() - t0).toBeLessThan(HANG_MS);
}

describe('any input gives a parse result or a DslError, never another exception', () => {
  it('on arbitrary strings', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 })), parsesOrExplains), { numRuns: 400 });
  });

  it('on sequences of real tokens', () => {
    fc.assert(fc.property(tokenSoup, parsesOrExplains), { numRuns: 600 });
  });

  it('on long inputs near the length limit', () => {
    const deep = '('.repeat(2000) + 'file.isHidden' + ')'.repeat(2000);
    const wide = Array.from({ length: 600 }, (_, i) => `file.size > ${i}`).join(' AND ');
    for (const input of [deep, wide, 'x'.repeat(20_000), '"'.repeat(5000)]) parsesOrExplains(input);
  });
});

describe('printing a parsed expression and parsing it again gives the same tree', () => {
  const roundTrips = (input: string): void => {
    let ast: ExprNode;
    try {
      ast = parseExpression(input);
    } catch {
      return;
    }
    const printed = printExpression(ast);
    expect(shape(parseExpression(printed))).toEqual(shape(ast));
    expect(printExpression(parseExpression(printed))).toBe(printed);
  };

  it('for well-typed expressions', () => {
    fc.assert(fc.property(expressionText, roundTrips), { numRuns: 500 });
  });

  it('for token soup that happens to parse', () => {
    fc.assert(fc.property(tokenSoup, roundTrips), { numRuns: 500 });
  });

  it('keeps the parentheses that change meaning', () => {
    expect(printExpression(parseExpression('a OR (b OR c)'))).toBe('a OR (b OR c)');
    expect(printExpression(parseExpression('(a OR b) AND c'))).toBe('(a OR b) AND c');
    expect(printExpression(parseExpression('NOT (a AND b)'))).toBe('NOT (a AND b)');
    expect(printExpression(parseExpression('((a)) or (b and c)'))).toBe('a OR b AND c');
  });
});

describe('compiled expressions agree with the reference interpreter', () => {
  it('on random expressions and random file records', () => {
    fc.assert(
      fc.property(expressionText, fc.array(fileRecord, { minLength: 1, maxLength: 8 }), (text, records) => {
        const compiled = compileExpression(text);
        const ast = parseExpression(text);
        const byPath = new Map(records.map((r) => [r.path, r]));
        // Content only for markdown, as evaluation provides it.
        const content = (r: { path: string; ext: string }): string => (r.ext === 'md' ? (byPath.get(r.path)?.text ?? '') : '');
        const similarity = (_q: string, r: { path: string }): number => byPath.get(r.path)?.sim ?? 0;
        const scope: EvalScope = { content, similarity };
        for (const record of records) {
          const got = compiled.test(record, scope);
          const want = interpret(ast, record, { content, similarity });
          if (got !== want) throw new Error(`${text}\n${JSON.stringify(record)}\ncompiled ${got}, reference ${want}`);
        }
      }),
      { numRuns: 1500 },
    );
  });
});
