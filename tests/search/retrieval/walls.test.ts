// The one wall list and the one test of a path against it (walls.ts).
import { describe, expect, it } from 'vitest';
import { wallFolders, wallFor, wallOf } from '../../../src/search/retrieval/walls';

describe('the walls', () => {
  it('are the excluded folders, the plan and chat folders, the config folder and .trash, each once', () => {
    expect(wallFolders({ configDir: '.obsidian', excludedFolders: ['/Private/', 'reeve/plans', ''], planFolder: 'Reeve/Plans', chatFolder: 'Reeve/Chats' })).toEqual(['Private', 'reeve/plans', 'Reeve/Chats', '.obsidian', '.trash']);
  });

  it('hold for every hidden folder, whatever the case of a name, and for a folder named with its slash', () => {
    const walls = ['Private', 'Reeve/Chats'];
    expect(wallFor(walls, 'private/a.md')).toBe('Private');
    expect(wallFor(walls, 'Reeve/Chats/Chat.md')).toBe('Reeve/Chats');
    expect(wallFor(walls, 'Reeve/Plan.md')).toBeNull();
    expect(wallFor(walls, 'Privateer/a.md')).toBeNull();
    expect(wallFor(walls, 'Notes/.hidden/deep/a.md')).toBe('Notes/.hidden');
    expect(wallFor(walls, '.hidden/')).toBe('.hidden');
    // A hidden file is no folder: Task's own refusals deal with it (filter-proposals.ts).
    expect(wallFor(walls, 'Notes/.draft.md')).toBeNull();
    const wall = wallOf(walls);
    expect([wall('PRIVATE/x.md'), wall('.git/config'), wall('Garden.md')]).toEqual([true, true, false]);
  });

  it('hold for a folder whose name is decomposed on disk (named on macOS) when the setting names it composed, and the other way', () => {
    const composed = 'Archivé';
    const decomposed = composed.normalize('NFD');
    expect(wallFor([composed], `${decomposed}/x.md`)).toBe(composed);
    expect(wallFor([decomposed], `${composed}/x.md`)).toBe(decomposed);
    expect(wallOf([composed])(`${decomposed}/x.md`)).toBe(true);
    expect(wallOf([decomposed])(`${composed.toUpperCase()}/x.md`)).toBe(true);
    expect(wallOf([composed])('Archive/x.md')).toBe(false);
  });
});
