// The heuristics that group a messy inbox: dates written after the title or without separators,
// one folder for a group named in singular and plural, an attachment home that takes only the
// kinds it holds, and notes joining the group whose notes share a property with them.
import { describe, expect, it } from 'vitest';
import { datedName } from '../../../src/agents/organize/heuristics/dated-names';
import { unifyGroupNames } from '../../../src/agents/organize/heuristics/group-names';
import { runHeuristics } from '../../../src/agents/organize/heuristics/run-heuristics';
import type { FileRecord } from '../../../src/vault-vfs/file-record';
import { record } from '../../dsl/records';

const rec = (path: string, extra: Partial<FileRecord> = {}): FileRecord => record(path, extra);
const placed = (records: FileRecord[], attachmentFolder: string | null = null): Record<string, string> =>
  Object.fromEntries(runHeuristics(records, { folder: 'Inbox', attachmentFolder }).files.map((p) => [p.path, `${p.folder} (${p.heuristic})`]));

describe('dated names, as people and phones write them', () => {
  it.each([
    ['Inbox/2026-03-01 Sunday.md', 'Daily/2026/03'],
    ['Inbox/2026-03-01 2.md', 'Daily/2026/03'],
    ['Inbox/Meeting with Ana 2026-03-01.md', 'Meetings/2026/03'],
    ['Inbox/1-1 Bruno 2026-02-11.md', 'Meetings/2026/02'],
    ['Inbox/Weekly sync, 2025-12-05.md', 'Meetings/2025/12'],
    ['Inbox/Screenshot_20260304-091255.png', 'Screenshots/2026/03'],
    ['Inbox/CleanShot 2026-03-05 at 10.00.01@2x.png', 'Screenshots/2026/03'],
  ])('%s goes to %s', (path, folder) => {
    expect(datedName(rec(path))?.folder).toBe(folder);
  });

  it('a trailing date makes a meeting only with a meeting word, type or tag', () => {
    expect(datedName(rec('Inbox/Planning 2026-03-01.md'))).toBeNull();
    expect(datedName(rec('Inbox/Planning 2026-03-01.md', { frontmatter: { type: 'meeting' } }))?.folder).toBe('Meetings/2026/03');
    expect(datedName(rec('Inbox/Planning 2026-03-01.md', { tags: ['meeting'] }))?.folder).toBe('Meetings/2026/03');
    expect(datedName(rec('Inbox/Report 2026-13-01.md', { tags: ['meeting'] }))).toBeNull();
  });

  it('a date-first note with any other title is a weak signal', () => {
    expect(datedName(rec('Inbox/2026-03-01 Sourdough.md'))?.confidence).toBe(0.6);
    expect(datedName(rec('Inbox/2026-03-01.md'))?.confidence).toBeUndefined();
  });
});

describe('one group, one folder', () => {
  it('a tag joins the plural folder of the type of the same name', () => {
    const records = [
      ...['Ana', 'Ben', 'Cy'].map((n) => rec(`Inbox/${n}.md`, { frontmatter: { type: 'person' } })),
      ...['Dee', 'Eve', 'Flo'].map((n) => rec(`Inbox/${n}.md`, { tags: ['person'] })),
      rec('Inbox/other.md'),
    ];
    expect(Object.values(placed(records)).sort()).toEqual([...Array.from({ length: 3 }, () => 'People (frontmatter type)'), ...Array.from({ length: 3 }, () => 'People (shared tag)')]);
  });

  it('a #meeting tag joins the dated meetings', () => {
    const records = [rec('Inbox/2026-01-02 Meeting with Ana.md'), ...['a', 'b', 'c'].map((n) => rec(`Inbox/Kickoff ${n}.md`, { tags: ['meeting'] })), rec('Inbox/x.md')];
    expect(placed(records)['Inbox/Kickoff a.md']).toBe('Meetings (shared tag)');
  });

  it('uses the plural folder the user already has, and never renames one of theirs', () => {
    const proposals = [{ path: 'Inbox/a.md', folder: 'Book', heuristic: 'shared tag' as const, reason: '#book' }];
    expect(unifyGroupNames(proposals, ['Books'])[0]?.folder).toBe('Books');
    expect(unifyGroupNames(proposals, ['Book', 'Books'])[0]?.folder).toBe('Book');
    const hub = [{ path: 'Inbox/a.md', folder: 'Book', heuristic: 'hub note' as const, reason: 'hub' }];
    expect(unifyGroupNames(hub, ['Books'])[0]?.folder).toBe('Book');
  });
});

describe('attachment homes by kind', () => {
  const photos = Array.from({ length: 6 }, (_, i) => rec(`Inbox/Camera Uploads/IMG_${i}.jpg`));

  it('a folder of photos takes new photos, not invoices', () => {
    const out = placed([...photos, rec('Inbox/IMG_9.jpg'), rec('Inbox/invoice-001.pdf'), rec('Inbox/a.md')]);
    expect(out['Inbox/IMG_9.jpg']).toBe('Camera Uploads (attachment folder)');
    expect(out['Inbox/invoice-001.pdf']).toBe('Attachments/PDFs (attachment type)');
  });

  it('a folder of several kinds, or the one the setting names, takes every kind', () => {
    const mixed = [...photos.slice(0, 4), rec('Inbox/Camera Uploads/scan.pdf'), rec('Inbox/Camera Uploads/memo.m4a')];
    expect(placed([...mixed, rec('Inbox/invoice-001.pdf')])['Inbox/invoice-001.pdf']).toBe('Camera Uploads (attachment folder)');
    expect(placed([...photos, rec('Inbox/invoice-001.pdf')], 'Inbox/Files')['Inbox/invoice-001.pdf']).toBe('Files (attachment folder)');
  });
});

describe('shared properties', () => {
  const recipes = ['Soup', 'Stew', 'Bread'].map((n) => rec(`Inbox/${n}.md`, { tags: ['recipe'], frontmatter: { tags: ['recipe'], servings: 4, created: '2026-01-01' } }));

  it('a note with no type or tag joins the group whose notes share a property with it', () => {
    const out = placed([...recipes, rec('Inbox/Dal.md', { frontmatter: { servings: 2 } }), rec('Inbox/Thought.md')]);
    expect(out['Inbox/Dal.md']).toBe('Recipe (shared property)');
    expect(out['Inbox/Thought.md']).toBeUndefined();
  });

  it('not by a property every kind of note has, nor one the groups share', () => {
    const people = ['Ana', 'Ben', 'Cy'].map((n) => rec(`Inbox/${n}.md`, { frontmatter: { type: 'person', servings: 1, created: '2026-01-01' } }));
    const out = placed([...recipes, ...people, rec('Inbox/Dal.md', { frontmatter: { servings: 2 } }), rec('Inbox/Memo.md', { frontmatter: { created: '2026-02-02' } })]);
    expect(out['Inbox/Dal.md']).toBeUndefined();
    expect(out['Inbox/Memo.md']).toBeUndefined();
  });
});
