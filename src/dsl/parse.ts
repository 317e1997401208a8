// Parsing: tokens from the moo lexer, the tree from the nearley grammar, and, when the input does
// not parse, an error that says what was expected after which token and where.

import nearley from 'nearley';
import grammar from './grammar';
import { tokenize, type Token } from './lexer';
import { DslError } from './errors';
import type { ExprNode } from './ast';

/** Longer expressions are refused before parsing: no rule needs more, and parsing stays fast. */
export const MAX_EXPRESSION_LENGTH = 10_000;

const compiledGrammar = nearley.Grammar.fromCompiled(grammar);

const VALUE_TOKENS = new Set(['ident', 'string', 'number', 'size', 'date', 'kw_true', 'kw_false', 'kw_null', 'lbracket']);
const OPERATOR_TOKENS = new Set(['cmp', 'kw_in', 'kw_matches']);

interface SymbolLike {
  type?: string;
}

interface StateLike {
  rule: { symbols: (string | SymbolLike)[] };
  dot: number;
}

/** Token types that some parse state in the last column can accept next. */
function expectedTypes(parser: nearley.Parser, column: number): Set<string> {
  const table = (parser as unknown as { table: ({ states: StateLike[] } | undefined)[] }).table;
  const states = table[column]?.states ?? [];
  const types = new Set<string>();
  for (const state of states) {
    const next = state.rule.symbols[state.dot];
    if (next !== undefined && typeof next !== 'string' && next.type !== undefined) types.add(next.type);
  }
  return types;
}

/**
 * Says what fits next in words a person uses. Continuations of a name (`.`, `[`, `(`) are left
 * out unless nothing else fits: after `file.size` a person wants to hear "an operator".
 */
function describeExpected(types: Set<string>): string {
  const parts: string[] = [];
  const values = [...VALUE_TOKENS].filter((t) => types.has(t));
  if (types.has('kw_not')) parts.push('a condition');
  else if (values.length === 1 && values[0] === 'string') parts.push('a text in quotes');
  else if (values.some((t) => t !== 'lbracket')) parts.push('a value');
  if ([...OPERATOR_TOKENS].some((t) => types.has(t))) parts.push('an operator (== != > < >= <= IN MATCHES)');
  if (types.has('kw_and')) parts.push('AND');
  if (types.has('kw_or')) parts.push('OR');
  if (types.has('comma')) parts.push("','");
  if (types.has('rparen')) parts.push("')'");
  if (types.has('rbracket')) parts.push("']'");
  if (parts.length === 0) {
    if (types.has('lparen')) parts.push("'('");
    if (types.has('dot')) parts.push("'.'");
    if (types.has('lbracket')) parts.push("'['");
  }
  if (parts.length === 0) return 'the end of the expression';
  if (parts.length === 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1] ?? ''}`;
}

function show(token: Token): string {
  return token.type === 'unterminated' ? token.text : `'${token.text}'`;
}

function troubleMessage(token: Token): string | null {
  switch (token.type) {
    case 'unterminated':
      return 'this text has no closing quote (")';
    case 'single_eq':
      return "use '==' to compare, not '='";
    case 'bad_op':
      return `use ${token.text === '&&' ? 'AND' : token.text === '||' ? 'OR' : 'NOT'} instead of '${token.text}'`;
    case 'invalid':
      return `unexpected character '${token.text}'`;
    default:
      return null;
  }
}

/**
 * Hands nearley tokens that were already lexed, one per `feed` call, so positions stay those of
 * the whole expression (re-lexing chunk by chunk would restart offsets).
 */
class TokenFeed implements nearley.Lexer {
  private pending: Token | undefined;
  load(token: Token): void {
    this.pending = token;
  }
  reset(): void {
    // The chunk passed to feed() is ignored: the token was loaded before.
  }
  next(): Token | undefined {
    const t = this.pending;
    this.pending = undefined;
    return t;
  }
  save(): nearley.LexerState {
    return {};
  }
  formatError(token: Token, message?: string): string {
    return `${message ?? 'syntax error'} at ${token.line}:${token.col}`;
  }
  has(): boolean {
    return true;
  }
}

function endPos(source: string): { line: number; col: number } {
  const lines = source.split('\n');
  return { line: lines.length, col: (lines[lines.length - 1] ?? '').length + 1 };
}

/** Parses an expression into its syntax tree, or throws DslError saying what and where. */
export function parseExpression(source: string): ExprNode {
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new DslError(`the expression is too long (${source.length} characters; at most ${MAX_EXPRESSION_LENGTH})`, 1, 1);
  }
  const tokens = tokenize(source);
  if (tokens.length === 0) throw new DslError('the expression is empty: write a condition such as file.ext == "pdf"', 1, 1);
  const trouble = tokens.find((t) => troubleMessage(t) !== null);
  const feed = new TokenFeed();
  const parser = new nearley.Parser(compiledGrammar, { lexer: feed });
  let fed = 0;
  try {
    // Feeding token by token keeps the index of the token that failed.
    for (const token of tokens) {
      if (token === trouble) break;
      feed.load(token);
      parser.feed('');
      fed++;
    }
  } catch {
    // Falls through to the error below, with `fed` pointing at the offending token.
  }
  const bad = tokens[fed];
  // `results` stays undefined until the first successful feed.
  const results = (parser.results as ExprNode[] | undefined) ?? [];
  if (results.length > 1) {
    throw new Error(`internal error: the rule grammar is ambiguous for ${JSON.stringify(source)} (${results.length} parses)`);
  }
  const only = results[0];
  if (bad === undefined && only !== undefined) return only;
  const prev = fed > 0 ? tokens[fed - 1] : undefined;
  const after = prev ? ` after ${show(prev)}` : '';
  if (bad !== undefined) {
    const hint = troubleMessage(bad);
    if (hint !== null) throw new DslError(hint, bad.line, bad.col);
    const expected = describeExpected(expectedTypes(parser, fed));
    throw new DslError(`expected ${expected}${after}, found ${show(bad)}`, bad.line, bad.col);
  }
  // The input ended early: point just after the last token, whatever whitespace follows.
  const expected = describeExpected(expectedTypes(parser, fed));
  const end = prev ? { line: prev.line, col: prev.col + prev.text.length } : endPos(source);
  throw new DslError(`expected ${expected}${after}`, end.line, end.col);
}
