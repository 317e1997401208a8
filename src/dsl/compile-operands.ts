// Compiles the values of an expression (fields, literals, methods, vector_similarity) into typed
// getters over a FileRecord. Types are checked here, once, so a wrong rule fails at compile time
// rather than per file.

import type { CallNode, RefNode, ValueNode } from './ast';
import { DslError } from './errors';
import { describeType } from './fields';
import { textTest } from './text-access';
import { resolveCall, resolveRef, type Access, type Base } from './resolve';
import { RegexBudgetError } from './linear-regex';
import { compileSafeRegex, boundedTester, RegexRefusedError } from './safe-regex';
import {
  frontmatterLookup,
  hasLink,
  hasTag,
  linkQuery,
  localDayKey,
  tagQuery,
  toText,
} from './semantics';
import { anyEqualsLiteral, literalOperand } from './literals';
import type { CompileContext, Operand } from './operand';
import type { EvalScope, Predicate } from './eval-scope';
import type { FileRecord } from '../vault-vfs/file-record';

function baseOperand(base: Base, node: ValueNode, ctx: CompileContext): Operand {
  if (base.kind === 'frontmatter') {
    const key = base.key;
    const lookup = frontmatterLookup(key);
    return { type: 'any', get: (r) => lookup(r.frontmatter), node, label: `file.frontmatter.${key}` };
  }
  const spec = base.spec;
  const label = `file.${spec.name}`;
  if (spec.name === 'content') {
    ctx.usesContent = true;
    return { type: 'string', get: (r, s) => s.content(r), node, label };
  }
  const prop = spec.prop;
  if (prop === null) throw DslError.at(`${label} cannot be read`, node.at);
  if (spec.type === 'date') {
    // Runtime value: the local day; comparisons with a literal day use the milliseconds (prop).
    return { type: 'date', get: (r) => localDayKey(r[prop] as number), prop, node, label };
  }
  const op: Operand = { type: spec.type, get: (r) => r[prop], prop, node, label };
  if (spec.lowerCase === true) op.lowerCase = true;
  if (spec.listKind !== undefined) op.listKind = spec.listKind;
  return op;
}

function countOperand(base: Base, node: ValueNode, ctx: CompileContext): Operand {
  const inner = baseOperand(base, node, ctx);
  const label = `${inner.label}.count`;
  if (inner.type === 'list') {
    const get = inner.get as (r: FileRecord) => string[];
    return { type: 'number', get: (r) => get(r).length, node, label };
  }
  if (inner.type === 'any') {
    const get = inner.get;
    // A frontmatter list counts its items; a missing key counts 0; any other value counts 1.
    return { type: 'number', get: (r, s) => { const v = get(r, s); return Array.isArray(v) ? v.length : v === null ? 0 : 1; }, node, label };
  }
  throw DslError.at(`${inner.label} is ${describeType(inner.type)}; .count works on lists (file.tags, file.links, file.backlinks) and frontmatter lists`, node.at);
}

function stringArg(args: ValueNode[], what: string, at: CallNode): { value: string; node: ValueNode } {
  const [arg, extra] = args;
  if (arg === undefined || extra !== undefined) {
    throw DslError.at(`${what} takes one value in quotes, e.g. ${what.replace('()', '("x")')}`, extra?.at ?? at.at);
  }
  if (arg.type !== 'string') throw DslError.at(`the argument of ${what} must be a text in quotes`, arg.at);
  return { value: arg.value, node: arg };
}

function regexFrom(pattern: string, node: ValueNode): RegExp {
  try {
    return compileSafeRegex(pattern);
  } catch (e) {
    if (e instanceof RegexRefusedError) throw DslError.at(e.message, node.at);
    throw e;
  }
}

/** A test of one text or list value against a pattern; shared by MATCHES and .matches(). */
export function regexTest(target: Operand, pattern: string, patternNode: ValueNode): Predicate {
  const test = unnamedRegexTest(target, pattern, patternNode);
  // Past its step budget a test stops; the refusal names the file it stopped on.
  return (r, s) => {
    try {
      return test(r, s);
    } catch (e) {
      if (e instanceof RegexBudgetError) throw new RegexBudgetError(e.pattern, e.length, r.path);
      throw e;
    }
  };
}

function unnamedRegexTest(target: Operand, pattern: string, patternNode: ValueNode): Predicate {
  // The engine is chosen once here, not per file (see boundedTester).
  const test = boundedTester(regexFrom(pattern, patternNode));
  const get = target.get;
  const prop = target.prop;
  switch (target.type) {
    case 'string':
      if (prop !== undefined) return (r) => test(r[prop] as string);
      return (r, s) => test(get(r, s) as string);
    case 'list':
      return (r, s) => (get(r, s) as string[]).some((v) => test(v));
    case 'any':
      return (r, s) => {
        const v = get(r, s);
        const items: unknown[] = Array.isArray(v) ? v : [v];
        return items.some((item) => { const t = toText(item); return t !== null && test(t); });
      };
    default:
      throw DslError.at(`${target.label} is ${describeType(target.type)}; MATCHES and .matches() work on texts and lists`, target.node.at);
  }
}

function methodOperand(access: Extract<Access, { kind: 'method' }>, node: CallNode, ctx: CompileContext): Operand {
  const target = baseOperand(access.base, node, ctx);
  const what = `.${access.method}()`;
  const label = `${target.label}${what}`;
  const get = target.get;
  const done = (fn: Predicate): Operand => ({ type: 'boolean', get: fn, node, label });
  if (access.method === 'matches') {
    const arg = stringArg(access.args, what, node);
    return done(regexTest(target, arg.value, arg.node));
  }
  if (access.method === 'contains' && target.type === 'any') {
    const [arg, extra] = access.args;
    if (arg === undefined || extra !== undefined) throw DslError.at(`${what} takes one value`, node.at);
    const lit = literalOperand(arg, ctx);
    if (lit.literal === undefined || lit.type === 'null') throw DslError.at('the argument of .contains() must be a value written out: a text, number, date or true/false', arg.at);
    const item = lit.literal;
    // In a frontmatter text, the argument is looked for as written: contains(2024), contains(2024-01-31).
    const needle = (arg.type === 'string' ? arg.value : arg.type === 'number' ? arg.raw : arg.type === 'date' ? arg.text : arg.type === 'size' ? `${arg.amount}${arg.unit}` : String(item.value)).toLowerCase();
    return done((r, s) => {
      const v = get(r, s);
      if (Array.isArray(v)) return v.some((e) => anyEqualsLiteral(e, item));
      const t = typeof v === 'string' ? v.toLowerCase() : null;
      return t !== null && t.includes(needle);
    });
  }
  const arg = stringArg(access.args, what, node);
  const q = arg.value.toLowerCase();
  if (target.type === 'list') {
    if (access.method !== 'contains') throw DslError.at(`${target.label} is a list; use .contains("x"), .count or IN [...]`, node.at);
    const list = get as (r: FileRecord) => string[];
    if (target.listKind === 'tags') {
      const tag = tagQuery(arg.value);
      return done((r) => hasTag(list(r), tag));
    }
    const link = linkQuery(arg.value);
    return done((r) => hasLink(list(r), link));
  }
  if (target.type !== 'string' && target.type !== 'any') {
    throw DslError.at(`${target.label} is ${describeType(target.type)}; ${what} works on texts and lists`, node.at);
  }
  if (target.type === 'string') return done(textTest(target, access.method, q));
  // A frontmatter value: only texts answer.
  const text = (r: FileRecord, s: EvalScope): string | null => { const v = get(r, s); return typeof v === 'string' ? v.toLowerCase() : null; };
  switch (access.method) {
    case 'contains':
      return done((r, s) => text(r, s)?.includes(q) ?? false);
    case 'startsWith':
      return done((r, s) => text(r, s)?.startsWith(q) ?? false);
    case 'endsWith':
      return done((r, s) => text(r, s)?.endsWith(q) ?? false);
  }
}

function similarityOperand(access: Extract<Access, { kind: 'similarity' }>, node: CallNode, ctx: CompileContext): Operand {
  const arg = stringArg(access.args, 'vector_similarity()', node);
  const query = arg.value.trim();
  if (query === '') throw DslError.at('vector_similarity needs a query, e.g. vector_similarity("taxes")', arg.node.at);
  if (!ctx.similarityQueries.includes(query)) ctx.similarityQueries.push(query);
  return { type: 'number', get: (r, s) => s.similarity(query, r), node, label: `vector_similarity("${query}")` };
}

export function compileOperand(node: ValueNode, ctx: CompileContext): Operand {
  switch (node.type) {
    case 'ref':
      return refOperand(node, ctx);
    case 'call': {
      const access = resolveCall(node);
      return access.kind === 'similarity' ? similarityOperand(access, node, ctx) : access.kind === 'method' ? methodOperand(access, node, ctx) : refOperand(node.callee, ctx);
    }
    case 'array':
      throw DslError.at('a list in brackets can only follow IN, e.g. file.ext IN ["png", "jpg"]', node.at);
    default:
      return literalOperand(node, ctx);
  }
}

function refOperand(node: RefNode, ctx: CompileContext): Operand {
  const access = resolveRef(node);
  if (access.kind === 'count') return countOperand(access.base, node, ctx);
  if (access.kind === 'value') return baseOperand(access.base, node, ctx);
  throw DslError.at('expected a value', node.at);
}

