// A plain interpreter of the rule language, written from docs/rules.md and independent of the
// compiler (it imports nothing from src/dsl but the tree types): it walks the tree for every file.
// The property tests check that compiled closures and this interpreter always agree.
import type { ExprNode, ValueNode, RefNode } from '../../src/dsl/ast';
import type { FileRecord } from '../../src/vault-vfs/file-record';

export interface ReferenceEnv {
  content(r: FileRecord): string;
  similarity(query: string, r: FileRecord): number;
}

type V =
  | { t: 'string'; v: string }
  | { t: 'number'; v: number }
  | { t: 'date'; v: number }
  | { t: 'boolean'; v: boolean }
  | { t: 'list'; v: string[]; tags: boolean }
  | { t: 'any'; v: unknown }
  | { t: 'null' };

const key = (s: string): string => s.toLowerCase().replace(/[_-]/g, '');

function day(ms: number): number {
  const d = new Date(ms);
  return d.getFullYear() * 10000 + (d.getMonth() + 1) * 100 + d.getDate();
}

function dayOfText(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (d.getFullYear() !== Number(m[1]) || d.getMonth() !== Number(m[2]) - 1 || d.getDate() !== Number(m[3])) return null;
  return Number(m[1]) * 10000 + Number(m[2]) * 100 + Number(m[3]);
}

const asText = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null);
const asNumber = (v: unknown): number | null =>
  typeof v === 'number' ? (Number.isFinite(v) ? v : null) : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null;
const asDay = (v: unknown): number | null => (typeof v === 'string' ? dayOfText(v.trim()) : v instanceof Date ? day(v.getTime()) : null);

function fm(r: FileRecord, k: string): unknown {
  if (!r.frontmatter) return null;
  if (k in r.frontmatter) return r.frontmatter[k] ?? null;
  const found = Object.keys(r.frontmatter).find((x) => x.toLowerCase() === k.toLowerCase());
  return found === undefined ? null : (r.frontmatter[found] ?? null);
}

function field(r: FileRecord, name: string, env: ReferenceEnv): V {
  switch (key(name)) {
    case 'name': return { t: 'string', v: r.name };
    case 'ext': return { t: 'string', v: r.ext };
    case 'path': return { t: 'string', v: r.path };
    case 'folder': return { t: 'string', v: r.folder };
    case 'mimetype': return { t: 'string', v: r.mimeType };
    case 'size': return { t: 'number', v: r.size };
    case 'modifiedat': return { t: 'date', v: day(r.mtime) };
    case 'createdat': return { t: 'date', v: day(r.ctime) };
    case 'ishidden': return { t: 'boolean', v: r.isHidden };
    case 'tags': return { t: 'list', v: r.tags, tags: true };
    case 'links': return { t: 'list', v: r.links, tags: false };
    case 'backlinks': return { t: 'list', v: r.backlinks, tags: false };
    case 'content': return { t: 'string', v: env.content(r) };
    default: throw new Error(`reference: unknown field ${name}`);
  }
}

/** The base value of a ref and what follows it (a property or method name). */
function base(r: FileRecord, ref: RefNode, env: ReferenceEnv): { value: V; rest: string[] } {
  const [, f, ...rest] = ref.segments.map((s) => s.name);
  if (f === undefined) throw new Error('reference: bare file');
  if (key(f) === 'frontmatter') {
    const [k, ...after] = rest;
    return { value: { t: 'any', v: fm(r, k ?? '') }, rest: after };
  }
  return { value: field(r, f, env), rest };
}

function tagHit(tags: string[], q: string): boolean {
  const x = q.replace(/^#/, '').toLowerCase();
  return tags.some((t) => t.toLowerCase() === x || t.toLowerCase().startsWith(x + '/'));
}

function linkHit(links: string[], q: string): boolean {
  const x = q.toLowerCase();
  return links.some((l) => {
    const p = l.toLowerCase();
    const n = p.split('/').pop() ?? p;
    return [p, n].some((c) => c === x || c === x + '.md');
  });
}

function regex(pattern: string, text: string): boolean {
  return new RegExp(pattern, 'iu').test(text.slice(0, 100_000));
}

function literal(node: ValueNode): V {
  switch (node.type) {
    case 'string': return { t: 'string', v: node.value };
    case 'number': return { t: 'number', v: node.value };
    case 'size': return { t: 'number', v: node.bytes };
    case 'date': return { t: 'date', v: dayOfText(node.text) ?? NaN };
    case 'boolean': return { t: 'boolean', v: node.value };
    case 'null': return { t: 'null' };
    default: throw new Error('reference: not a literal');
  }
}

/** A frontmatter value equal to a typed value, after conversion to its type. */
function anyEq(v: unknown, x: V): boolean {
  switch (x.t) {
    case 'string': { const t = asText(v); return t !== null && t.toLowerCase() === x.v.toLowerCase(); }
    case 'number': return asNumber(v) === x.v;
    case 'date': return asDay(v) === x.v;
    case 'boolean': return v === x.v;
    case 'null': return v === null || v === undefined;
    default: return false;
  }
}

function written(node: ValueNode | undefined): string {
  if (node === undefined) return '';
  switch (node.type) {
    case 'string': return node.value;
    case 'number': return node.raw;
    case 'date': return node.text;
    case 'size': return node.amount + node.unit;
    case 'boolean': return String(node.value);
    default: return '';
  }
}

function method(target: V, name: string, arg: V, argText: string): boolean {
  const m = key(name);
  if (m === 'matches') {
    const p = (arg as { v: string }).v;
    if (target.t === 'list') return target.v.some((s) => regex(p, s));
    if (target.t === 'any') return (Array.isArray(target.v) ? target.v : [target.v]).some((e) => { const t = asText(e); return t !== null && regex(p, t); });
    return regex(p, (target as { v: string }).v);
  }
  if (target.t === 'list') return target.tags ? tagHit(target.v, (arg as { v: string }).v) : linkHit(target.v, (arg as { v: string }).v);
  if (target.t === 'any') {
    if (m === 'contains' && Array.isArray(target.v)) return target.v.some((e) => anyEq(e, arg));
    if (typeof target.v !== 'string') return false;
  }
  const s = String((target as { v: unknown }).v).toLowerCase();
  const q = argText.toLowerCase();
  if (m === 'contains') return s.includes(q);
  if (m === 'startswith') return s.startsWith(q);
  return s.endsWith(q);
}

function value(node: ValueNode, r: FileRecord, env: ReferenceEnv): V {
  if (node.type === 'ref') {
    const { value: v, rest } = base(r, node, env);
    if (rest.length === 0) return v;
    if (v.t === 'list') return { t: 'number', v: v.v.length };
    const a = (v as { v: unknown }).v;
    return { t: 'number', v: Array.isArray(a) ? a.length : a === null ? 0 : 1 };
  }
  if (node.type === 'call') {
    const args = node.args.map((a) => literal(a));
    const segs = node.callee.segments;
    if (segs.length === 1) return { t: 'number', v: env.similarity((args[0] as { v: string }).v.trim(), r) };
    const callee: RefNode = { ...node.callee, segments: segs.slice(0, -1) };
    const m = segs[segs.length - 1]?.name ?? '';
    return { t: 'boolean', v: method(base(r, callee, env).value, m, args[0] ?? { t: 'null' }, written(node.args[0])) };
  }
  return literal(node);
}

function cmp(op: string, a: number, b: number): boolean {
  return op === '==' ? a === b : op === '!=' ? a !== b : op === '>' ? a > b : op === '<' ? a < b : op === '>=' ? a >= b : a <= b;
}

function compare(op: string, a: V, b: V): boolean {
  if (a.t === 'null' || b.t === 'null') {
    const other = a.t === 'null' ? b : a;
    const isNull = other.t === 'null' || (other.t === 'any' && (other.v === null || other.v === undefined));
    return op === '==' ? isNull : !isNull;
  }
  if (a.t === 'any' && b.t === 'any') {
    if (op === '==' || op === '!=') {
      const x = a.v, y = b.v;
      const eq = x === null || y === null ? x === y : typeof x === 'string' && typeof y === 'string' ? x.toLowerCase() === y.toLowerCase() : x === y;
      return op === '==' ? eq : !eq;
    }
    const [nx, ny] = [asNumber(a.v), asNumber(b.v)];
    if (nx !== null && ny !== null) return cmp(op, nx, ny);
    const [dx, dy] = [asDay(a.v), asDay(b.v)];
    return dx !== null && dy !== null && cmp(op, dx, dy);
  }
  if (a.t === 'any' || b.t === 'any') {
    const anyV = a.t === 'any' ? a.v : (b as { v: unknown }).v;
    const typed = a.t === 'any' ? b : a;
    if (op === '==') return anyEq(anyV, typed);
    if (op === '!=') return !anyEq(anyV, typed);
    const conv = typed.t === 'number' ? asNumber(anyV) : asDay(anyV);
    if (conv === null) return false;
    const t = (typed as { v: number }).v;
    return a.t === 'any' ? cmp(op, conv, t) : cmp(op, t, conv);
  }
  if (a.t === 'string' && b.t === 'string') return (a.v.toLowerCase() === b.v.toLowerCase()) === (op === '==');
  if (a.t === 'boolean' && b.t === 'boolean') return (a.v === b.v) === (op === '==');
  return cmp(op, (a as { v: number }).v, (b as { v: number }).v);
}

export function interpret(node: ExprNode, r: FileRecord, env: ReferenceEnv): boolean {
  switch (node.type) {
    case 'or': return interpret(node.left, r, env) || interpret(node.right, r, env);
    case 'and': return interpret(node.left, r, env) && interpret(node.right, r, env);
    case 'not': return !interpret(node.operand, r, env);
    case 'compare': return compare(node.op, value(node.left, r, env), value(node.right, r, env));
    case 'matches': return method(value(node.left, r, env), 'matches', { t: 'string', v: node.pattern.value }, node.pattern.value);
    case 'test': { const v = value(node.value, r, env); return (v.t === 'boolean' || v.t === 'any') && v.v === true; }
    case 'in': {
      const left = value(node.left, r, env);
      const items = node.list.items.map(literal);
      if (left.t === 'list') return items.some((i) => (left.tags ? tagHit(left.v, (i as { v: string }).v) : linkHit(left.v, (i as { v: string }).v)));
      if (left.t === 'any') return (Array.isArray(left.v) ? left.v : [left.v]).some((e) => items.some((i) => anyEq(e, i)));
      return items.some((i) => compare('==', left, i));
    }
  }
}
