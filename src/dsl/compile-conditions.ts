// Compiles comparisons, IN, MATCHES and bare values into predicates. Each operator is specialized
// by the operand types at compile time (text, number, date, frontmatter value), so evaluation
// does no type dispatch beyond what a frontmatter value needs.

import type { CompareNode, CompareOp, InNode, MatchesNode, TestNode } from './ast';
import { DslError } from './errors';
import { describeType, type FieldProp } from './fields';
import { compileOperand, regexTest } from './compile-operands';
import type { CompileContext, Operand } from './operand';
import { literalEquality, literalOperand } from './literals';
import { textInSet, textTest } from './text-access';
import { dayStartMs, hasLink, hasTag, linkQuery, nextDayStartMs, tagQuery, toBoolean, toDayKey, toNumber, toText } from './semantics';
import type { EvalScope, Predicate } from './eval-scope';
import type { FileRecord } from '../vault-vfs/file-record';

type Cmp = (a: number, b: number) => boolean;
const NUMERIC: Record<CompareOp, Cmp> = {
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '>': (a, b) => a > b,
  '<': (a, b) => a < b,
  '>=': (a, b) => a >= b,
  '<=': (a, b) => a <= b,
};
const FLIPPED: Record<CompareOp, CompareOp> = { '==': '==', '!=': '!=', '>': '<', '<': '>', '>=': '<=', '<=': '>=' };
const isOrdering = (op: CompareOp): boolean => op !== '==' && op !== '!=';

function mismatch(node: CompareNode, l: Operand, r: Operand): DslError {
  let hint = '';
  if (l.type === 'number' && r.type === 'string') hint = '; write numbers and sizes without quotes, e.g. 10MB';
  else if (l.type === 'date' && r.type === 'string') hint = '; write dates without quotes, e.g. 2024-01-31';
  else if (l.type === 'list' || r.type === 'list') {
    const list = l.type === 'list' ? l : r;
    hint = `; for lists use ${list.label}.contains("x"), ${list.label}.count or IN [...]`;
  }
  return DslError.at(`cannot compare ${l.label} (${describeType(l.type)}) with ${r.label} (${describeType(r.type)})${hint}`, r.node.at);
}

/** A date field against a literal day: bounds in milliseconds, no Date objects per file. */
function dateFieldVsDay(op: CompareOp, prop: FieldProp, day: number): Predicate {
  const start = dayStartMs(day);
  const end = nextDayStartMs(day);
  switch (op) {
    case '==':
      return (r) => { const t = r[prop] as number; return t >= start && t < end; };
    case '!=':
      return (r) => { const t = r[prop] as number; return t < start || t >= end; };
    case '>':
      return (r) => (r[prop] as number) >= end;
    case '>=':
      return (r) => (r[prop] as number) >= start;
    case '<':
      return (r) => (r[prop] as number) < start;
    case '<=':
      return (r) => (r[prop] as number) < end;
  }
}

/** A number field against a literal number, the property read inline. */
function numberFieldVsLiteral(op: CompareOp, prop: FieldProp, n: number): Predicate {
  switch (op) {
    case '>':
      return (r) => (r[prop] as number) > n;
    case '<':
      return (r) => (r[prop] as number) < n;
    case '>=':
      return (r) => (r[prop] as number) >= n;
    case '<=':
      return (r) => (r[prop] as number) <= n;
    case '==':
      return (r) => r[prop] === n;
    case '!=':
      return (r) => r[prop] !== n;
  }
}

function coerceTo(type: Operand['type']): (v: unknown) => unknown {
  switch (type) {
    case 'string':
      return (v) => { const t = toText(v); return t === null ? null : t.toLowerCase(); };
    case 'number':
      return toNumber;
    case 'date':
      return toDayKey;
    default:
      return toBoolean;
  }
}

function dynamicEquals(a: unknown, b: unknown): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  return a === b;
}

function dynamicOrder(op: CompareOp, a: unknown, b: unknown): boolean {
  const na = toNumber(a);
  const nb = toNumber(b);
  if (na !== null && nb !== null) return NUMERIC[op](na, nb);
  const da = toDayKey(a);
  const db = toDayKey(b);
  return da !== null && db !== null && NUMERIC[op](da, db);
}

export function compileCompare(node: CompareNode, ctx: CompileContext): Predicate {
  let l = compileOperand(node.left, ctx);
  let r = compileOperand(node.right, ctx);
  let op = node.op;
  if (l.type === 'list' || r.type === 'list') throw mismatch(node, l, r);
  // Keep the field on the left so each case below has one shape.
  if (l.literal !== undefined && r.literal === undefined) [l, r, op] = [r, l, FLIPPED[op]];
  const lg = l.get;
  const rg = r.get;
  const negate = op === '!=';
  if (l.type === 'null' || r.type === 'null') {
    const other = l.type === 'null' ? r : l;
    if (other.type !== 'any' && other.type !== 'null') {
      throw DslError.at(`${other.label} always has a value (${describeType(other.type)}); only frontmatter values can be null`, other.node.at);
    }
    if (isOrdering(op)) throw DslError.at(`null can only be compared with == or !=`, node.opAt);
    const og = other.get;
    return negate ? (f, s) => og(f, s) !== null : (f, s) => og(f, s) === null;
  }
  if (l.type === 'any' || r.type === 'any') {
    if (l.type === 'any' && r.type === 'any') {
      if (isOrdering(op)) return (f, s) => dynamicOrder(op, lg(f, s), rg(f, s));
      return negate ? (f, s) => !dynamicEquals(lg(f, s), rg(f, s)) : (f, s) => dynamicEquals(lg(f, s), rg(f, s));
    }
    const [anyOp, typed] = l.type === 'any' ? [l, r] : [r, l];
    if (isOrdering(op) && typed.type !== 'number' && typed.type !== 'date') {
      throw DslError.at(`${describeType(typed.type)} cannot be ordered with ${op}; compare with == or !=`, node.opAt);
    }
    if (typed.literal !== undefined && !isOrdering(op)) {
      const equals = literalEquality(typed.literal);
      const ag = anyOp.get;
      return negate ? (f, s) => !equals(ag(f, s)) : (f, s) => equals(ag(f, s));
    }
    const coerce = coerceTo(typed.type);
    const tg = typed.type === 'string' ? (f: FileRecord, s: EvalScope) => (typed.get(f, s) as string).toLowerCase() : typed.get;
    const ag = anyOp.get;
    const anyLeft = l.type === 'any';
    const cmp = isOrdering(op) ? NUMERIC[op] : null;
    return (f, s) => {
      const v = coerce(ag(f, s));
      if (v === null) return negate;
      const t = tg(f, s);
      if (cmp === null) return (v === t) !== negate;
      return anyLeft ? cmp(v as number, t as number) : cmp(t as number, v as number);
    };
  }
  if (l.type !== r.type) throw mismatch(node, l, r);
  switch (l.type) {
    case 'string': {
      if (isOrdering(op)) throw DslError.at(`texts cannot be ordered with ${op}; compare them with ==, !=, IN or MATCHES`, node.opAt);
      if (r.literal?.type === 'string') {
        const equal = textTest(l, 'eq', r.literal.lower);
        return negate ? (f, s) => !equal(f, s) : equal;
      }
      return (f, s) => ((lg(f, s) as string).toLowerCase() === (rg(f, s) as string).toLowerCase()) !== negate;
    }
    case 'boolean':
      if (isOrdering(op)) throw DslError.at(`true/false values cannot be ordered with ${op}; use == or !=`, node.opAt);
      return (f, s) => (lg(f, s) === rg(f, s)) !== negate;
    case 'date':
      if (l.prop !== undefined && r.literal?.type === 'date') return dateFieldVsDay(op, l.prop, r.literal.value);
      break;
    case 'number':
      if (l.prop !== undefined && r.literal?.type === 'number') return numberFieldVsLiteral(op, l.prop, r.literal.value);
      break;
  }
  const cmp = NUMERIC[op];
  return (f, s) => cmp(lg(f, s) as number, rg(f, s) as number);
}

export function compileIn(node: InNode, ctx: CompileContext): Predicate {
  const l = compileOperand(node.left, ctx);
  const items = node.list.items.map((item) => {
    const lit = item.type === 'ref' || item.type === 'call' || item.type === 'array' ? undefined : literalOperand(item, ctx).literal;
    if (lit === undefined) throw DslError.at('the list after IN may hold only values written out: texts, numbers, sizes, dates, true, false, null', item.at);
    if (l.type !== 'any' && l.type !== 'list' && lit.type !== l.type) {
      throw DslError.at(`${l.label} is ${describeType(l.type)}, but this item is ${describeType(lit.type)}`, item.at);
    }
    if (l.type === 'list' && lit.type !== 'string') throw DslError.at(`${l.label} holds texts; write the items in quotes`, item.at);
    return lit;
  });
  const get = l.get;
  switch (l.type) {
    case 'list': {
      const list = get as (r: FileRecord) => string[];
      const texts = items.map((i) => String(i.value));
      if (l.listKind === 'tags') {
        const queries = texts.map(tagQuery);
        return (r) => { const tags = list(r); return queries.some((q) => hasTag(tags, q)); };
      }
      const queries = texts.map(linkQuery);
      return (r) => { const links = list(r); return queries.some((q) => hasLink(links, q)); };
    }
    case 'any': {
      const tests = items.map(literalEquality);
      const anyItem = (e: unknown): boolean => tests.some((t) => t(e));
      return (r, s) => {
        const v = get(r, s);
        return Array.isArray(v) ? v.some(anyItem) : anyItem(v);
      };
    }
    case 'string':
      return textInSet(l, new Set(items.map((i) => (i.type === 'string' ? i.lower : ''))));
    case 'null':
      throw DslError.at('null cannot be looked up in a list; use == null', node.left.at);
    default: {
      const set = new Set(items.map((i) => i.value));
      return (r, s) => set.has(get(r, s) as number | boolean);
    }
  }
}

export function compileMatches(node: MatchesNode, ctx: CompileContext): Predicate {
  return regexTest(compileOperand(node.left, ctx), node.pattern.value, node.pattern);
}

export function compileTest(node: TestNode, ctx: CompileContext): Predicate {
  const v = compileOperand(node.value, ctx);
  const get = v.get;
  const prop = v.prop;
  if (v.type === 'boolean' && prop !== undefined) return (r) => r[prop] === true;
  if (v.type === 'boolean') return (r, s) => get(r, s) === true;
  if (v.type === 'any') return (r, s) => get(r, s) === true;
  if (v.node.type === 'call' && v.type === 'number') {
    throw DslError.at(`${v.label} gives a number from 0 to 1; compare it, e.g. ${v.label} > 0.5`, node.at);
  }
  if (v.type === 'list') throw DslError.at(`${v.label} is a list, not a condition; try ${v.label}.count > 0 or ${v.label}.contains("x")`, node.at);
  if (v.type === 'null') throw DslError.at('null alone is not a condition', node.at);
  throw DslError.at(`${v.label} is ${describeType(v.type)}, not a condition; compare it, e.g. ${v.label} ${v.type === 'string' ? '== "..."' : '> ...'}`, node.at);
}
