import { describe, expect, it } from 'vitest';
import { attachmentType } from '../../../src/agents/organize/heuristics/attachment-type';
import { datedName } from '../../../src/agents/organize/heuristics/dated-names';
import { pluralFolder, titleCase } from '../../../src/agents/organize/heuristics/proposal';
import { runHeuristics } from '../../../src/agents/organize/heuristics/run-heuristics';
import { PlanBuilder } from '../../../src/agents/organize/plan-builder';
import type { FileRecord } from '../../../src/vault-vfs/file-record';
import { record } from '../../dsl/records';

const rec = (path: string, extra: Partial<FileRecord> = {}): FileRecord => record(path, { ctime: 0, mtime: 0, mimeType: '', isHidden: false, ...extra });

describe('dated names', () => {
  it.each([
    ['Inbox/2024-03-02.md', 'Daily/2024/03', 'daily note dated 2024-03'],
    ['Inbox/2024-03-02 Meeting with Ana.md', 'Meetings/2024/03', 'meeting note dated 2024-03'],
    ['Inbox/2023-11-30 - Weekly sync.md', 'Meetings/2023/11', 'meeting note dated 2023-11'],
    ['Inbox/2024-01-15 Thoughts on gardens.md', 'Journal/2024/01', 'note dated 2024-01'],
    ['Inbox/Screenshot 2024-03-02 at 10.11.12.png', 'Screenshots/2024/03', 'screenshot dated 2024-03'],
    ['Inbox/Screen Shot 2022-07-09 at 1.png', 'Screenshots/2022/07', 'screenshot dated 2022-07'],
  ])('%s goes to %s', (path, folder, why) => {
    const p = datedName(rec(path));
    expect(p?.folder).toBe(folder);
    expect(p?.reason).toContain(why);
  });

  it.each(['Inbox/2024-13-02.md', 'Inbox/Notes 2024-03-02.md', 'Inbox/2024-03-02.pdf', 'Inbox/Screenshot.png'])('leaves %s alone', (path) => {
    expect(datedName(rec(path))).toBeNull();
  });
});

describe('attachments and names', () => {
  it('files attachments by kind, not notes or hidden files', () => {
    expect(attachmentType(rec('Inbox/a.PNG'))?.folder).toBe('Attachments/Images');
    expect(attachmentType(rec('Inbox/b.pdf'))?.folder).toBe('Attachments/PDFs');
    expect(attachmentType(rec('Inbox/c.canvas'))?.folder).toBe('Canvases');
    expect(attachmentType(rec('Inbox/d.md'))).toBeNull();
    expect(attachmentType(rec('Inbox/.x.png', { isHidden: true }))).toBeNull();
    expect(attachmentType(rec('Inbox/e.xyz'))).toBeNull();
  });

  it('makes folder names', () => {
    expect(pluralFolder('meeting')).toBe('Meetings');
    expect(pluralFolder('person')).toBe('People');
    expect(pluralFolder('Story')).toBe('Stories');
    expect(pluralFolder('class')).toBe('Classes');
    expect(titleCase('area/health')).toBe('Area/Health');
    expect(titleCase('reading-list')).toBe('Reading List');
  });
});

describe('running the heuristics over a folder', () => {
  const inbox = [
    rec('Inbox/2024-03-02.md'),
    rec('Inbox/Ana.md', { frontmatter: { type: 'person' } }),
    rec('Inbox/Ben.md', { frontmatter: { type: 'person' } }),
    rec('Inbox/Cy.md', { frontmatter: { type: 'person' } }),
    rec('Inbox/Dune.md', { tags: ['reading'] }),
    rec('Inbox/Emma.md', { tags: ['reading'] }),
    rec('Inbox/Faust.md', { tags: ['reading', 'classic'] }),
    rec('Inbox/Garden.md', { links: ['Inbox/Hub.md'] }),
    rec('Inbox/Lonely.md'),
    rec('Inbox/scan.pdf'),
    rec('Inbox/Rome/1.jpg'),
    rec('Inbox/Rome/2.jpg'),
    rec('Inbox/Rome/3.jpg'),
    rec('Inbox/Rome/notes.md'),
  ];

  it("proposes one explained destination per file, and leaves a folder of the owner's where it is", () => {
    const r = runHeuristics(inbox, { folder: 'Inbox' });
    const where = Object.fromEntries(r.files.map((p) => [p.path, `${p.folder} (${p.heuristic})`]));
    // One daily note of 2024: a year folder, no month level (issue 26's date depth). Rome is a
    // folder its owner made (a trip's photos and notes): filed, so neither it nor its photos move.
    expect(where).toEqual({
      'Inbox/2024-03-02.md': 'Daily/2024 (dated name)',
      'Inbox/Ana.md': 'People (frontmatter type)',
      'Inbox/Ben.md': 'People (frontmatter type)',
      'Inbox/Cy.md': 'People (frontmatter type)',
      'Inbox/Dune.md': 'Reading (shared tag)',
      'Inbox/Emma.md': 'Reading (shared tag)',
      'Inbox/Faust.md': 'Reading (shared tag)',
      'Inbox/scan.pdf': 'Attachments/PDFs (attachment type)',
    });
    expect(r.folders).toEqual([]);
    expect(r.undecided.sort()).toEqual(['Inbox/Garden.md', 'Inbox/Lonely.md']);
  });

  it('proposes nothing for a folder it has already organized', () => {
    const builder = new PlanBuilder([]);
    const first = runHeuristics(inbox, { folder: 'Inbox' });
    const moved = new Map<string, string>();
    for (const p of first.files) moved.set(p.path, builder.place({ source: p.path, folder: `Inbox/${p.folder}`, rule: p.heuristic, reason: p.reason }) ?? p.path);
    for (const f of first.folders) {
      const dest = builder.place({ source: f.source, folder: `Inbox/${f.into}`, rule: 'folder', reason: f.reason }) ?? f.source;
      for (const r of inbox) if (r.path.startsWith(f.source + '/')) moved.set(r.path, dest + r.path.slice(f.source.length));
    }
    const after = inbox.map((r) => {
      const path = moved.get(r.path) ?? r.path;
      return rec(path, { tags: r.tags, frontmatter: r.frontmatter, links: r.links });
    });
    const second = runHeuristics(after, { folder: 'Inbox' });
    expect(second.files).toEqual([]);
    expect(second.folders).toEqual([]);
  });

  it('builds operations: folders first, collisions numbered and reported', () => {
    const b = new PlanBuilder([
      { kind: 'folder', path: 'Inbox' },
      { kind: 'folder', path: 'Inbox/attachments' },
      { kind: 'file', path: 'Inbox/attachments/pdfs/scan.pdf', stat: { size: 1, ctime: 0, mtime: 0 } },
    ]);
    expect(b.place({ source: 'Inbox/scan.pdf', folder: 'Inbox/Attachments/PDFs', rule: 'attachment type', reason: 'r' })).toBe('Inbox/attachments/pdfs/scan 1.pdf');
    expect(b.place({ source: 'Inbox/x.md', folder: 'Inbox', rule: 'r', reason: 'r' })).toBeNull();
    const plan = b.build((i) => `op${i}`);
    expect(plan.operations.map((o) => o.type)).toEqual(['move']);
    expect(plan.collisions[0]?.detail).toBe('Inbox/attachments/pdfs/scan.pdf is taken; Inbox/scan.pdf goes to Inbox/attachments/pdfs/scan 1.pdf instead');
  });

  it('never puts a file beside a name that differs from its own only in case (a case-sensitive disk may hold both)', () => {
    const stat = { size: 1, ctime: 0, mtime: 0 };
    const b = new PlanBuilder([
      { kind: 'file', path: 'Inbox/Case.md', stat },
      { kind: 'file', path: 'Inbox/case.md', stat },
      { kind: 'file', path: 'Inbox/Note.md', stat },
    ]);
    expect(b.place({ source: 'Inbox/Case.md', folder: 'Sorted', rule: 'r', reason: 'r' })).toBe('Sorted/Case.md');
    expect(b.place({ source: 'Inbox/case.md', folder: 'Sorted', rule: 'r', reason: 'r' })).toBe('Sorted/case 1.md');
    // A file's own case change collides with nothing; onto a name another file holds, it does.
    expect(b.place({ source: 'Inbox/Note.md', folder: 'Inbox', name: 'note.md', rule: 'r', reason: 'r' })).toBe('Inbox/note.md');
    expect(b.build((i) => `op${i}`).collisions.map((c) => c.detail)).toEqual(['Sorted/case.md differs only in case from Sorted/Case.md, which Obsidian takes for the same name; Inbox/case.md goes to Sorted/case 1.md instead']);
    const pair = new PlanBuilder([
      { kind: 'file', path: 'Inbox/Case.md', stat },
      { kind: 'file', path: 'Inbox/case.md', stat },
    ]);
    expect(pair.place({ source: 'Inbox/Case.md', folder: 'Inbox', name: 'CASE.md', rule: 'r', reason: 'r' })).toBe('Inbox/CASE 1.md');
  });
});

describe('hub notes', () => {
  it('puts notes that mostly link to one hub beside it', () => {
    const records = [
      rec('Inbox/Projects/Garden/Garden hub.md'),
      rec('Inbox/Tomatoes.md', { links: ['Inbox/Projects/Garden/Garden hub.md'] }),
      rec('Inbox/Compost.md', { links: ['Inbox/Projects/Garden/Garden hub.md', 'Inbox/Other.md'] }),
      rec('Inbox/Seeds.md', { links: ['Inbox/Projects/Garden/Garden hub.md'] }),
      rec('Inbox/Other.md', { links: ['Inbox/Tomatoes.md', 'Inbox/Seeds.md'] }),
    ];
    const counts: Record<string, Record<string, number>> = {
      'Inbox/Tomatoes.md': { 'Inbox/Projects/Garden/Garden hub.md': 3 },
      'Inbox/Compost.md': { 'Inbox/Projects/Garden/Garden hub.md': 2, 'Inbox/Other.md': 1 },
      'Inbox/Seeds.md': { 'Inbox/Projects/Garden/Garden hub.md': 2 },
      'Inbox/Other.md': { 'Inbox/Tomatoes.md': 1, 'Inbox/Seeds.md': 1 },
    };
    const r = runHeuristics(records, { folder: 'Inbox', linkCounts: (p) => counts[p] ?? {} });
    expect(r.files.map((p) => [p.path, p.folder])).toEqual([
      ['Inbox/Tomatoes.md', 'Projects/Garden'],
      ['Inbox/Compost.md', 'Projects/Garden'],
      ['Inbox/Seeds.md', 'Projects/Garden'],
    ]);
    expect(r.files[0]?.reason).toBe('most of its links go to [[Garden hub]], a hub 3 notes link to');
    expect(r.undecided).toEqual(['Inbox/Other.md']);
  });
});
