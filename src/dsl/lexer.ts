// The rule language's lexer (moo). Whitespace is lexed and then dropped by the wrapper below, so
// the nearley grammar never mentions it: whitespace rules in an Earley grammar multiply the parse
// states and invite ambiguity. Keywords are case-insensitive; after a `.` the grammar accepts
// them as plain names (`file.name.matches(...)`, `file.frontmatter.in`).

import moo from 'moo';

const KEYWORDS = new Map<string, string>([
  ['and', 'kw_and'],
  ['or', 'kw_or'],
  ['not', 'kw_not'],
  ['in', 'kw_in'],
  ['matches', 'kw_matches'],
  ['true', 'kw_true'],
  ['false', 'kw_false'],
  ['null', 'kw_null'],
]);

/** Token types the grammar never accepts; the parser turns them into specific hints. */
export const TROUBLE_TOKENS = new Set(['unterminated', 'single_eq', 'bad_op', 'invalid']);

const mooLexer = moo.compile({
  ws: { match: /\s+/u, lineBreaks: true },
  string: /"(?:[^"\\\n]|\\.)*"/u,
  unterminated: /"(?:[^"\\\n]|\\.)*/u,
  date: /\d{4}-\d{2}-\d{2}(?![\p{L}\p{N}_-])/u,
  size: /\d+(?:\.\d+)?[kKmMgGtT]?[bB](?![\p{L}\p{N}_])/u,
  number: /-?\d+(?:\.\d+)?/u,
  ident: { match: /[\p{L}_][\p{L}\p{N}_-]*/u, type: (text: string) => KEYWORDS.get(text.toLowerCase()) ?? 'ident' },
  cmp: ['==', '!=', '>=', '<=', '>', '<'],
  single_eq: '=',
  bad_op: ['&&', '||', '!'],
  lparen: '(',
  rparen: ')',
  lbracket: '[',
  rbracket: ']',
  comma: ',',
  dot: '.',
  invalid: /./u,
});

export type Token = moo.Token;

/** The nearley-facing lexer: moo without whitespace tokens. */
export const lexer = {
  reset(chunk: string, state?: moo.LexerState): void {
    mooLexer.reset(chunk, state);
  },
  next(): moo.Token | undefined {
    let token = mooLexer.next();
    while (token?.type === 'ws') token = mooLexer.next();
    return token;
  },
  save(): moo.LexerState {
    return mooLexer.save();
  },
  formatError(token: moo.Token, message?: string): string {
    return mooLexer.formatError(token, message);
  },
  /** nearley asks whether a token type exists; moo's answer is always yes. */
  has(_type: string): boolean {
    return true;
  },
};

/** All non-whitespace tokens of `source`; the lexer never throws thanks to the `invalid` rule. */
export function tokenize(source: string): moo.Token[] {
  const tokens: moo.Token[] = [];
  lexer.reset(source);
  for (let t = lexer.next(); t; t = lexer.next()) tokens.push(t);
  return tokens;
}
