// A note whose name the disk gives decomposed (NFD, as macOS writes accents) keeps that name as
// its path, and a link typed composed (`[[Café]]`, as keyboards write it) still leads to it, as in
// Obsidian; a link typed decomposed does too. A rename rewrites both (issue 25). Real files, the
// Node adapter.
import { afterEach, describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { runReeve } from '../../helpers/cli';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';

const [nfc, nfd] = ['Caf\u00e9', 'Cafe\u0301'];
let vault: TempVault | null = null;
afterEach(async () => {
  await vault?.cleanup();
  vault = null;
});

describe('links to a decomposed name', () => {
  it('typed composed or decomposed resolve to the note, and a rename rewrites them', async () => {
    const home = `[[${nfc}]] and [[${nfd}|d]] and [[${nfc.toLowerCase()}#H]] and [x](${encodeURI(nfc)}.md)\n`;
    vault = await makeTempVault({ [`Places/${nfd}.md`]: '# H\nmenu\n', 'Home.md': home });
    const port = await NodeVault.open(vault.dir);
    const note = `Places/${nfd}.md`;
    expect((await port.list()).map((e) => e.path)).toContain(note);
    expect(port.resolveLink(nfc, 'Home.md')).toBe(note);
    expect(port.resolveLink(nfd, 'Home.md')).toBe(note);
    expect(port.resolveLink(`Places/${nfc}`, 'Home.md')).toBe(note);
    expect(port.resolvedLinks()['Home.md']).toEqual({ [note]: 4 });
    expect(port.unresolvedLinks()['Home.md'] ?? {}).toEqual({});
    expect(port.backlinks(note)).toEqual(['Home.md']);

    await port.rename(note, 'Places/Bistro.md');
    expect(await vault.read('Home.md')).toBe('[[Bistro]] and [[Bistro|d]] and [[Bistro#H]] and [x](Bistro.md)\n');
  });

  it('a note named on the command line composed is the decomposed note', async () => {
    vault = await makeTempVault({ [`${nfd}.md`]: 'un cafe noir [[Home]]\n', 'Home.md': 'home cafe noir\n' });
    const r = await runReeve(['related', vault.dir, nfc, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});
