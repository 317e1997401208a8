// The conformance suite (issue 17): the CommonMark spec's 652 examples, and each with its words
// turned into wikilinks and into relative markdown links, parsed by Reeve and by markdown-it
// (reference-oracle.ts). Where links, headings and code blocks are must agree, or the case is in
// allow-list.ts with its reason.

import { describe, expect, it } from 'vitest';
import { ALLOWED } from './allow-list';
import type { Landmarks } from './reference-oracle';
import { referenceLandmarks } from './reference-oracle';
import { specCases } from './spec-examples';
import { reeveLandmarks } from './reeve-landmarks';

const cases = specCases();

function differences(reference: Landmarks, reeve: Landmarks): string[] {
  return (Object.keys(reference) as (keyof Landmarks)[])
    .filter((k) => JSON.stringify(reference[k]) !== JSON.stringify(reeve[k]))
    .map((k) => `${k}: reference ${JSON.stringify(reference[k])}, reeve ${JSON.stringify(reeve[k])}`);
}

describe('CommonMark conformance of links, headings and code blocks', () => {
  const disagreeing = new Map<string, string[]>();
  for (const c of cases) {
    const diff = differences(referenceLandmarks(c.markdown), reeveLandmarks(c.markdown));
    if (diff.length > 0) disagreeing.set(c.id, diff);
  }

  it('covers every example and both variants of most', () => {
    expect(new Set(cases.map((c) => c.number)).size).toBe(652);
    expect(cases.length).toBeGreaterThan(1600);
  });

  it('agrees with the reference on every case not in the allow-list', () => {
    const unexplained = [...disagreeing]
      .filter(([id]) => !(id in ALLOWED))
      .map(([id, diff]) => `${id} ${JSON.stringify(cases.find((c) => c.id === id)?.markdown)}\n  ${diff.join('\n  ')}`);
    expect(unexplained).toEqual([]);
  });

  it('has no stale allow-list entry: each still disagrees', () => {
    expect(Object.keys(ALLOWED).filter((id) => !disagreeing.has(id))).toEqual([]);
  });

  it('disagrees on fewer than one example in fifteen', () => {
    const examples = new Set([...disagreeing.keys()].map((id) => id.split(':')[0]));
    expect(examples.size).toBeLessThan(652 / 15);
  });
});
