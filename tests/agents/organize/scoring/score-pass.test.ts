// The FileVyasa pass on hand-built folders whose scores can be worked out on paper (see the
// comments): a loose file is filed, a cohesive folder moves whole, a low-cohesion folder is split,
// two destinations over the bar are left to the agent, and every threshold is honoured.
import { describe, expect, it } from 'vitest';
import { FeatureSource } from '../../../../src/agents/organize/scoring/file-features';
import { scorePass } from '../../../../src/agents/organize/scoring/score-pass';
import { DEFAULT_THRESHOLDS, type ScoringThresholds } from '../../../../src/agents/organize/scoring/thresholds';
import type { FileRecord } from '../../../../src/vault-vfs/file-record';
import { note } from '../../../dsl/records';

const BREAD = [note('Inbox/Bread/Sourdough.md', 'sourdough bread flour starter bake'), note('Inbox/Bread/Rolls.md', 'bread rolls flour bake oven')];
const TRAVEL = [note('Inbox/Travel/Lisbon.md', 'lisbon tram city trip'), note('Inbox/Travel/Porto.md', 'porto city trip wine')];

async function pass(records: FileRecord[], thresholds: Partial<ScoringThresholds> = {}): Promise<Awaited<ReturnType<typeof scorePass>>> {
  return scorePass({ folder: 'Inbox', records, free: new Set(records.map((r) => r.path)), thresholds: { ...DEFAULT_THRESHOLDS, ...thresholds }, features: new FeatureSource() });
}

describe('the similarity pass', () => {
  it('files a loose note where it scores 0.90: name 1, content 0.75, type 1, path 1', async () => {
    // Content: the note's words {rye, bread, flour, bake} against the Bread folder's summed unit
    // vectors (bread, flour, bake 2/sqrt5 each; four more words 1/sqrt5): cosine 3/4.
    const r = await pass([...BREAD, ...TRAVEL, note('Inbox/Rye bread.md', 'rye bread flour bake'), note('Inbox/Misc idea.md', 'something unrelated entirely')]);
    expect(r.placements).toEqual([expect.objectContaining({ source: 'Inbox/Rye bread.md', into: 'Inbox/Bread', rule: 'similarity score' })]);
    expect(r.placements[0]?.reason).toContain('Inbox/Bread scores 0.90 (at least 0.80; name 1.00, content 0.75, type 1.00, path 1.00)');
    const left = r.candidates.get('Inbox/Misc idea.md') ?? [];
    expect(left.length).toBe(2);
    expect(left[0]?.score).toBeCloseTo(0.3, 10);
    expect(r.candidates.has('Inbox/Rye bread.md')).toBe(false);
  });

  it('does not file it when the bar is above its score', async () => {
    const r = await pass([...BREAD, ...TRAVEL, note('Inbox/Rye bread.md', 'rye bread flour bake')], { destinationScore: 0.91 });
    expect(r.placements).toEqual([]);
    expect(r.candidates.get('Inbox/Rye bread.md')?.[0]?.score).toBeCloseTo(0.9, 10);
  });

  it('leaves a file two destinations score over the bar to the agent', async () => {
    // Old/Bread is a copy of Bread two steps away: path 1/2, score 0.85; both are over 0.80.
    const copy = [note('Inbox/Old/Bread/Sourdough.md', 'sourdough bread flour starter bake'), note('Inbox/Old/Bread/Rolls.md', 'bread rolls flour bake oven')];
    const r = await pass([...BREAD, ...copy, note('Inbox/Rye bread.md', 'rye bread flour bake')]);
    expect(r.placements).toEqual([]);
    expect(r.candidates.get('Inbox/Rye bread.md')?.map((c) => [c.folder, Number(c.score.toFixed(2))])).toEqual([
      ['Inbox/Bread', 0.9],
      ['Inbox/Old/Bread', 0.85],
      ['Inbox/Old', 0.6],
    ]);
  });

  it('moves a cohesive folder whole: cohesion 0.72, destination 0.92', async () => {
    // Baking's two notes: names {bread, loaf} and {bread, bun} (cosine 1/2), texts 3 of 4 words
    // alike (3/4), same kind: (0.3 * 0.5 + 0.4 * 0.75 + 0.2) / 0.9 = 0.722.
    const baking = [note('Inbox/Baking/Bread loaf.md', 'bread flour bake loaf'), note('Inbox/Baking/Bread buns.md', 'bread flour bake buns')];
    const r = await pass([...BREAD, ...TRAVEL, ...baking]);
    expect(r.placements).toEqual([expect.objectContaining({ source: 'Inbox/Baking', into: 'Inbox/Bread', rule: 'similarity score (whole folder)' })]);
    expect(r.placements[0]?.reason).toMatch(/^its files belong together \(cohesion 0\.72, at least 0\.70\) and Inbox\/Bread scores 0\.92 /);
    expect((await pass([...BREAD, ...TRAVEL, ...baking], { folderCohesion: 0.73 })).placements).toEqual([]);
    expect((await pass([...BREAD, ...TRAVEL, ...baking], { destinationScore: 0.93 })).placements).toEqual([]);
  });

  it('splits a folder of unrelated notes (cohesion 0.22): only the file with a clear home moves', async () => {
    // Rye bread from Misc to Bread: name 1, content 0.75, type 1, path 1/2 (a sibling): 0.85,
    // against 0.30 where it is (nothing in common with its folder-mates but the kind).
    const misc = [note('Inbox/Misc/Rye bread.md', 'rye bread flour bake'), note('Inbox/Misc/Tax return.md', 'tax money form'), note('Inbox/Misc/Guitar chords.md', 'guitar music chord')];
    const r = await pass([...BREAD, ...TRAVEL, ...misc]);
    expect(r.placements).toEqual([expect.objectContaining({ source: 'Inbox/Misc/Rye bread.md', into: 'Inbox/Bread', rule: 'similarity score (split folder)' })]);
    expect(r.placements[0]?.reason).toContain('Inbox/Misc is split (cohesion 0.22, below 0.30): Inbox/Bread scores 0.85');
    expect(r.placements[0]?.reason).toContain('against 0.30 where it is');
    expect(r.candidates.has('Inbox/Misc/Tax return.md')).toBe(true);
    // At a split threshold below its cohesion, the folder is left as it is.
    expect((await pass([...BREAD, ...TRAVEL, ...misc], { splitCohesion: 0.2 })).placements).toEqual([]);
  });

  it('never moves a note whose text was not read (past the read budget): its name alone would score 1.00', async () => {
    const records = [...BREAD, ...TRAVEL, note('Inbox/Rye bread.md', 'rye bread flour bake')];
    const free = new Set(records.map((r) => r.path));
    const unread = await scorePass({ folder: 'Inbox', records, free, thresholds: DEFAULT_THRESHOLDS, features: new FeatureSource(0) });
    expect(unread.placements).toEqual([]);
    // With a budget of one read, the undecided note is read first, but the Bread notes are not:
    // their content counts as 0, not as unknown, so the note stays (0.3 + 0 + 0.2 + 0.1 = 0.60).
    const one = await scorePass({ folder: 'Inbox', records, free: new Set(['Inbox/Rye bread.md']), thresholds: DEFAULT_THRESHOLDS, features: new FeatureSource(1) });
    expect(one.placements).toEqual([]);
    expect(one.candidates.get('Inbox/Rye bread.md')?.[0]?.score).toBeCloseTo(0.6, 10);
    // With enough reads it moves.
    const all = await scorePass({ folder: 'Inbox', records, free: new Set(['Inbox/Rye bread.md']), thresholds: DEFAULT_THRESHOLDS, features: new FeatureSource(5) });
    expect(all.placements.map((p) => p.source)).toEqual(['Inbox/Rye bread.md']);
  });

  it('leaves files something else decided, and their folders, alone', async () => {
    const baking = [note('Inbox/Baking/Bread loaf.md', 'bread flour bake loaf'), note('Inbox/Baking/Bread buns.md', 'bread flour bake buns')];
    const records = [...BREAD, ...TRAVEL, ...baking, note('Inbox/Rye bread.md', 'rye bread flour bake')];
    const free = new Set(records.map((r) => r.path).filter((p) => p !== 'Inbox/Baking/Bread buns.md' && p !== 'Inbox/Rye bread.md'));
    const r = await scorePass({ folder: 'Inbox', records, free, thresholds: DEFAULT_THRESHOLDS, features: new FeatureSource() });
    expect(r.placements).toEqual([]);
  });
});
