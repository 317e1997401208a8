// Organizing twice proposes nothing the second time, for the similarity pass on random trees of
// notes drawn from a few topics (names and text from each topic's words, some folders named for a
// topic, some not): whatever the first pass moves, a second pass over the result moves nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FeatureSource } from '../../../../src/agents/organize/scoring/file-features';
import { type ScorePlacement, scorePass } from '../../../../src/agents/organize/scoring/score-pass';
import { DEFAULT_THRESHOLDS } from '../../../../src/agents/organize/scoring/thresholds';
import type { FileRecord } from '../../../../src/vault-vfs/file-record';
import { note } from '../../../dsl/records';

const TOPICS = [
  ['bread', 'flour', 'bake', 'loaf', 'oven', 'yeast'],
  ['travel', 'trip', 'tram', 'city', 'hotel', 'train'],
  ['garden', 'seed', 'soil', 'tomato', 'compost', 'bed'],
];
const FOLDERS = ['Bread', 'Travel', 'Garden', 'Misc', 'Archive'];

interface Spec {
  folder: number;
  nested: boolean;
  topic: number;
  nameWords: number[];
  textWords: number[];
}

const spec = fc.record({
  folder: fc.integer({ min: -1, max: FOLDERS.length - 1 }),
  nested: fc.boolean(),
  topic: fc.integer({ min: 0, max: TOPICS.length - 1 }),
  nameWords: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 2 }),
  textWords: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 2, maxLength: 6 }),
});

function recordsOf(specs: readonly Spec[]): { path: string; text: string }[] {
  const seen = new Set<string>();
  const out: { path: string; text: string }[] = [];
  specs.forEach((s, i) => {
    const words = TOPICS[s.topic] ?? [];
    const folder = s.folder < 0 ? 'Inbox' : `Inbox/${FOLDERS[s.folder] ?? ''}${s.nested ? '/Old' : ''}`;
    const path = `${folder}/${s.nameWords.map((w) => words[w]).join(' ')} ${i}.md`;
    if (seen.has(path)) return;
    seen.add(path);
    out.push({ path, text: s.textWords.map((w) => words[w]).join(' ') });
  });
  return out;
}

/** Where a path is after the placements, applied in order (a folder moves with its subtree, keeping its name). */
function placed(path: string, placements: readonly ScorePlacement[]): string {
  let at = path;
  for (const p of placements) {
    const name = p.source.slice(p.source.lastIndexOf('/') + 1);
    if (at === p.source) at = `${p.into}/${name}`;
    else if (at.startsWith(p.source + '/')) at = `${p.into}/${name}${at.slice(p.source.length)}`;
  }
  return at;
}

async function pass(files: readonly { path: string; text: string }[]): Promise<ScorePlacement[]> {
  const records: FileRecord[] = files.map((f) => note(f.path, f.text));
  const result = await scorePass({ folder: 'Inbox', records, free: new Set(records.map((r) => r.path)), thresholds: DEFAULT_THRESHOLDS, features: new FeatureSource() });
  return result.placements;
}

describe('the similarity pass, twice', () => {
  it('moves nothing on a second pass over what the first one made', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(spec, { minLength: 2, maxLength: 14 }), async (specs) => {
        const files = recordsOf(specs);
        const first = await pass(files);
        const after = files.map((f) => ({ path: placed(f.path, first), text: f.text }));
        expect(await pass(after)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
