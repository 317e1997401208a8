// Hidden (dot) folders are not part of the vault, as in Obsidian (which lists no file or folder
// whose name starts with a dot): the Node adapter's listing leaves out `.github/`, `.git/` and the
// like, so no command indexes, links, searches, matches or organizes what they hold.
import { afterEach, describe, expect, it } from 'vitest';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let tv: TempVault | undefined;
afterEach(async () => {
  await tv?.cleanup();
});

describe('hidden folders in a vault', () => {
  it('are listed by no command: not matched, not searched, not link targets', async () => {
    tv = await makeTempVault({
      '.github/CONTRIBUTING.md': 'How to contribute: zebracorn\n',
      '.git/objects/ab/cdef': 'blob',
      '.git/HEAD': 'ref: refs/heads/main\n',
      'Notes/.drafts/draft.md': 'zebracorn draft\n',
      'Notes/Home.md': 'See [[CONTRIBUTING]] and [[draft]].\n',
      'Notes/.hidden-note.md': 'a hidden file beside notes\n',
    });
    const port = await NodeVault.open(tv.dir);
    expect((await port.list()).map((e) => e.path).sort()).toEqual(['Notes', 'Notes/.hidden-note.md', 'Notes/Home.md']);

    const matched = await runReeve(['rules', 'match', tv.dir, 'file.size >= 0', '--json']);
    expect(JSON.parse(matched.stdout)).toEqual(['Notes/.hidden-note.md', 'Notes/Home.md']);
    const found = await runReeve(['search', tv.dir, 'zebracorn', '--json']);
    expect(JSON.parse(found.stdout)).toEqual([]);
    const links = await runReeve(['links', tv.dir, '--json']);
    expect(links.stdout).not.toContain('.github');
    expect(links.stdout).not.toContain('.drafts');
  });
});
