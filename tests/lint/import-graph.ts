// The import graph of the source tree, read from the files' import and export lines: which layer
// each file imports values and types from, and the circles among value imports. A type-only import
// (`import type`, or an import whose every name is `type X`) is erased by the compiler and shapes
// no load order, so it takes part in neither check.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

export interface ImportEdge {
  from: string;
  to: string;
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(\{[^}]*\}|\*\s+as\s+\w+|\w+(?:\s*,\s*\{[^}]*\})?|\*)?\s*(?:from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...sourceFiles(root, rel));
    else if (name.endsWith('.ts')) out.push(rel);
  }
  return out;
}

function resolve(root: string, from: string, spec: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const ext of ['.ts', '/index.ts']) if (existsSync(path.join(root, base + ext))) return base + ext;
  return null;
}

function typeOnly(typeKeyword: string | undefined, clause: string | undefined): boolean {
  if (typeKeyword) return true;
  if (!clause?.startsWith('{')) return false;
  const names = clause.slice(1, -1).split(',').map((n) => n.trim()).filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
}

/** Value imports between the `.ts` files under `dirs` (and `extra` files) of `root`. */
export function valueImports(root: string, dirs: readonly string[], extra: readonly string[] = []): ImportEdge[] {
  const files = [...dirs.flatMap((d) => sourceFiles(root, d)), ...extra.filter((f) => existsSync(path.join(root, f)))];
  const edges: ImportEdge[] = [];
  for (const from of files) {
    for (const m of readFileSync(path.join(root, from), 'utf8').matchAll(IMPORT)) {
      if (typeOnly(m[1], m[2])) continue;
      const to = resolve(root, from, m[3]!);
      if (to) edges.push({ from, to });
    }
  }
  return edges;
}

/** The layer a file belongs to: its folder under src/ (`src/search/keyword/x.ts` is `search`). */
export function layerOf(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'src' && parts.length > 2 ? parts[1]! : file;
}

/** Every circle of value imports (strongly connected components of more than one file). */
export function importCircles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const circle: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        circle.push(w);
      } while (w !== v);
      if (circle.length > 1) circles.push(circle.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return circles;
}
