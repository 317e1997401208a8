// Literal values of the language and how a frontmatter value (whose type is only known per file)
// is compared with one.

import type { ValueNode } from './ast';
import { DslError } from './errors';
import type { CompileContext, LiteralValue, Operand } from './operand';
import { dateTextToDayKey, toDayKey, toNumber, toText } from './semantics';

function constant(literal: LiteralValue, node: ValueNode, label: string): Operand {
  const value = literal.value;
  return { type: literal.type, get: () => value, node, literal, label };
}

/** A literal node as an operand; anything else is refused with `what` in the message. */
export function literalOperand(node: ValueNode, _ctx: CompileContext): Operand {
  switch (node.type) {
    case 'string':
      return constant({ type: 'string', value: node.value, lower: node.value.toLowerCase() }, node, JSON.stringify(node.value));
    case 'number':
      return constant({ type: 'number', value: node.value }, node, node.raw);
    case 'size':
      return constant({ type: 'number', value: node.bytes }, node, `${node.amount}${node.unit}`);
    case 'date': {
      const day = dateTextToDayKey(node.text);
      if (day === null) throw DslError.at(`${node.text} is not a date: write a real day as YYYY-MM-DD`, node.at);
      return constant({ type: 'date', value: day }, node, node.text);
    }
    case 'boolean':
      return constant({ type: 'boolean', value: node.value }, node, String(node.value));
    case 'null':
      return constant({ type: 'null', value: null }, node, 'null');
    default:
      throw DslError.at('expected a value written out: a text in quotes, a number, a size, a date, true, false or null', node.at);
  }
}

/** A frontmatter value equals a literal when it converts to the literal's type and is equal. */
export function anyEqualsLiteral(v: unknown, literal: LiteralValue): boolean {
  switch (literal.type) {
    case 'string': {
      const t = toText(v);
      return t !== null && t.toLowerCase() === literal.lower;
    }
    case 'number':
      return toNumber(v) === literal.value;
    case 'date':
      return toDayKey(v) === literal.value;
    case 'boolean':
      return v === literal.value;
    case 'null':
      return v === null || v === undefined;
  }
}

/** `anyEqualsLiteral` with the literal's type decided once, for hot loops. */
export function literalEquality(literal: LiteralValue): (v: unknown) => boolean {
  switch (literal.type) {
    case 'string': {
      const lower = literal.lower;
      return (v) => {
        if (typeof v === 'string') return v.toLowerCase() === lower;
        return (typeof v === 'number' || typeof v === 'boolean') && String(v).toLowerCase() === lower;
      };
    }
    case 'number': {
      const n = literal.value;
      return (v) => (typeof v === 'number' ? v === n : toNumber(v) === n);
    }
    case 'date': {
      const d = literal.value;
      return (v) => toDayKey(v) === d;
    }
    case 'boolean': {
      const b = literal.value;
      return (v) => v === b;
    }
    case 'null':
      return (v) => v === null || v === undefined;
  }
}
