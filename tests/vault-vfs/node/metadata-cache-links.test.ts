// The metadata cache keeps each note's resolved links: a warm open must answer exactly as a cold
// one after any files came, went or moved outside Reeve (a new note can change where other
// notes' links lead), and the cache it saves then must be right for the open after.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METADATA_CACHE_FILE } from '../../../src/vault-vfs/node/metadata-cache';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { makeTempVault } from '../../helpers/temp-vault';

const PLUGIN_FOLDER = '.obsidian/plugins/reeve';
const FILES: Record<string, string> = {
  [`${PLUGIN_FOLDER}/manifest.json`]: '{}',
  'Home.md': '# Home\n[[Alpha]] [[Projects/Beta|B]] [[Gamma#Part two]] ![[img.png]] [c](Notes/Gamma.md) [[Zeta]] [[#Home]]\n',
  'Projects/Alpha.md': '---\nrelated: "[[Gamma]]"\n---\n# Alpha\n[[Home]] [beta](Beta.md) [[beta#^blk]] [[./Zeta]]\n',
  'Projects/Beta.md': '# Beta\nparagraph ^blk\n[home](../Home.md) [[Alpha]] [[Archive/Alpha]]\n',
  'Notes/Gamma.md': '# Gamma\n## Part two\n![[Projects/Alpha]] [[img]] [[IMG.PNG]] [[Notes/Zeta.md]]\n',
  'Notes/Deep/Epsilon.md': '# Epsilon\n[[Zeta]] [[../Gamma]] [a](../../Projects/Alpha.md) [[/Home]]\n',
  'Other/Alone.md': 'No links at all.\n',
  'img.png': 'PNG',
};

const NAMES = ['Alpha', 'Beta', 'Gamma', 'Zeta', 'Home', 'img', 'ALPHA', 'New'];
const FOLDERS = ['', 'Projects', 'Notes', 'Archive', 'Notes/Deep'];
const EXTS = ['.md', '.md', '.png'];

type Change = { kind: 'add' | 'remove' | 'move' | 'edit'; pick: number; folder: string; name: string; ext: string; links: string[] };

const changeArb: fc.Arbitrary<Change> = fc.record({
  kind: fc.constantFrom('add' as const, 'remove' as const, 'move' as const, 'edit' as const),
  pick: fc.nat(),
  folder: fc.constantFrom(...FOLDERS),
  name: fc.constantFrom(...NAMES),
  ext: fc.constantFrom(...EXTS),
  links: fc.array(fc.constantFrom('[[Zeta]]', '[[Alpha]]', '[[New]]', '[[Archive/Alpha]]', '[[img.png]]', '[[../Home]]'), { maxLength: 3 }),
});

/** Lets the files' times fall out of the window the cache treats as racy (see metadata-cache.ts). */
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 40));

async function filesOf(vault: NodeVault): Promise<string[]> {
  return (await vault.list()).filter((e) => e.kind === 'file').map((e) => e.path);
}

/** Applies a change to the folder directly, as another program (Obsidian, a sync tool) would. */
async function apply(dir: string, files: string[], c: Change): Promise<void> {
  const target = path.join(dir, c.folder, c.name + c.ext);
  const existing = files[c.pick % files.length];
  const body = c.ext === '.md' ? `# ${c.name}\n${c.links.join(' ')}\n` : 'bytes';
  const free = (p: string): boolean => !files.some((f) => f.toLowerCase() === path.relative(dir, p).split(path.sep).join('/').toLowerCase());
  if (c.kind === 'add' && free(target)) {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, body);
  } else if (c.kind === 'remove' && existing !== undefined) rmSync(path.join(dir, existing));
  else if (c.kind === 'move' && existing !== undefined) {
    const to = path.join(dir, c.folder, c.name + path.extname(existing));
    if (!free(to)) return;
    mkdirSync(path.dirname(to), { recursive: true });
    renameSync(path.join(dir, existing), to);
  } else if (c.kind === 'edit' && existing?.endsWith('.md')) writeFileSync(path.join(dir, existing), `${readFileSync(path.join(dir, existing), 'utf8')}\n${c.links.join(' ')}\n`);
}

/** Everything the link graph answers, as plain data. */
async function graphOf(vault: NodeVault): Promise<unknown> {
  const files = await filesOf(vault);
  return {
    resolved: JSON.parse(JSON.stringify(vault.resolvedLinks())) as unknown,
    unresolved: JSON.parse(JSON.stringify(vault.unresolvedLinks())) as unknown,
    backlinks: Object.fromEntries(files.map((f) => [f, vault.backlinks(f)])),
  };
}

describe('metadata cache: resolved links', () => {
  it('a warm open after files were added, removed, moved or edited answers as a cold open, and so does the next', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(changeArb, { minLength: 1, maxLength: 5 }), async (changes) => {
        const tv = await makeTempVault(FILES);
        try {
          await settle();
          const first = await NodeVault.open(tv.dir);
          expect(first.metadataCacheReport?.saved).toBe('yes');
          for (const c of changes) await apply(tv.dir, await filesOf(await NodeVault.open(tv.dir, { metadataCache: false })), c);
          await settle();
          const cold = await graphOf(await NodeVault.open(tv.dir, { metadataCache: false }));
          const warm = await NodeVault.open(tv.dir);
          expect(warm.metadataCacheReport?.reused).toBeGreaterThan(0);
          expect(await graphOf(warm)).toEqual(cold);
          // The cache that warm open saved (targets re-resolved or carried to the new file table).
          const next = await NodeVault.open(tv.dir);
          expect(next.metadataCacheReport).toMatchObject({ parsed: 0, relinked: 0, saved: 'unchanged' });
          expect(await graphOf(next)).toEqual(cold);
        } finally {
          await tv.cleanup();
        }
      }),
      { numRuns: 40, seed: 20261124 },
    );
  });

  it('reuses cached targets when no file came or went, and re-resolves only notes that link to a changed name', async () => {
    const tv = await makeTempVault(FILES);
    try {
      await settle();
      await NodeVault.open(tv.dir);
      expect((await NodeVault.open(tv.dir)).metadataCacheReport).toMatchObject({ reused: 6, relinked: 0, saved: 'unchanged' });
      // A new Zeta: Home, Alpha (./Zeta), Gamma (Notes/Zeta.md) and Epsilon link to that name; Beta and Alone do not.
      writeFileSync(path.join(tv.dir, 'Notes', 'Zeta.md'), '# Zeta\n');
      await settle();
      const warm = await NodeVault.open(tv.dir);
      expect(warm.metadataCacheReport).toMatchObject({ reused: 6, parsed: 1, relinked: 4, saved: 'yes' });
      expect(warm.resolvedLinks()['Home.md']).toMatchObject({ 'Notes/Zeta.md': 1 });
      expect(warm.backlinks('Notes/Zeta.md')).toEqual(['Home.md', 'Notes/Deep/Epsilon.md', 'Notes/Gamma.md']);
    } finally {
      await tv.cleanup();
    }
  });

  it('a warm open makes each note\'s links from its cached record when first read: after its metadata is decoded, after a move, and in a graph read before a change', async () => {
    const tv = await makeTempVault(FILES);
    try {
      await settle();
      await NodeVault.open(tv.dir);
      const vault = await NodeVault.open(tv.dir);
      expect(vault.metadataCacheReport).toMatchObject({ reused: 6, parsed: 0 });
      // Decoded in place before any link of it is read: its links still come from its record.
      expect(vault.metadata('Projects/Alpha.md')?.headings.map((h) => h.heading)).toEqual(['Alpha']);
      const graphBefore = await graphOf(await NodeVault.open(tv.dir, { metadataCache: false }));
      // A graph asked for before the change, read after it: as the vault was when it was asked for.
      const before = { resolved: vault.resolvedLinks(), unresolved: vault.unresolvedLinks() };
      await vault.rename('Notes/Deep/Epsilon.md', 'Projects/Epsilon.md');
      await vault.rename('img.png', 'Notes/img.png');
      expect(JSON.parse(JSON.stringify(before))).toEqual({ resolved: (graphBefore as { resolved: unknown }).resolved, unresolved: (graphBefore as { unresolved: unknown }).unresolved });
      expect(await graphOf(vault)).toEqual(await graphOf(await NodeVault.open(tv.dir, { metadataCache: false })));
    } finally {
      await tv.cleanup();
    }
  });

  it('a note whose cached targets are damaged resolves its links again; every other record is used', async () => {
    const tv = await makeTempVault(FILES);
    try {
      await settle();
      await NodeVault.open(tv.dir);
      const file = path.join(tv.dir, PLUGIN_FOLDER, METADATA_CACHE_FILE);
      const bytes = readFileSync(file);
      // The last byte is the last note's last target: still a number in the file table, of another file.
      bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 0x01;
      writeFileSync(file, bytes);
      const vault = await NodeVault.open(tv.dir);
      expect(vault.metadataCacheReport).toMatchObject({ loaded: 'ok', reused: 6, parsed: 0, saved: 'unchanged' });
      expect(await graphOf(vault)).toEqual(await graphOf(await NodeVault.open(tv.dir, { metadataCache: false })));
    } finally {
      await tv.cleanup();
    }
  });
});
