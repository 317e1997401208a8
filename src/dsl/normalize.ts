// The canonical form of an expression: field, method and function names as the docs write them
// (`file.modifiedAt`, `.startsWith`, `vector_similarity`), frontmatter keys as written. Printed,
// it is what `reeve rules check` shows. Only called on expressions that compiled.

import type { ExprNode, RefNode, Segment, ValueNode } from './ast';
import { PLAIN_KEY, lookupField, lookupFunction, lookupMethod } from './fields';
import { nameKey } from './suggest';

function seg(name: string, at: Segment['at'], bracket = false): Segment {
  return { name, bracket, at };
}

function keySegment(s: Segment): Segment {
  return seg(s.name, s.at, !PLAIN_KEY.test(s.name));
}

function canonicalSegments(segments: Segment[], isCall: boolean): Segment[] {
  const [root, field, ...rest] = segments;
  if (root === undefined) return segments;
  const fn = segments.length === 1 && isCall ? lookupFunction(root.name) : undefined;
  if (fn !== undefined) return [seg(fn, root.at)];
  const out: Segment[] = [seg('file', root.at)];
  if (field === undefined) return out;
  const spec = lookupField(field.name);
  out.push(seg(spec?.name ?? field.name, field.at));
  let tail = rest;
  if (spec?.name === 'frontmatter' && rest[0] !== undefined) {
    out.push(keySegment(rest[0]));
    tail = rest.slice(1);
  }
  for (const s of tail) {
    const method = lookupMethod(s.name);
    out.push(seg(method ?? (nameKey(s.name) === 'count' ? 'count' : s.name), s.at));
  }
  return out;
}

function ref(node: RefNode, isCall: boolean): RefNode {
  return { ...node, segments: canonicalSegments(node.segments, isCall) };
}

function value(node: ValueNode): ValueNode {
  switch (node.type) {
    case 'ref':
      return ref(node, false);
    case 'call':
      return { ...node, callee: ref(node.callee, true), args: node.args.map(value) };
    case 'array':
      return { ...node, items: node.items.map(value) };
    default:
      return node;
  }
}

export function normalizeExpression(expr: ExprNode): ExprNode {
  switch (expr.type) {
    case 'or':
    case 'and':
      return { ...expr, left: normalizeExpression(expr.left), right: normalizeExpression(expr.right) };
    case 'not':
      return { ...expr, operand: normalizeExpression(expr.operand) };
    case 'compare':
      return { ...expr, left: value(expr.left), right: value(expr.right) };
    case 'in':
      return { ...expr, left: value(expr.left) };
    case 'matches':
      return { ...expr, left: value(expr.left) };
    case 'test':
      return { ...expr, value: value(expr.value) };
  }
}
