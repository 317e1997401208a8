import { describe, expect, it } from 'vitest';
import { backlinkIndex, backlinksOf, buildLinkGraph } from '../../../src/vault-vfs/links/link-graph';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import type { NoteMetadata } from '../../../src/vault-vfs/metadata-types';

function graphOf(notes: Record<string, string>, attachments: string[] = []) {
  const metas = new Map<string, NoteMetadata>(Object.entries(notes).map(([p, t]) => [p, parseMarkdown(t)]));
  return buildLinkGraph([...Object.keys(notes), ...attachments], (p) => metas.get(p) ?? null);
}

describe('buildLinkGraph', () => {
  const graph = graphOf(
    {
      'Home.md': '---\nup: "[[Index]]"\n---\n[[A]] [[A#Part|again]] ![[pic.png]] [x](Sub/B.md) [[Missing#H]] [[missing]] [[#Local]]',
      'Sub/B.md': '[[Home]] ![[Home#^blk]] `[[Ignored]]`',
      'A.md': 'nothing',
      'Index.md': '',
    },
    ['pic.png', 'other.pdf'],
  );

  it('counts links, embeds and frontmatter links per target', () => {
    expect(graph.resolved['Home.md']).toEqual({ 'Index.md': 1, 'A.md': 2, 'pic.png': 1, 'Sub/B.md': 1, 'Home.md': 1 });
    expect(graph.resolved['Sub/B.md']).toEqual({ 'Home.md': 2 });
  });

  it('keys unresolved links by path as written, without subpath', () => {
    expect(graph.unresolved['Home.md']).toEqual({ Missing: 1, missing: 1 });
    expect(graph.unresolved['Sub/B.md']).toEqual({});
  });

  it('has an entry for every note and none for other files', () => {
    expect(Object.keys(graph.resolved).sort()).toEqual(['A.md', 'Home.md', 'Index.md', 'Sub/B.md']);
    expect(graph.resolved['A.md']).toEqual({});
    expect(graph.resolved['pic.png']).toBeUndefined();
  });

  it('gives backlinks, a self-link included', () => {
    expect(backlinksOf(graph, 'Home.md')).toEqual(['Home.md', 'Sub/B.md']);
    expect(backlinksOf(graph, 'pic.png')).toEqual(['Home.md']);
    expect(backlinksOf(graph, 'other.pdf')).toEqual([]);
    const index = backlinkIndex(graph);
    expect(index.get('A.md')).toEqual(['Home.md']);
    expect(index.get('Home.md')).toEqual(['Home.md', 'Sub/B.md']);
  });

  it('copes with file names that are Object prototype keys', () => {
    const g = graphOf({ '__proto__.md': '[[constructor]]', 'constructor.md': '[[__proto__]] [[toString]]' });
    expect(g.resolved['__proto__.md']).toEqual({ 'constructor.md': 1 });
    expect(g.unresolved['constructor.md']).toEqual({ toString: 1 });
  });
});
