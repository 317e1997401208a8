// The dependency rule of docs/architecture.md, checked on the real source tree: each layer imports
// values only from the layers below it, and no files import values from each other in a circle.
// The checker is first shown to catch both on a scratch tree, so a pass means something.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCircles, layerOf, valueImports } from './import-graph';

const root = path.resolve(import.meta.dirname, '..', '..');

/** What each layer may import values from (besides itself). */
const ALLOWED: Record<string, readonly string[]> = {
  binary: [],
  collections: [],
  'vault-vfs': ['binary', 'collections'],
  dsl: ['vault-vfs', 'binary', 'collections'],
  edits: ['vault-vfs', 'binary', 'collections'],
  search: ['vault-vfs', 'binary', 'collections'],
  agents: ['dsl', 'edits', 'search', 'vault-vfs', 'binary', 'collections'],
  settings: ['agents', 'dsl', 'edits', 'search', 'vault-vfs', 'binary', 'collections'],
  mcp: ['settings', 'agents', 'dsl', 'edits', 'search', 'vault-vfs', 'binary', 'collections'],
  cli: ['mcp', 'settings', 'agents', 'dsl', 'edits', 'search', 'vault-vfs', 'binary', 'collections'],
  views: ['mcp', 'settings', 'agents', 'dsl', 'edits', 'search', 'vault-vfs', 'binary', 'collections'],
};

function violations(edges: ReturnType<typeof valueImports>): string[] {
  return edges
    .filter((e) => e.from.startsWith('src/') && e.to.startsWith('src/'))
    .filter((e) => {
      const [a, b] = [layerOf(e.from), layerOf(e.to)];
      return a !== b && !(ALLOWED[a] ?? []).includes(b);
    })
    .map((e) => `${e.from} imports ${e.to}`);
}

describe('the dependency rule', () => {
  const scratch: string[] = [];
  afterAll(async () => {
    for (const d of scratch) await rm(d, { recursive: true, force: true });
  });

  it('catches a layer importing upward and a circle, and lets type-only imports be', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'reeve-layers-'));
    scratch.push(dir);
    const files: Record<string, string> = {
      'src/edits/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/edits/b.ts': "import { a } from './a';\nimport { x } from '../agents/x';\nexport const b = () => [a, x];\n",
      'src/agents/x.ts': "import type { Y } from '../views/y';\nexport const x: Y | 1 = 1;\n",
      'src/views/y.ts': "import { type X } from '../agents/x-types';\nimport { x } from '../agents/x';\nexport type Y = X;\nexport const y = x;\n",
      'src/agents/x-types.ts': 'export type X = number;\n',
    };
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await writeFile(path.join(dir, rel), text);
    }
    const edges = valueImports(dir, ['src']);
    expect(violations(edges)).toEqual(['src/edits/b.ts imports src/agents/x.ts']);
    expect(importCircles(edges)).toEqual([['src/edits/a.ts', 'src/edits/b.ts']]);
  });

  it('holds on the source tree: no upward import, no circle', () => {
    const edges = valueImports(root, ['src'], ['main.ts']);
    expect(edges.length).toBeGreaterThan(500);
    expect(violations(edges)).toEqual([]);
    expect(importCircles(edges)).toEqual([]);
  });
});
