// The shortcuts a single rename takes in a large vault must answer exactly as the full versions:
// a resolver derived with withRenames equals one built from the renamed paths (and leaves its
// source untouched), and rename checks through a FileLookup give the verdicts of the full scan.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FileLookup, validateFileRenames } from '../../../src/vault-vfs/links/expand-renames';
import { LinkResolver } from '../../../src/vault-vfs/links/resolver';

const NAMES = ['a.md', 'A.md', 'b.md', 'Note.md', 'note.md', 'img.png', 'x/a.md', 'x/Note.md', 'y/z/a.md', 'y/img.png'];
const LINKS = ['a', 'A', 'Note', 'x/a', 'img.png', 'z/a', '../a', './Note', '/a', 'b'];
const SOURCES = ['a.md', 'x/Note.md', 'y/z/a.md'];

function lookupOf(files: readonly string[]): FileLookup {
  const set = new Set(files);
  const lower = new Map<string, string[]>();
  for (const f of files) lower.set(f.toLowerCase(), [...(lower.get(f.toLowerCase()) ?? []), f]);
  return { has: (p) => set.has(p), filesIgnoringCase: (k) => lower.get(k) ?? [] };
}

const verdict = (fn: () => void): string => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return (e as Error).name;
  }
};

describe('rename shortcuts', () => {
  it('withRenames resolves every link as a resolver built from the renamed files, and changes nothing in its source', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1 }), fc.constantFrom(...NAMES), fc.constantFrom('m/a.md', 'Note.md', 'q/img.png', 'x/b.md'), (files, from, to) => {
        if (!files.includes(from) || files.includes(to)) return;
        const base = new LinkResolver(files);
        const snapshot = SOURCES.flatMap((s) => LINKS.map((l) => base.candidates(l, s)));
        const derived = base.withRenames([{ from, to }]);
        const fresh = new LinkResolver(files.map((f) => (f === from ? to : f)));
        for (const s of SOURCES) for (const l of LINKS) expect(derived.candidates(l, s)).toEqual(fresh.candidates(l, s));
        expect(SOURCES.flatMap((s) => LINKS.map((l) => base.candidates(l, s)))).toEqual(snapshot);
      }),
      { numRuns: 300 },
    );
  });

  it('withRenames takes several renames at once (a folder move), through its layer over the source', () => {
    const TARGETS = ['m/a.md', 'Note.md', 'q/img.png', 'x/b.md', 'n/NOTE.md', 'y/a.md', 'A.md'];
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1 }), fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...TARGETS)), { maxLength: 4, selector: ([from]) => from }), (files, pairs) => {
        const renames = pairs.filter(([from]) => files.includes(from)).map(([from, to]) => ({ from, to }));
        const after = files.map((f) => renames.find((r) => r.from === f)?.to ?? f);
        if (new Set(after).size !== after.length) return; // two files onto one path: refused before this
        const base = new LinkResolver(files);
        const derived = base.withRenames(renames);
        const fresh = new LinkResolver(after);
        for (const s of [...SOURCES, ...after]) for (const l of LINKS) expect(derived.candidates(l, s)).toEqual(fresh.candidates(l, s));
        for (const f of [...NAMES, ...TARGETS]) expect(derived.has(f)).toBe(fresh.has(f));
        expect(derived.size).toBe(fresh.size);
        expect([...derived.paths()].sort()).toEqual([...fresh.paths()].sort());
        expect([...base.paths()].sort()).toEqual([...files].sort());
      }),
      { numRuns: 500 },
    );
  });

  it('checks renames through a lookup with the verdicts of the full scan', () => {
    const TARGETS = ['a.md', 'A.md', 'B.md', 'new.md', 'x/a.md', '', 'dir/'];
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1 }),
        fc.array(fc.record({ from: fc.constantFrom(...NAMES), to: fc.constantFrom(...TARGETS) }), { minLength: 1, maxLength: 3 }),
        (files, renames) => {
          // Vaults holding names that differ only in case (a case-sensitive disk) included, and
          // renames that put such names back (an undo) as well as new ones.
          for (const allowCaseVariants of [false, true]) {
            const full = verdict(() => validateFileRenames(files, renames, undefined, { allowCaseVariants }));
            const fast = verdict(() => validateFileRenames(files, renames, lookupOf(files), { allowCaseVariants }));
            expect(fast).toBe(full);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
