// A compiled rule looks its frontmatter key up through frontmatterLookup, with the key's work done
// once. A pure speedup: for any properties and any key (case variants, non-ASCII keys, keys whose
// lower case changes length, inherited names), it gives what the lookup per file gave.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/dsl/compile';
import { frontmatterLookup, frontmatterValue } from '../../src/dsl/semantics';
import type { FileRecord } from '../../src/vault-vfs/file-record';

/** The lookup as it was before the key's work moved to compile time: the oracle. */
function perFileLookup(fm: Record<string, unknown> | null, key: string): unknown {
  if (fm === null) return null;
  if (Object.hasOwn(fm, key)) return fm[key] ?? null;
  const lower = key.toLowerCase();
  // eslint-disable-next-line no-control-regex -- as the old code
  const n = /^[\u0000-\u007f]*$/u.test(key) ? key.length : -1;
  for (const k in fm) {
    if ((n < 0 || k.length === n) && Object.hasOwn(fm, k) && k.toLowerCase() === lower) return fm[k] ?? null;
  }
  return null;
}

const keyPart = fc.constantFrom('status', 'Status', 'STATUS', 'İd', 'i̇d', 'id', 'ß', 'SS', 'Größe', 'GRÖSSE', 'toString', 'constructor', '__proto__', 'due', 'Due');
const value = fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }));

describe('frontmatter lookup with the key worked out once', () => {
  it('gives what the per-file lookup gave, for any properties and key', () => {
    fc.assert(
      fc.property(fc.option(fc.array(fc.tuple(keyPart, value), { maxLength: 5 }), { nil: null }), keyPart, (entries, key) => {
        const fm = entries === null ? null : Object.fromEntries(entries);
        expect(frontmatterLookup(key)(fm)).toEqual(perFileLookup(fm, key));
        expect(frontmatterValue(fm, key)).toEqual(perFileLookup(fm, key));
      }),
      { numRuns: 2000 },
    );
  });

  it('a compiled rule on a frontmatter value answers as before', () => {
    const rule = compileExpression('file.frontmatter.status == "done"');
    const record = (frontmatter: Record<string, unknown> | null): FileRecord => ({ path: 'a.md', name: 'a', ext: 'md', folder: '', size: 1, ctime: 0, mtime: 0, mimeType: 'text/markdown', isHidden: false, tags: [], links: [], backlinks: [], frontmatter });
    expect([{ status: 'Done' }, { STATUS: 'done' }, { status: 'open', Status: 'done' }, null, {}].map((fm) => rule.test(record(fm)))).toEqual([true, true, false, false, false]);
  });
});
