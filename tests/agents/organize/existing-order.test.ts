// Organize respects the order a vault already has: the attachment folder (Obsidian's setting, or a
// folder of mostly attachments) keeps its files and receives new ones with no invented `Images/`
// level, and a note among folder-mates it resembles stays whatever a hub note or shared tag says.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attachmentFolderSetting, attachmentHomes } from '../../../src/agents/organize/heuristics/attachment-home';
import { affinity, nameTokens, staysWithFolderMates, tie } from '../../../src/agents/organize/heuristics/cohesion';
import { runHeuristics } from '../../../src/agents/organize/heuristics/run-heuristics';
import type { FileRecord } from '../../../src/vault-vfs/file-record';
import { record } from '../../dsl/records';

const rec = (path: string, extra: Partial<FileRecord> = {}): FileRecord => record(path, { ctime: 0, mtime: 0, mimeType: '', isHidden: false, ...extra });
const images = (folder: string, n: number): FileRecord[] => Array.from({ length: n }, (_, i) => rec(`${folder}/img ${i}.png`));

describe("Obsidian's attachment folder setting", () => {
  it('names a folder only when set to one', () => {
    expect(attachmentFolderSetting('Files')).toBe('Files');
    expect(attachmentFolderSetting('/Meta/Assets/')).toBe('Meta/Assets');
    expect(attachmentFolderSetting('/')).toBeNull();
    expect(attachmentFolderSetting('./')).toBeNull();
    expect(attachmentFolderSetting('./assets')).toBeNull();
    expect(attachmentFolderSetting(undefined)).toBeNull();
    expect(attachmentFolderSetting(3)).toBeNull();
  });

  it('sends new attachments to the set folder as they are, and leaves the ones already in it', () => {
    const records = [rec('Files/old.png'), rec('Files/Scans/bill.pdf'), rec('new.jpg'), rec('Notes/a.md'), rec('Notes/diagram.svg')];
    const r = runHeuristics(records, { folder: '', attachmentFolder: 'Files' });
    expect(Object.fromEntries(r.files.map((p) => [p.path, `${p.folder} (${p.heuristic})`]))).toEqual({ 'new.jpg': 'Files (attachment folder)', 'Notes/diagram.svg': 'Files (attachment folder)' });
    expect(r.unchanged).toEqual(expect.arrayContaining(['Files/old.png', 'Files/Scans/bill.pdf']));
  });

  it('is taken relative to the organized folder, and ignored when outside it', () => {
    expect(attachmentHomes([rec('Inbox/x.png')], 'Inbox', 'Inbox/Media')).toEqual({ primary: 'Media', homes: ['Media'] });
    expect(attachmentHomes([rec('Inbox/x.png')], 'Inbox', 'Elsewhere').primary).toBeNull();
  });
});

describe('a folder of mostly attachments', () => {
  it('is a home when at least 80% of its files, and at least 5, are attachments', () => {
    const records = [...images('Assets', 5), rec('Assets/readme.md'), ...images('Trip', 3), rec('Trip/notes.md'), rec('Inbox/a.png')];
    expect(attachmentHomes(records, '', null)).toEqual({ primary: 'Assets', homes: ['Assets'] });
    const r = runHeuristics(records, { folder: '' });
    expect(r.files.find((p) => p.path === 'Inbox/a.png')?.folder).toBe('Assets');
    expect(r.files.some((p) => p.path.startsWith('Assets/'))).toBe(false);
  });

  it('without any home, attachments are filed by kind as before', () => {
    const r = runHeuristics([rec('Inbox/a.png'), rec('Inbox/b.pdf')], { folder: 'Inbox' });
    expect(r.files.map((p) => p.folder).sort()).toEqual(['Attachments/Images', 'Attachments/PDFs']);
  });

  it('keeps every attachment already in a home, whatever the home holds (property)', () => {
    const name = fc.stringMatching(/^[a-z]{1,6}$/u);
    const ext = fc.constantFrom('png', 'jpg', 'pdf', 'mp3', 'zip');
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(name, ext), { minLength: 5, maxLength: 20, selector: ([n]) => n }), fc.array(name, { maxLength: 5 }), (files, notes) => {
        const inside = files.map(([n, e]) => rec(`Attachments/${n}.${e}`));
        const records = [...inside, ...notes.map((n) => rec(`Notes/${n}.md`))];
        const r = runHeuristics(records, { folder: '' });
        expect(r.files.filter((p) => p.path.startsWith('Attachments/'))).toEqual([]);
        expect(r.folders).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });
});

describe('cohesion', () => {
  it('scores a tie as 2 for a link plus 1 per shared tag and name token', () => {
    const a = rec('A/Sync setup.md', { tags: ['sync', 'Guide'], links: ['A/Sync limits.md'] });
    const b = rec('A/Sync limits.md', { tags: ['guide'] });
    const c = rec('B/Canvas.md');
    expect([...nameTokens('How to set up Obsidian Sync')]).toEqual(['set', 'obsidian', 'sync']);
    expect(tie(a, b)).toBe(2 + 1 + 1);
    expect(tie(b, a)).toBe(tie(a, b));
    expect(tie(a, a)).toBe(0);
    expect(tie(a, c)).toBe(0);
    expect(affinity(a, [a, b, c])).toBe(4);
  });

  it('keeps a note among folder-mates it resembles, against a hub elsewhere', () => {
    const hub = 'Interface/Appearance.md';
    const records = [
      rec(hub),
      rec('Interface/Ribbon.md', { links: [hub] }),
      rec('Interface/Sidebar.md', { links: [hub] }),
      rec('Extending/Themes.md', { links: [hub, 'Extending/Plugins.md'], tags: ['extending'] }),
      rec('Extending/Plugins.md', { tags: ['extending'], backlinks: ['Extending/Themes.md'] }),
      rec('Extending/Lonely.md', { links: [hub] }),
    ];
    const counts: Record<string, Record<string, number>> = {
      'Interface/Ribbon.md': { [hub]: 2 },
      'Interface/Sidebar.md': { [hub]: 2 },
      'Extending/Themes.md': { [hub]: 3, 'Extending/Plugins.md': 1 },
      'Extending/Lonely.md': { [hub]: 2 },
    };
    const r = runHeuristics(records, { folder: '', linkCounts: (p) => counts[p] ?? {} });
    // Themes is tied to Plugins (a link and a tag): it stays. Lonely has no tie to its folder-mates,
    // but it is filed in a folder of the owner's, and a hub is no strong evidence that another of
    // their folders holds its kind (issue 26): it stays too.
    expect(r.files).toEqual([]);
    expect(r.unchanged).toContain('Extending/Themes.md');
  });

  it('lets the destination win when the note is tied to it more strongly', () => {
    const note = rec('X/Garden beds.md', { tags: ['garden'] });
    const mates = [rec('X/Taxes.md', { tags: ['garden'] })];
    const there = [rec('Garden/Garden tools.md', { tags: ['garden'] }), rec('Garden/Raised beds.md', { links: ['X/Garden beds.md'] })];
    expect(staysWithFolderMates(note, mates, there)).toEqual({ stays: false, here: 1, there: 2 + 2 + 1 });
  });
});
