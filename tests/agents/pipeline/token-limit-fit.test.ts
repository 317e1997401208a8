// The Task agent's token limit on any mix of notes: what is kept fits, nothing is dropped that
// would still fit beside what was kept, and the most relevant notes are kept first. Before, one
// note larger than the limit (a long current note) took every smaller note dropped before it down
// too, so the model got nothing at all.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContextNote, ContextSource } from '../../../src/agents/pipeline/pipeline-context';
import { fitTokenLimit } from '../../../src/agents/pipeline/task-context';

const SOURCES: ContextSource[] = ['link', 'folder', 'scout', 'manual', 'current'];

const notes = fc.uniqueArray(
  fc.record({ name: fc.stringMatching(/^[a-z]{1,8}$/), source: fc.constantFrom(...SOURCES), depth: fc.integer({ min: 1, max: 3 }), score: fc.double({ min: 0, max: 1, noNaN: true }), tokens: fc.integer({ min: 1, max: 20_000 }) }),
  { selector: (n) => n.name, maxLength: 12 },
).map((list) =>
  list.map(
    (n): ContextNote => ({
      path: `${n.name}.md`,
      source: n.source,
      why: [],
      tokens: n.tokens,
      ...(n.source === 'link' ? { depth: n.depth } : {}),
      ...(n.source === 'scout' ? { score: n.score } : {}),
    }),
  ),
);

describe('fitting the Task context to its token limit', () => {
  it('keeps what fits, drops only what cannot fit beside it, and keeps order', () => {
    fc.assert(
      fc.property(notes, fc.integer({ min: 3000, max: 40_000 }), (all, limit) => {
        const { kept, dropped } = fitTokenLimit(all, limit);
        const used = kept.reduce((s, n) => s + n.tokens, 0);
        expect(used).toBeLessThanOrEqual(limit);
        for (const d of dropped) expect(used + d.tokens).toBeGreaterThan(limit);
        expect([...kept.map((n) => n.path), ...dropped.map((d) => d.path)].sort()).toEqual(all.map((n) => n.path).sort());
        expect(kept).toEqual(all.filter((n) => kept.includes(n)));
        if (all.reduce((s, n) => s + n.tokens, 0) <= limit) expect(dropped).toEqual([]);
      }),
    );
  });

  it('a current note over the limit goes alone; the small linked notes stay', () => {
    const current: ContextNote = { path: 'Journal.md', source: 'current', why: [], tokens: 50_000 };
    const links: ContextNote[] = ['A', 'B', 'C'].map((p) => ({ path: `${p}.md`, source: 'link', why: [], depth: 1, tokens: 500 }));
    const { kept, dropped } = fitTokenLimit([current, ...links], 16_000);
    expect(dropped.map((d) => d.path)).toEqual(['Journal.md']);
    expect(kept.map((n) => n.path)).toEqual(['A.md', 'B.md', 'C.md']);
  });

  it('still drops the least relevant first when all are of a size', () => {
    const list: ContextNote[] = [
      { path: 'Current.md', source: 'current', why: [], tokens: 2000 },
      { path: 'Near.md', source: 'link', why: [], depth: 1, tokens: 2000 },
      { path: 'Far.md', source: 'link', why: [], depth: 2, tokens: 2000 },
      { path: 'Mine.md', source: 'manual', why: [], tokens: 2000 },
    ];
    expect(fitTokenLimit(list, 5000).dropped.map((d) => d.path)).toEqual(['Far.md', 'Near.md']);
  });
});
