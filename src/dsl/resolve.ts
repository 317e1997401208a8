// Turns a name as written (`file.modified_at`, `file.tags.count`, `file.name.STARTSWITH("x")`)
// into what it means, or an error that says what is wrong and suggests the likely name.

import type { CallNode, RefNode, Segment, ValueNode } from './ast';
import { DslError } from './errors';
import {
  COUNT,
  FIELD_ALIASES,
  FIELD_NAMES,
  METHOD_NAMES,
  lookupField,
  lookupFunction,
  lookupMethod,
  type FieldSpec,
  type MethodName,
} from './fields';
import { closest, didYouMean, nameKey } from './suggest';

/** A field of the file, or one frontmatter key. */
export type Base = { kind: 'field'; spec: FieldSpec } | { kind: 'frontmatter'; key: string };

export type Access =
  | { kind: 'value'; base: Base }
  | { kind: 'count'; base: Base }
  | { kind: 'method'; base: Base; method: MethodName; args: ValueNode[] }
  | { kind: 'similarity'; args: ValueNode[] };

function fieldSuggestion(name: string): string {
  const alias = FIELD_ALIASES[name.toLowerCase()];
  if (alias !== undefined) return `; did you mean file.${alias}?`;
  return didYouMean(name, FIELD_NAMES, (c) => `file.${c}`);
}

function written(segments: Segment[]): string {
  return segments.map((s, i) => (s.bracket ? `[${JSON.stringify(s.name)}]` : i === 0 ? s.name : `.${s.name}`)).join('');
}

function resolveBase(ref: RefNode, segments: Segment[]): { base: Base; rest: Segment[] } {
  const [root, field, ...rest] = segments;
  if (root === undefined) throw DslError.at('expected a name', ref.at);
  if (nameKey(root.name) !== 'file') {
    if (lookupFunction(root.name)) {
      throw DslError.at(`${root.name} needs a query in parentheses, e.g. vector_similarity("taxes") > 0.5`, root.at);
    }
    const asField = lookupField(root.name)?.name ?? FIELD_ALIASES[root.name.toLowerCase()];
    const hint = asField !== undefined ? `; did you mean file.${asField}?` : closest(root.name, ['file']) !== null ? '; did you mean file?' : '';
    throw DslError.at(`unknown name ${root.name}: fields start with "file.", e.g. file.name${hint}`, root.at);
  }
  if (field === undefined) throw DslError.at('file needs a field, e.g. file.name or file.ext', root.at);
  const spec = lookupField(field.name);
  if (spec === undefined) throw DslError.at(`unknown field file.${field.name}${fieldSuggestion(field.name)}`, field.at);
  if (spec.name !== 'frontmatter') return { base: { kind: 'field', spec }, rest };
  const [key, ...after] = rest;
  if (key === undefined) {
    throw DslError.at('file.frontmatter needs a key, e.g. file.frontmatter.status or file.frontmatter["due date"]', field.at);
  }
  return { base: { kind: 'frontmatter', key: key.name }, rest: after };
}

function baseLabel(base: Base): string {
  return base.kind === 'field' ? `file.${base.spec.name}` : `file.frontmatter.${base.key}`;
}

/** A name used as a value (no parentheses): a field, a frontmatter key, or `.count`. */
export function resolveRef(ref: RefNode): Access {
  const { base, rest } = resolveBase(ref, ref.segments);
  const [next, ...extra] = rest;
  if (next === undefined) return { kind: 'value', base };
  if (nameKey(next.name) === COUNT && extra.length === 0 && !next.bracket) return { kind: 'count', base };
  const method = lookupMethod(next.name);
  if (method !== undefined) {
    throw DslError.at(`${method} needs parentheses and a value: ${baseLabel(base)}.${method}("...")`, next.at);
  }
  const more = extra.length > 0 ? ` (in ${written(ref.segments)})` : '';
  throw DslError.at(
    `unknown property .${next.name} of ${baseLabel(base)}${more}; values have .count (lists) and the methods ${METHOD_NAMES.join(', ')}${didYouMean(next.name, [COUNT, ...METHOD_NAMES])}`,
    next.at,
  );
}

/** A call: a method of a field (`file.name.startsWith("x")`) or a function (`vector_similarity("q")`). */
export function resolveCall(call: CallNode): Access {
  const segments = call.callee.segments;
  const last = segments[segments.length - 1];
  if (last === undefined) throw DslError.at('expected a name before "("', call.at);
  if (segments.length === 1) {
    if (lookupFunction(last.name)) return { kind: 'similarity', args: call.args };
    throw DslError.at(`unknown function ${last.name}; the only function is vector_similarity("query")${didYouMean(last.name, ['vector_similarity'])}`, last.at);
  }
  const { base, rest } = resolveBase(call.callee, segments.slice(0, -1));
  if (rest.length > 0) {
    const first = rest[0] ?? last;
    throw DslError.at(`unknown property .${first.name} of ${baseLabel(base)}; a method comes right after the field, e.g. ${baseLabel(base)}.contains("x")`, first.at);
  }
  const method = lookupMethod(last.name);
  if (method === undefined) {
    if (nameKey(last.name) === COUNT) throw DslError.at(`count is written without parentheses: ${baseLabel(base)}.count`, last.at);
    throw DslError.at(`unknown method .${last.name}() of ${baseLabel(base)}; methods are ${METHOD_NAMES.map((m) => `.${m}()`).join(' ')}${didYouMean(last.name, METHOD_NAMES, (m) => `.${m}()`)}`, last.at);
  }
  return { kind: 'method', base, method, args: call.args };
}
