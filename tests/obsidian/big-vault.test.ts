// @vitest-environment happy-dom
// The runtime's work per vault event does not grow with the vault, so that vaults of 10k notes
// are practical in tests and benchmarks: making a vault looks no file up by scanning every file,
// an index pass after one edit resolves the links of the notes that edit can change, and a rename
// neither copies the vault's files by name nor reads notes that do not name what moves. Counted,
// not timed (the machine is shared): the counts were one per link, per note and per file before.
import './dom';
import { App } from 'obsidian-test-mocks/obsidian';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheSettled, makeVaultFaithful } from './faithful-vault';
import { FileNameIndex } from './witness/link-paths';

const NOTES = 300;

/** `NOTES` notes in folders of 50, each linking by name to three others. */
function files(): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < NOTES; i++) out[`Folder ${Math.floor(i / 50)}/Note ${i}.md`] = `# ${i}\n\n[[Note ${(i * 7 + 1) % NOTES}]] and [[Note ${(i * 13 + 2) % NOTES}|x]], ![[Note ${(i + 3) % NOTES}]]\n`;
  return out;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the runtime on a big vault', () => {
  it('makes a vault without scanning every file for each link', () => {
    const app = App.createConfigured__({ files: {} });
    const vault = app.vault as App['vault'] & { getFiles(): unknown[] };
    const getFiles = vi.spyOn(vault, 'getFiles');
    const make = vault as unknown as { createFolderSync__(p: string): void; createSync__(p: string, t: string): void };
    for (let f = 0; f * 50 < NOTES; f++) make.createFolderSync__(`Folder ${f}`);
    // The mocks' cache resolves a note's links when the note is made: the last one finds all three.
    for (const [p, text] of Object.entries(files())) make.createSync__(p, text);
    expect(getFiles.mock.calls.length).toBe(0);
    expect(app.metadataCache.resolvedLinks['Folder 5/Note 299.md']).toEqual({ 'Folder 5/Note 294.md': 1, 'Folder 5/Note 289.md': 1, 'Folder 0/Note 2.md': 1 });
  });

  it('an index pass after one edit resolves the links of the notes the edit can change', async () => {
    const app = App.createConfigured__({ files: files() });
    makeVaultFaithful(app);
    const named = vi.spyOn(FileNameIndex.prototype, 'named');
    const note = app.vault.getFileByPath('Folder 0/Note 0.md');
    if (!note) throw new Error('no note');
    await app.vault.modify(note, '[[Note 5]]');
    await cacheSettled(app);
    // One link in the edited note; nothing else names it or changed.
    expect(named.mock.calls.length).toBe(1);
    expect(app.metadataCache.resolvedLinks['Folder 0/Note 0.md']).toEqual({ 'Folder 0/Note 5.md': 1 });
  });

  it('a rename reads the notes naming what moves, and makes no copy of the files by name', async () => {
    const app = App.createConfigured__({ files: files() });
    makeVaultFaithful(app);
    const added = vi.spyOn(FileNameIndex.prototype, 'add');
    const vault = app.vault as App['vault'] & { readSync__(f: unknown): string };
    const reads = vi.spyOn(vault, 'readSync__');
    const note = app.vault.getFileByPath('Folder 1/Note 50.md');
    if (!note) throw new Error('no note');
    await app.fileManager.renameFile(note, 'Elsewhere/Note 50 moved.md');
    await cacheSettled(app);
    const linkers = Object.entries(app.metadataCache.resolvedLinks).filter(([, t]) => t['Elsewhere/Note 50 moved.md']).map(([s]) => s);
    // The moved note and the notes linking to it; the index learns the one new path.
    expect(linkers.length).toBeGreaterThan(0);
    expect(reads.mock.calls.length).toBeLessThanOrEqual(2 * (linkers.length + 1));
    expect(added.mock.calls.length).toBe(1);
    for (const s of linkers) expect(await app.vault.read(app.vault.getFileByPath(s) as never)).toContain('Note 50 moved');
  });
});
