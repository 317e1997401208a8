// A note whose name another program or system gave it (`C# notes.md`, `a:b.md`, `[draft].md`):
// Reeve never gives a file such a name, but one already in the vault must not break the
// commands that read the vault. Before, one such note made `pending list` fail, left it out of
// search, refused it as a `related` argument and as `rules match` content, and refused the move of
// any note it links to (its link could not be rewritten), whatever folder was organized.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

/** A name Obsidian would not give a new note, but a Linux disk holds. */
const oddName = fc
  .tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.constantFrom('#', '^', '[', ']', '|', ':', '*', '?', '"', '<', '>', '[['), fc.stringMatching(/^[a-z]{0,6}$/))
  .map(([a, odd, b]) => `${a}${odd}${b}.md`);

let vault: TempVault | null = null;
afterEach(async () => {
  await vault?.cleanup();
  vault = null;
});

const withoutPlans = (snap: Map<string, string>): string[] => [...snap].filter(([p]) => !p.startsWith('Reeve')).map(([p, b]) => `${p}:${b}`);

describe('a note with a name Reeve would never give', () => {
  it('is listed, found, walked from, matched, and has its links kept when a note it links to moves', async () => {
    await fc.assert(
      fc.asyncProperty(oddName, async (name) => {
        const odd = `Inbox/${name}`;
        vault = await makeTempVault({ [odd]: '# Odd\nzqxword [[Notes/target]]\n', 'Notes/target.md': '# Target\n', 'Notes/hub.md': 'See [[target]].\n', 'rules.json': '[{"name":"Archive","if":"file.name == \\"target\\"","thenMoveTo":"Archive"}]' });
        const dir = vault.dir;
        const before = withoutPlans(await vault.snapshot());

        expect(await runReeve(['pending', dir, 'list'])).toMatchObject({ code: 0, stdout: 'no pending blocks\n' });
        const found = await runReeve(['search', dir, 'zqxword', '--json']);
        expect((JSON.parse(found.stdout) as { path: string }[]).map((h) => h.path)).toEqual([odd]);
        expect(JSON.parse((await runReeve(['related', dir, odd, '--json'])).stdout)).toEqual([{ path: 'Notes/target.md', depth: 1, from: odd }]);
        expect(JSON.parse((await runReeve(['rules', 'match', dir, 'file.content.contains("zqxword")', '--json'])).stdout)).toEqual([odd]);

        const applied = await runReeve(['organize', dir, '--folder', 'Notes', '--rules', `${dir}/rules.json`, '--sources', 'rules', '--apply']);
        expect(applied.stderr).toBe('');
        expect(applied.code).toBe(0);
        const links = JSON.parse((await runReeve(['links', dir, '--json'])).stdout) as { resolved: { source: string; target: string }[] };
        expect(links.resolved.filter((l) => l.source === odd).map((l) => l.target)).toEqual(['Notes/Archive/target.md']);

        expect((await runReeve(['undo', dir])).code).toBe(0);
        expect(withoutPlans(await vault.snapshot())).toEqual(before);
        await vault.cleanup();
        vault = null;
      }),
      { numRuns: 12 },
    );
  }, 60_000);
});
