// Compiles an expression once into a closure over a FileRecord: the tree is walked here, never
// per file. The result says what evaluation must fetch first (note content, similarity scores).

import type { ExprNode } from './ast';
import type { FileRecord } from '../vault-vfs/file-record';
import { compileCompare, compileIn, compileMatches, compileTest } from './compile-conditions';
import type { CompileContext } from './operand';
import { NO_SCOPE, type EvalScope, type Predicate } from './eval-scope';
import { normalizeExpression } from './normalize';
import { parseExpression } from './parse';
import { printExpression } from './printer';

export interface CompiledExpression {
  /** The expression as given. */
  readonly source: string;
  readonly ast: ExprNode;
  /** Canonical names, capital keywords, minimal parentheses: what `reeve rules check` prints. */
  readonly normalized: string;
  /** True when the expression reads `file.content` (evaluation loads markdown text first). */
  readonly usesContent: boolean;
  /** The `vector_similarity` queries, each scored once per file before evaluation. */
  readonly similarityQueries: readonly string[];
  /**
   * Does the file match? `scope` supplies content and similarity scores; it is needed only when
   * `usesContent` or `similarityQueries` say so (matchRecords() builds it).
   */
  test(record: FileRecord, scope?: EvalScope): boolean;
  /** The bare compiled function, for hot loops that pass the scope themselves. */
  readonly predicate: Predicate;
}

/** `a OR b OR c` as [a, b, c]: one closure for the chain instead of one per operator. */
function chain(node: ExprNode, type: 'and' | 'or'): ExprNode[] {
  return node.type === type ? [...chain(node.left, type), ...chain(node.right, type)] : [node];
}

function anyOf(ps: Predicate[]): Predicate {
  const [a, b, c, d] = ps;
  if (a && b && ps.length === 2) return (r, s) => a(r, s) || b(r, s);
  if (a && b && c && ps.length === 3) return (r, s) => a(r, s) || b(r, s) || c(r, s);
  if (a && b && c && d && ps.length === 4) return (r, s) => a(r, s) || b(r, s) || c(r, s) || d(r, s);
  return (r, s) => ps.some((p) => p(r, s));
}

function allOf(ps: Predicate[]): Predicate {
  const [a, b, c, d] = ps;
  if (a && b && ps.length === 2) return (r, s) => a(r, s) && b(r, s);
  if (a && b && c && ps.length === 3) return (r, s) => a(r, s) && b(r, s) && c(r, s);
  if (a && b && c && d && ps.length === 4) return (r, s) => a(r, s) && b(r, s) && c(r, s) && d(r, s);
  return (r, s) => ps.every((p) => p(r, s));
}

function compileNode(node: ExprNode, ctx: CompileContext): Predicate {
  switch (node.type) {
    case 'or':
      return anyOf(chain(node, 'or').map((n) => compileNode(n, ctx)));
    case 'and':
      return allOf(chain(node, 'and').map((n) => compileNode(n, ctx)));
    case 'not': {
      const a = compileNode(node.operand, ctx);
      return (r, s) => !a(r, s);
    }
    case 'compare':
      return compileCompare(node, ctx);
    case 'in':
      return compileIn(node, ctx);
    case 'matches':
      return compileMatches(node, ctx);
    case 'test':
      return compileTest(node, ctx);
  }
}

/** Compiles a parsed expression; throws DslError for type errors, unknown names, refused regexes. */
export function compileAst(ast: ExprNode, source: string = printExpression(ast)): CompiledExpression {
  const ctx: CompileContext = { usesContent: false, similarityQueries: [] };
  const predicate = compileNode(ast, ctx);
  return {
    source,
    ast,
    normalized: printExpression(normalizeExpression(ast)),
    usesContent: ctx.usesContent,
    similarityQueries: ctx.similarityQueries,
    predicate,
    test: (record, scope = NO_SCOPE) => predicate(record, scope),
  };
}

/** Parses and compiles an expression; throws DslError (with line and column) when it is wrong. */
export function compileExpression(source: string): CompiledExpression {
  return compileAst(parseExpression(source), source);
}
