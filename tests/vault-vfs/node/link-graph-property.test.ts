// The check that matters, on real files: after any sequence of moves and renames through the
// Node adapter, the resolved-link graph (mapped through the renames) is what it was, and notes
// that held no affected link are byte-identical.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import type { NewLinkFormat } from '../../../src/vault-vfs/vault-port';
import { makeTempVault } from '../../helpers/temp-vault';

const FILES: Record<string, string> = {
  'Home.md': '# Home\n[[Alpha]] [[Projects/Beta|B]] [[Gamma#Part two]] ![[img.png]] [c](Notes/Gamma.md) [[Nowhere]]\n',
  'Projects/Alpha.md': '---\nrelated: "[[Gamma]]"\n---\n# Alpha\n[[Home]] [beta](Beta.md) [[Beta#^blk]]\n',
  'Projects/Beta.md': '# Beta\nparagraph ^blk\n[home](../Home.md) [[Alpha]]\n',
  'Notes/Gamma.md': '# Gamma\n## Part two\n![[Projects/Alpha]] [g](<../Notes/Delta note.md>)\n',
  'Notes/Delta note.md': '# Delta\n[[Gamma]] [h](../Home.md)\n',
  'Notes/Deep/Epsilon.md': '# Epsilon\n[[Delta note]] [[img.png|200]] [a](../../Projects/Alpha.md)\n',
  'Other/Alone.md': 'No links at all.\n',
  'img.png': 'PNG',
};

const NAMES = ['Alpha', 'Beta', 'Gamma', 'Zeta', 'Notes', 'Archive', 'Deep', 'img'];
const FOLDERS = ['', 'Projects', 'Notes', 'Archive', 'Archive/2024', 'Notes/Deep', 'X y'];

type Op = { kind: 'file' | 'folder'; pick: number; folder: string; name: string; upper: boolean };

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('file' as const, 'folder' as const),
  pick: fc.nat(),
  folder: fc.constantFrom(...FOLDERS),
  name: fc.constantFrom(...NAMES),
  upper: fc.boolean(),
});

function mapped(graph: Record<string, Record<string, number>>, map: Map<string, string>): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const [s, targets] of Object.entries(graph)) {
    out[map.get(s) ?? s] = Object.fromEntries(Object.entries(targets).map(([t, n]) => [map.get(t) ?? t, n]));
  }
  return out;
}

describe('link graph under random moves and renames (Node adapter, real files)', () => {
  it.each(['shortest', 'relative', 'absolute'] as NewLinkFormat[])('holds with newLinkFormat %s', async (format) => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 6 }), async (ops) => {
        const tv = await makeTempVault(FILES);
        try {
          const vault = await NodeVault.open(tv.dir, { newLinkFormat: format });
          const before = vault.resolvedLinks();
          const original = new Map(Object.keys(FILES).map((p) => [p, p]));
          const current = (): Map<string, string> => original;
          const touched = new Set<string>();
          for (const op of ops) {
            const entries = await vault.list();
            const pool = entries.filter((e) => e.kind === op.kind);
            const target = pool[op.pick % Math.max(1, pool.length)];
            if (!target) continue;
            const ext = target.kind === 'file' ? target.path.slice(target.path.lastIndexOf('.')) : '';
            const base = op.upper ? op.name.toUpperCase() : op.name;
            const to = (op.folder ? `${op.folder}/` : '') + base + ext;
            if (to === target.path || to.toLowerCase().startsWith(target.path.toLowerCase() + '/')) continue;
            const beforeTexts = new Map(await Promise.all(Object.keys(FILES).filter((p) => p.endsWith('.md')).map(async (p) => [p, await tv.read(current().get(p) ?? p).catch(() => '')] as const)));
            try {
              await vault.rename(target.path, to);
            } catch (e) {
              if ((e as Error).name === 'VaultPathExistsError') continue;
              throw e;
            }
            for (const [orig, now] of original) {
              if (now === target.path || now.startsWith(target.path + '/')) original.set(orig, to + now.slice(target.path.length));
            }
            for (const [orig, text] of beforeTexts) if ((await tv.read(original.get(orig) ?? orig)) !== text) touched.add(orig);
          }
          expect(vault.resolvedLinks()).toEqual(mapped(before, original));
          // Notes with no link into anything that moved, and that did not move, are byte-identical.
          expect(await tv.read(original.get('Other/Alone.md') ?? '')).toBe(FILES['Other/Alone.md']);
          for (const p of Object.keys(FILES).filter((x) => x.endsWith('.md') && !touched.has(x))) {
            expect(await tv.read(original.get(p) ?? p)).toBe(FILES[p]);
          }
        } finally {
          await tv.cleanup();
        }
      }),
      { numRuns: 25, seed: 20261122 },
    );
  }, 120_000);
});
