// The owner's order, class by class (issue 26): what organize must leave where its owner put it,
// and where a loose file joins the owner's own folders, through the heuristics on records.
import { describe, expect, it } from 'vitest';
import { type HeuristicsOptions, runHeuristics } from '../../../src/agents/organize/heuristics/run-heuristics';
import { dailyFolderFor } from '../../../src/agents/organize/owner/daily-folder';
import { ownerOrder } from '../../../src/agents/organize/owner/owner-order';
import { readOwnerSettings } from '../../../src/agents/organize/owner/owner-settings';
import type { FileRecord } from '../../../src/vault-vfs/file-record';
import { record } from '../../dsl/records';

const rec = (path: string, extra: Partial<FileRecord> = {}): FileRecord => record(path, { ctime: 0, mtime: 0, mimeType: '', isHidden: false, ...extra });
const moves = (records: FileRecord[], opts: Partial<HeuristicsOptions> & { folder: string }): Record<string, string> => {
  const r = runHeuristics(records, opts);
  return { ...Object.fromEntries(r.files.map((p) => [p.path, p.folder])), ...Object.fromEntries(r.folders.map((f) => [f.source, `${f.into} (whole)`])) };
};
const n = (count: number, make: (i: number) => FileRecord): FileRecord[] => Array.from({ length: count }, (_, i) => make(i));

describe('a file in a subfolder its owner made is filed', () => {
  it('is not regrouped by a topic tag or a type into a folder the plan invents', () => {
    const records = [
      ...n(6, (i) => rec(`Library/Algebra/t${i}.md`, { tags: ['math'] })),
      ...n(6, (i) => rec(`Library/Analysis/u${i}.md`, { tags: ['math'] })),
      ...n(4, (i) => rec(`Library/Zettel/c${i}.md`, { frontmatter: { type: i % 2 === 0 ? 'concept' : 'map' } })),
    ];
    expect(moves(records, { folder: 'Library' })).toEqual({});
    expect(moves(records, { folder: '' })).toEqual({});
  });

  it("moves only into the owner's existing folder that clearly holds its kind, and says so in their terms", () => {
    const tools = n(5, (i) => rec(`30_Library/120_Tools/tool ${i}.md`, { frontmatter: { type: 'tool' } }));
    const stray = rec('30_Library/100_Zettelkasten/jq.md', { frontmatter: { type: 'tool' } });
    const mates = n(3, (i) => rec(`30_Library/100_Zettelkasten/z${i}.md`));
    const r = runHeuristics([...tools, stray, ...mates, rec('README.md')], { folder: '' });
    expect(r.files.map((p) => [p.path, p.folder])).toEqual([['30_Library/100_Zettelkasten/jq.md', '30_Library/120_Tools']]);
    expect(r.files[0]?.reason).toMatch(/joins your 30_Library\/120_Tools where its 5 siblings are$/u);
    // A tool note in a subfolder of the tools folder is already home.
    expect(moves([...tools, rec('30_Library/120_Tools/CLI/rg.md', { frontmatter: { type: 'tool' } }), ...mates], { folder: '' })).toEqual({});
  });

  it('never moves by a hub note or a shared property, whatever the score of the destination', () => {
    const hub = 'Interface/Appearance.md';
    const records = [rec(hub), rec('Interface/Ribbon.md', { links: [hub] }), rec('Interface/Sidebar.md', { links: [hub] }), rec('Extending/Lonely.md', { links: [hub] }), rec('Extending/Other.md')];
    const counts: Record<string, Record<string, number>> = { 'Interface/Ribbon.md': { [hub]: 2 }, 'Interface/Sidebar.md': { [hub]: 2 }, 'Extending/Lonely.md': { [hub]: 2 } };
    expect(moves(records, { folder: '', linkCounts: (p) => counts[p] ?? {} })).toEqual({});
  });

  it('a folder of the owner\'s never moves whole, nor into a folder named like itself; a holding folder still does', () => {
    const owners = n(4, (i) => rec(`Inbox/Container_Security/n${i}.md`, { tags: ['container_security'] }));
    expect(moves([...owners, rec('Inbox/x.md')], { folder: 'Inbox' })).toEqual({});
    // In a downloads folder the group is no owner's choice: the folder may move whole, but never
    // into a folder named like itself (`SoT` into `Sots/`).
    const sot = [...n(3, (i) => rec(`Inbox/Downloads/SoT/n${i}.md`, { frontmatter: { type: 'sot' } })), rec('Inbox/Downloads/y.md'), rec('Inbox/Downloads/z.md'), rec('Inbox/x.md')];
    expect(runHeuristics(sot, { folder: 'Inbox' }).folders).toEqual([]);
    const shots = n(4, (i) => rec(`Inbox/Downloads/old/Screenshot 2024-03-0${i + 1} at 10.00.00.png`));
    expect(moves([...shots, rec('Inbox/x.md')], { folder: 'Inbox' })).toEqual({ 'Inbox/Downloads': 'Screenshots/2024 (whole)' });
  });
});

describe('status tags', () => {
  it('never make a folder, nested or not; a topic tag on loose notes still does', () => {
    const records = [
      ...n(4, (i) => rec(`Inbox/s${i}.md`, { tags: ['seedling'] })),
      ...n(4, (i) => rec(`Inbox/p${i}.md`, { tags: ['placeholder/description'] })),
      ...n(3, (i) => rec(`Inbox/r${i}.md`, { tags: ['recipe'] })),
      rec('Inbox/other.md'),
    ];
    const to = moves(records, { folder: 'Inbox' });
    expect(new Set(Object.values(to))).toEqual(new Set(['Recipe']));
  });

  it('a tag the filed notes carry in many folders, none holding half, is a state', () => {
    const records = ['A', 'B', 'C', 'D'].flatMap((f) => n(2, (i) => rec(`${f}/n${i}.md`, { tags: ['sprouting-idea'] })));
    const owner = ownerOrder({ folder: '', records });
    expect(owner.isStateTag('sprouting-idea')).toBe(true);
    expect(owner.isStateTag('math')).toBe(false);
  });
});

describe('folder notes', () => {
  it('stay with their folder: named like it, index, README', () => {
    const people = n(3, (i) => rec(`Inbox/p${i}.md`, { frontmatter: { type: 'person' } }));
    const notes = [rec('Inbox/Inbox.md', { frontmatter: { type: 'person' } }), rec('Inbox/README.md', { frontmatter: { type: 'person' } }), rec('Inbox/index.md', { frontmatter: { type: 'person' } })];
    const r = runHeuristics([...people, ...notes, rec('Inbox/a.md'), rec('Inbox/b.md'), rec('Inbox/c.md')], { folder: 'Inbox' });
    expect(r.files.map((p) => p.path).sort()).toEqual(people.map((p) => p.path));
    expect(r.unchanged).toEqual(expect.arrayContaining(notes.map((x) => x.path)));
  });
});

describe('a folder that is all attachments', () => {
  it('is never sorted into kind folders inside itself, with or without the setting', () => {
    const files = [...n(20, (i) => rec(`Assets/Pasted image ${i}.png`)), rec('Assets/paper.pdf'), rec('Assets/anim.gif'), rec('Assets/photo.jpg')];
    expect(moves(files, { folder: 'Assets' })).toEqual({});
    expect(moves(files, { folder: 'Assets', attachmentFolder: 'Assets' })).toEqual({});
  });
});

describe("the owner's special folders", () => {
  it('templates stay in the templates folder, whatever their tags', async () => {
    const settings = await readOwnerSettings(async (f) => (f === 'templates.json' ? '{"folder":"Templates/"}' : f === 'plugins/templater-obsidian/data.json' ? '{"templates_folder":"Meta/Templater"}' : null));
    expect(settings.templateFolders).toEqual(['Templates', 'Meta/Templater']);
    const records = [...n(3, (i) => rec(`Inbox/m${i}.md`, { tags: ['meeting'] })), rec('Templates/Meeting.md', { tags: ['meeting'] }), rec('Meta/Templater/Weekly.md', { frontmatter: { type: 'meeting' } }), rec('Other/x.md')];
    const owner = ownerOrder({ folder: '', records, settings });
    const to = moves(records, { folder: '', owner });
    expect(Object.keys(to).filter((p) => !p.startsWith('Inbox/'))).toEqual([]);
  });

  it('daily notes go where the Daily notes settings say, by the format\'s folders', async () => {
    const settings = await readOwnerSettings(async (f) => (f === 'daily-notes.json' ? '{"folder":"20-Diary","format":"YYYY/MM/YYYY-MM-DD"}' : null));
    expect(settings.dailyNotes).toEqual({ folder: '20-Diary', format: 'YYYY/MM/YYYY-MM-DD' });
    expect(dailyFolderFor({ folder: '20-Diary', format: 'YYYY/[Q]M/YYYY-MM-DD' }, 2024, 3, 2)).toBe('20-Diary/2024/Q3');
    expect(dailyFolderFor({ folder: '', format: 'YYYY-MM-DD' }, 2024, 3, 2)).toBe('');
    expect(dailyFolderFor({ folder: 'D', format: 'gggg/[W]ww/YYYY-MM-DD' }, 2024, 3, 2)).toBe('D');
    const records = [...n(5, (i) => rec(`20-Diary/2023/01/2023-01-0${i + 1}.md`)), rec('2024-03-02.md'), rec('Notes/a.md'), rec('Notes/b.md')];
    const r = runHeuristics(records, { folder: '', ...(settings.dailyNotes ? { dailyNotes: settings.dailyNotes } : {}) });
    expect(r.files.map((p) => [p.path, p.folder])).toEqual([['2024-03-02.md', '20-Diary/2024/03']]);
    expect(r.files[0]?.reason).toMatch(/your Daily notes settings keep them in 20-Diary\/2024\/03 \(format YYYY\/MM\/YYYY-MM-DD\)/u);
  });

  it('filed daily notes that do not follow a changed format stay; a loose one goes by the format', () => {
    const dailyNotes = { folder: '20-Diary', format: 'YYYY/MM/YYYY-MM-DD' };
    const records = [...n(9, (i) => rec(`20-Diary/2023-01-0${i + 1}.md`)), rec('20-Diary/2023/02/2023-02-01.md'), rec('2024-03-02.md'), rec('Notes/a.md'), rec('Notes/b.md')];
    expect(moves(records, { folder: '', dailyNotes })).toEqual({ '2024-03-02.md': '20-Diary/2024/03' });
    // When most follow it, the stray one joins them.
    const most = [...n(9, (i) => rec(`20-Diary/2023/01/2023-01-0${i + 1}.md`)), rec('20-Diary/2023-02-01.md'), rec('Notes/a.md')];
    expect(moves(most, { folder: '', dailyNotes })).toEqual({ '20-Diary/2023-02-01.md': '20-Diary/2023/02' });
  });

  it('a missing, empty or broken settings file says nothing', async () => {
    expect(await readOwnerSettings(async () => null)).toEqual({ templateFolders: [] });
    expect(await readOwnerSettings(async () => 'not json')).toEqual({ templateFolders: [] });
    expect(await readOwnerSettings(async (f) => (f === 'daily-notes.json' ? '{}' : null))).toEqual({ dailyNotes: { folder: '', format: 'YYYY-MM-DD' }, templateFolders: [] });
  });
});

describe('numbered schemes are the owner\'s homes', () => {
  it('in an organized vault a loose note joins an existing folder or stays: no folder is invented', () => {
    const filed = [...n(5, (i) => rec(`10_Projects/p${i}.md`)), ...n(5, (i) => rec(`20-Diary/2023-01-0${i + 1}.md`))];
    const loose = [...n(3, (i) => rec(`idea ${i}.md`, { tags: ['idea'] })), rec('2024-05-01.md')];
    const to = moves([...filed, ...loose], { folder: '' });
    expect(to).toEqual({});
  });
});

describe('date depth', () => {
  it('a year of 29 notes is one folder; a year of 70 is split by month', () => {
    const day = (y: number, i: number): string => new Date(Date.UTC(y, 0, 1) + i * 5 * 86_400_000).toISOString().slice(0, 10);
    const records = [...n(29, (i) => rec(`Inbox/${day(2022, i)}.md`)), ...n(70, (i) => rec(`Inbox/${day(2023, i)}.md`)), ...n(30, (i) => rec(`Inbox/note ${i}.md`))];
    const to = Object.values(moves(records, { folder: 'Inbox' }));
    expect(new Set(to.filter((f) => f.includes('2022')))).toEqual(new Set(['Daily/2022']));
    expect(new Set(to.filter((f) => f.includes('2023'))).size).toBe(12);
  });
});

describe('sync-conflict copies', () => {
  it('go where their original goes, listed as conflict copies', () => {
    const records = [rec('Inbox/2024-03-02.md'), rec('Inbox/2024-03-02 (conflicted copy 2026-11-01).md'), rec("Inbox/2024-03-02 (Ana's conflicted copy 2026-11-01 101112).md"), rec('Inbox/2024-03-02.sync-conflict-20261101-101112-ABCDEFG.md'), ...n(4, (i) => rec(`Inbox/n${i}.md`))];
    const r = runHeuristics(records, { folder: 'Inbox' });
    expect(new Set(r.files.map((p) => p.folder))).toEqual(new Set(['Daily/2024']));
    const copies = r.files.filter((p) => p.path !== 'Inbox/2024-03-02.md');
    expect(copies).toHaveLength(3);
    for (const c of copies) expect([c.heuristic, c.reason]).toEqual(['conflict copy', expect.stringMatching(/^a sync-conflict copy of Inbox\/2024-03-02\.md: goes with Inbox\/2024-03-02\.md/u)]);
  });

  it('stay with an original that stays', () => {
    const records = [rec('Diary/2024-03-02.md'), rec('Diary/2024-03-02.sync-conflict-20261101-101112-ABCDEFG.md'), rec('Diary/2024-03-03.md'), rec('x.md')];
    expect(moves(records, { folder: '' })).toEqual({});
  });
});
