// The features of many notes are read a few at a time, never all at once, and the read budget goes
// to the notes in the order given, however the reads happen to finish.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FeatureSource } from '../../../../src/agents/organize/scoring/file-features';
import type { FileRecord } from '../../../../src/vault-vfs/file-record';

function note(i: number, delayMs: number, track: { now: number; most: number }): FileRecord {
  return {
    path: `Inbox/n${i}.md`, name: `n${i}`, ext: 'md', folder: 'Inbox', size: 1, ctime: 0, mtime: 0, mimeType: 'text/markdown',
    isHidden: false, tags: [], links: [], backlinks: [], frontmatter: null,
    readContent: async () => {
      track.now++;
      track.most = Math.max(track.most, track.now);
      await new Promise((r) => setTimeout(r, delayMs));
      track.now--;
      return `word${i} text`;
    },
  };
}

describe('FeatureSource.ofAll', () => {
  it('reads the first notes up to the budget, in order, with a bounded number of reads in flight', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 60 }), async (delays, budget) => {
        const track = { now: 0, most: 0 };
        const records = delays.map((d, i) => note(i, d, track));
        const features = await new FeatureSource(budget).ofAll(records);
        expect(features.map((f) => f.path)).toEqual(records.map((r) => r.path));
        expect(features.map((f) => f.hasContent)).toEqual(records.map((_, i) => i < budget));
        expect(track.most).toBeLessThanOrEqual(16);
      }),
      { numRuns: 30 },
    );
  });
});
