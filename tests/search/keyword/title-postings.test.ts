// The title postings kept apart for the top-k search's first pass (title-postings.ts): for every
// row, exactly the row's postings with a title or alias bit, in order; remade for the new segment
// after a merge (never the replaced segment's), and after a save and load.
import { describe, expect, it } from 'vitest';
import type { IndexDocument } from '../../../src/search/keyword/analyzer';
import { KeywordIndex } from '../../../src/search/keyword/keyword-index';
import { FIELD_ALIAS, FIELD_TITLE, type Segment } from '../../../src/search/keyword/segment';
import { titlePostings, titleRow } from '../../../src/search/keyword/title-postings';

const WORDS = ['garden', 'plan', 'rust', 'review', 'weekly', 'coffee', 'code', 'kubernetes'];

function doc(i: number): IndexDocument {
  const w = (k: number): string => WORDS[(i * 7 + k * 3) % WORDS.length] as string;
  return { path: `notes/${w(0)} ${i}.md`, title: `${w(0)} ${i}`, headings: [w(1)], tags: [], aliases: i % 5 === 0 ? [w(2)] : [], content: `${w(3)} ${w(4)} ${w(0)} body ${i}` };
}

/** Per row of the segment, its title and alias postings, by reading every posting. */
function expected(segment: Segment): number[][] {
  const out: number[][] = [];
  for (let row = 0; row + 1 < segment.offsets.length; row++) {
    const kept: number[] = [];
    for (let r = segment.offsets[row] as number; r < (segment.offsets[row + 1] as number); r++) {
      const p = segment.postings[r] as number;
      if ((p & (FIELD_TITLE | FIELD_ALIAS)) !== 0) kept.push(p);
    }
    out.push(kept);
  }
  return out;
}

function actual(segment: Segment): number[][] {
  const t = titlePostings(segment);
  const out: number[][] = [];
  for (let row = 0; row + 1 < segment.offsets.length; row++) {
    const at = titleRow(t, row);
    out.push(at < 0 ? [] : Array.from(t.postings.subarray(t.offsets[at] as number, t.offsets[at + 1] as number)));
  }
  return out;
}

describe('title postings', () => {
  it('hold exactly each row\'s title and alias postings, remade after every merge', () => {
    const index = new KeywordIndex({ shardCount: 3, mergeThreshold: 30 });
    for (let i = 0; i < 60; i++) index.add(doc(i));
    for (let s = 0; s < 3; s++) index.mergeShard(s);
    const before = index.shards.map((sh) => sh.base);
    for (const shard of index.shards) expect(actual(shard.base)).toEqual(expected(shard.base));
    expect(before.some((b) => actual(b).some((row) => row.length > 0))).toBe(true);
    // Appends (merged in place) and removals (a new buffer) both give a new segment.
    for (let i = 60; i < 120; i++) index.add(doc(i));
    for (let i = 0; i < 120; i += 4) index.remove(`notes/${WORDS[(i * 7) % WORDS.length] as string} ${i}.md`);
    for (let s = 0; s < 3; s++) index.mergeShard(s);
    index.shards.forEach((shard, s) => {
      expect(shard.base).not.toBe(before[s]);
      expect(actual(shard.base)).toEqual(expected(shard.base));
    });
    // And the search that reads them finds a title word's notes.
    expect(index.search('garden', { limit: 5 }).length).toBe(5);
  });
});
