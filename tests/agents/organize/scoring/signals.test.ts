// The FileVyasa signals and scores, each with numbers that can be checked by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addInto, bagOf, cosine, cosineLeaveOneOut, norm2 } from '../../../../src/agents/organize/scoring/bags';
import { contentBag, type FileFeatures, nameWords, stem } from '../../../../src/agents/organize/scoring/file-features';
import { cohesion, combine, destinationSignals, folderSteps, groupOf, nameSimilarity, pathPrior, typeOverlap } from '../../../../src/agents/organize/scoring/signals';

const feature = (path: string, name: string[], content: string[] = [], kind = 'note'): FileFeatures => ({ path, name: bagOf(name), content: bagOf(content), hasContent: content.length > 0, unread: false, kind });

describe('words', () => {
  it('stems plurals and keeps topic words of names, not numbers', () => {
    expect(stem('recipes')).toBe('recipe');
    expect(stem('stories')).toBe('story');
    expect(stem('class')).toBe('class');
    expect(nameWords('Screenshot 2024-03-04 at 09.12.55')).toEqual(['screenshot']);
    expect(nameWords('Sourdough Breads')).toEqual(['sourdough', 'bread']);
  });

  it('keeps the strongest content words by log term frequency, common words out, tags counted twice', () => {
    const bag = contentBag('bread bread bread flour the the the and', ['baking']);
    expect([...bag.keys()]).toEqual(['bread', 'baking', 'flour']);
    expect(bag.get('bread')).toBeCloseTo(1 + Math.log(3), 10);
    expect(bag.get('baking')).toBeCloseTo(1 + Math.log(2), 10);
    expect(bag.get('flour')).toBe(1);
  });
});

describe('bags', () => {
  it('cosine of {a, b} and {a} is 1/sqrt(2)', () => {
    expect(cosine(bagOf(['a', 'b']), bagOf(['a']))).toBeCloseTo(Math.SQRT1_2, 10);
    expect(cosine(bagOf([]), bagOf(['a']))).toBe(0);
  });

  it('leave-one-out cosine equals the cosine with the rest of the group', () => {
    const word = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    fc.assert(
      fc.property(fc.array(fc.array(word, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 6 }), (members) => {
        const bags = members.map((m) => bagOf(m));
        const sum = new Map<string, number>();
        for (const b of bags) addInto(sum, b);
        const [first] = bags;
        if (!first) return;
        const rest = new Map(sum);
        addInto(rest, first, -1);
        expect(cosineLeaveOneOut(first, sum, norm2(sum))).toBeCloseTo(cosine(first, rest), 9);
      }),
    );
  });
});

describe('signals', () => {
  it('path prior: 1 for one step, 1/2 for a sibling folder, 1/4 for four steps', () => {
    expect(folderSteps('', 'Recipes')).toBe(1);
    expect(pathPrior('', 'Recipes')).toBe(1);
    expect(folderSteps('A/B', 'A/C')).toBe(2);
    expect(pathPrior('A/B', 'A/C')).toBe(0.5);
    expect(pathPrior('A/B/C', 'A/D/E')).toBe(0.25);
    expect(pathPrior('A', 'A')).toBe(1);
  });

  it('folder steps, counted in one scan, are the steps up to the common ancestor and down again', () => {
    // The plain definition, by segments.
    const bySegments = (a: string, b: string): number => {
      const pa = a === '' ? [] : a.split('/');
      const pb = b === '' ? [] : b.split('/');
      let common = 0;
      while (common < pa.length && common < pb.length && pa[common] === pb[common]) common++;
      return pa.length - common + (pb.length - common);
    };
    // Short segments from a small alphabet, so that shared prefixes (A, Ab, A/B) are common.
    const folder = fc.array(fc.stringMatching(/^[ab]{1,2}$/), { maxLength: 4 }).map((s) => s.join('/'));
    fc.assert(fc.property(folder, folder, (a, b) => folderSteps(a, b) === bySegments(a, b)), { numRuns: 500 });
  });

  it('type overlap is the histogram intersection of the kind mixes', () => {
    expect(typeOverlap(new Map([['note', 3], ['Images', 1]]), new Map([['note', 1], ['Images', 1]]))).toBeCloseTo(0.75, 10);
    expect(typeOverlap(new Map([['note', 2]]), new Map([['PDFs', 2]]))).toBe(0);
  });

  it('name similarity: every word of the folder name found in the file name scores 1', () => {
    const file = groupOf('', [feature('Rye bread.md', ['rye', 'bread'])], false);
    expect(nameSimilarity(file, groupOf('Bread', []))).toBe(1);
    expect(nameSimilarity(file, groupOf('Baking', [feature('Baking/Oven.md', ['oven'])]))).toBe(0);
    // No folder-name match: the cosine of {rye, bread} with the folder's words {bread: 2, roll: 1, kitchen: 1}.
    expect(nameSimilarity(file, groupOf('Kitchen', [feature('Kitchen/Bread rolls.md', ['bread', 'roll']), feature('Kitchen/Bread.md', ['bread'])]))).toBeCloseTo(2 / (Math.SQRT2 * Math.sqrt(6)), 10);
  });

  it('combines the measured signals by their weights (0.3, 0.4, 0.2, 0.1)', () => {
    expect(combine({ name: 1, content: 0.5, type: 1, path: 0.5 })).toBeCloseTo(0.75, 10);
    // Without content: (0.3 + 0.2 + 0.05) / 0.6.
    expect(combine({ name: 1, content: null, type: 1, path: 0.5 })).toBeCloseTo(0.55 / 0.6, 10);
    expect(combine({ name: null, content: null, type: null, path: null })).toBe(0);
  });

  it('scores a bread note against a Bread folder and a Travel folder', () => {
    const note = groupOf('', [feature('Rye bread.md', ['rye', 'bread'], ['bread', 'rye', 'flour'])], false);
    const bread = groupOf('Bread', [feature('Bread/Sourdough.md', ['sourdough'], ['bread', 'flour', 'starter'])]);
    const travel = groupOf('Travel', [feature('Travel/Lisbon.md', ['lisbon'], ['tram', 'city'])]);
    const toBread = destinationSignals(note, bread, '');
    expect(toBread.name).toBe(1);
    expect(toBread.content).toBeCloseTo(2 / 3, 10);
    expect(toBread.type).toBe(1);
    expect(toBread.path).toBe(1);
    expect(combine(toBread)).toBeCloseTo(0.3 + 0.4 * (2 / 3) + 0.2 + 0.1, 10);
    const toTravel = destinationSignals(note, travel, '');
    expect(toTravel.name).toBe(0);
    expect(toTravel.content).toBe(0);
    expect(combine(toTravel)).toBeCloseTo(0.3, 10);
  });
});

describe('cohesion', () => {
  it('is 1 for a folder of one file and for screenshots alike in name and kind', () => {
    expect(cohesion(groupOf('A', [feature('A/x.md', ['x'])]))).toBe(1);
    const shots = [1, 2, 3].map((i) => feature(`S/Screenshot ${i}.png`, ['screenshot'], [], 'Images'));
    expect(cohesion(groupOf('S', shots))).toBeCloseTo(1, 10);
  });

  it('is 0.2 / 0.9 for two notes that share only their kind', () => {
    const g = groupOf('M', [feature('M/a.md', ['alpha'], ['apple']), feature('M/b.md', ['beta'], ['boat'])]);
    expect(cohesion(g)).toBeCloseTo(0.2 / 0.9, 10);
  });

  it('is 1 for notes with the same name words and text, and stays in [0, 1]', () => {
    const same = [1, 2, 3].map((i) => feature(`B/Bread ${i}.md`, ['bread'], ['bread', 'flour']));
    expect(cohesion(groupOf('B', same))).toBeCloseTo(1, 10);
    const word = fc.constantFrom('a', 'b', 'c', 'd');
    const kind = fc.constantFrom('note', 'Images', 'PDFs');
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.array(word, { maxLength: 3 }), content: fc.array(word, { maxLength: 4 }), kind }), { minLength: 1, maxLength: 8 }), (files) => {
        const c = cohesion(groupOf('F', files.map((f, i) => feature(`F/${i}`, f.name, f.content, f.kind))));
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(1);
      }),
    );
  });
});
