# The rule language. Compile with `node scripts/gen-grammar.mjs` (nearleyc) into grammar.ts,
# which is committed and never edited by hand. The lexer drops whitespace, so no rule here
# mentions it. Precedence, loosest first: OR, AND, NOT, then comparisons. The grammar is
# unambiguous: every input has at most one parse (tests/dsl check it).

@preprocessor typescript

@{%
import { lexer } from './lexer';
import * as b from './grammar-actions';
%}

@lexer lexer

expression -> or {% id %}

or -> or %kw_or and {% b.or %}
    | and {% id %}

and -> and %kw_and not {% b.and %}
     | not {% id %}

not -> %kw_not not {% b.not %}
     | primary {% id %}

primary -> %lparen or %rparen {% b.group %}
         | value {% b.test %}
         | value %cmp value {% b.compare %}
         | value %kw_in array {% b.inList %}
         | value %kw_matches %string {% b.matches %}

value -> ref {% id %}
       | ref %lparen %rparen {% b.call %}
       | ref %lparen values %rparen {% b.call %}
       | literal {% id %}
       | array {% id %}

ref -> %ident {% b.refStart %}
     | ref %dot name {% b.refDot %}
     | ref %lbracket %string %rbracket {% b.refBracket %}

# After a dot, keywords are plain names: file.name.matches("x"), file.frontmatter.in
name -> %ident {% id %}
      | %kw_and {% id %}
      | %kw_or {% id %}
      | %kw_not {% id %}
      | %kw_in {% id %}
      | %kw_matches {% id %}
      | %kw_true {% id %}
      | %kw_false {% id %}
      | %kw_null {% id %}

array -> %lbracket %rbracket {% b.array %}
       | %lbracket values %rbracket {% b.array %}

values -> value {% b.listStart %}
        | values %comma value {% b.listMore %}

literal -> %string {% b.stringLiteral %}
         | %number {% b.literal %}
         | %size {% b.literal %}
         | %date {% b.literal %}
         | %kw_true {% b.literal %}
         | %kw_false {% b.literal %}
         | %kw_null {% b.literal %}
