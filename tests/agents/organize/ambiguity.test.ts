// Which files and subfolders the heuristics hand to the organize agent: loose files with no
// candidate, files whose best candidates disagree closely (at any depth), and the top-most
// subfolders that would be scattered; never what the heuristics decide clearly, attachments in
// their home, or anything inside a folder that moves whole. Items never overlap (property).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidatesOf, closeCall } from '../../../src/agents/organize/heuristics/ambiguity';
import { runHeuristics } from '../../../src/agents/organize/heuristics/run-heuristics';
import type { FileRecord } from '../../../src/vault-vfs/file-record';
import { record } from '../../dsl/records';

const rec = (path: string, extra: Partial<FileRecord> = {}): FileRecord => record(path, extra);
const tagged = (path: string, tag: string): FileRecord => rec(path, { tags: [tag] });
const items = (records: FileRecord[]): Record<string, string> =>
  Object.fromEntries(runHeuristics(records, { folder: 'Inbox' }).ambiguous.map((i) => [i.path, `${i.kind}: ${i.candidates.map((c) => `${c.folder} ${c.score.toFixed(2)}`).join(', ')}`]));

describe('candidates and close calls', () => {
  it('keeps the best suggestion per folder, best first', () => {
    const c = candidatesOf([
      { path: 'a.md', folder: 'X', heuristic: 'shared tag', reason: '' },
      { path: 'a.md', folder: 'Y', heuristic: 'frontmatter type', reason: '' },
      { path: 'a.md', folder: 'X', heuristic: 'dated name', reason: '' },
    ]).get('a.md');
    expect(c?.map((x) => [x.folder, x.score, x.signal])).toEqual([['X', 0.9, 'dated name'], ['Y', 0.85, 'frontmatter type']]);
  });

  it('is a close call only when the two best disagree and are within 0.15', () => {
    const cand = (folder: string, score: number) => ({ folder, score, signal: 'shared tag' as const, reason: '' });
    expect(closeCall([cand('A', 0.9), cand('B', 0.8)])).not.toBeNull();
    expect(closeCall([cand('A', 0.9), cand('B', 0.7)])).toBeNull();
    // Meetings/2024/03 and Meetings agree: one is inside the other.
    expect(closeCall([cand('Meetings/2024/03', 0.9), cand('Meetings', 0.85)])).toBeNull();
    expect(closeCall([cand('A', 0.9)])).toBeNull();
  });
});

describe('ambiguous items', () => {
  it('loose files with no candidate, at the top only', () => {
    expect(items([rec('Inbox/idea.md'), rec('Inbox/Old/deep idea.md'), rec('Inbox/Old/other.md')])).toEqual({ 'Inbox/idea.md': 'file: ' });
  });

  it('a file whose dated name and tag disagree, at any depth (of a holding folder: a folder of the owner\'s keeps its files)', () => {
    const records = [tagged('Inbox/a.md', 'recipe'), tagged('Inbox/b.md', 'recipe'), tagged('Inbox/Downloads/er/2024-03-01 Soup.md', 'recipe'), ...[1, 2, 3, 4].map((i) => rec(`Inbox/Downloads/er/n${i}.md`)), rec('Inbox/Downloads/er/n5.md')];
    expect(items(records)).toEqual({ 'Inbox/Downloads/er/2024-03-01 Soup.md': 'file: Journal/2024 0.60, Recipe 0.60' });
  });

  it('not a file the heuristics place surely: a daily note with a tag', () => {
    const records = [tagged('Inbox/x.md', 'log'), tagged('Inbox/y.md', 'log'), tagged('Inbox/2024-03-01.md', 'log'), rec('Inbox/z.md', { tags: ['other'] })];
    expect(Object.keys(items(records))).toEqual(['Inbox/z.md']);
  });

  it('a screenshot beside a folder of photos is filed by its date, not asked about; with the setting naming a folder it is a close call', () => {
    const records = [...[1, 2, 3, 4, 5].map((i) => rec(`Inbox/Camera/IMG_${i}.jpg`)), rec('Inbox/Screenshot 2026-03-01 at 10.00.00.png')];
    expect(items(records)).toEqual({});
    const set = runHeuristics(records, { folder: 'Inbox', attachmentFolder: 'Inbox/Camera' }).ambiguous;
    expect(set.map((i) => [i.path, i.candidates.map((c) => c.signal)])).toEqual([['Inbox/Screenshot 2026-03-01 at 10.00.00.png', ['dated name', 'attachment folder']]]);
  });

  it('the top-most subfolder that would be scattered, not its files or subfolders', () => {
    // A downloads folder holds what is not sorted yet; a folder of the owner's would be filed and stay (issue 26).
    const records = [rec('Inbox/Downloads/a.pdf'), rec('Inbox/Downloads/b.png'), rec('Inbox/Downloads/c.md'), rec('Inbox/Downloads/Sub/d.png'), rec('Inbox/Downloads/Sub/e.md')];
    // Staying (in the organized folder, '') and Images hold 2 of 5 files each, PDFs 1.
    expect(items(records)).toEqual({ 'Inbox/Downloads': 'folder:  0.40, Attachments/Images 0.40, Attachments/PDFs 0.20' });
    const mixed = records.map((r) => rec(r.path.replace('Downloads', 'Mixed')));
    expect(items(mixed)).toEqual({});
  });

  it('not a subfolder that moves whole, nor one where most files agree', () => {
    const whole = [rec('Inbox/Shots/a.png'), rec('Inbox/Shots/b.png'), rec('Inbox/Shots/c.png'), rec('Inbox/Shots/d.md')];
    expect(items(whole)).toEqual({});
    const mostlyStay = [...[1, 2, 3, 4].map((i) => rec(`Inbox/Notes/n${i}.md`)), rec('Inbox/Notes/x.png')];
    expect(items(mostlyStay)).toEqual({});
  });

  it('items never overlap, and each one has a reason (property)', () => {
    const seg = fc.constantFrom('A', 'B', 'C');
    const file = fc.tuple(fc.array(seg, { maxLength: 3 }), fc.constantFrom('n.md', 'x.png', 'y.pdf', '2024-01-02.md', 't.md'), fc.nat(99));
    fc.assert(
      fc.property(fc.uniqueArray(file, { maxLength: 30, selector: ([dirs, name, n]) => `${dirs.join('/')}/${n}${name}` }), (files) => {
        const records = files.map(([dirs, name, n]) => (name === 't.md' ? tagged : (p: string) => rec(p))(['Inbox', ...dirs, `${n}${name}`].join('/'), 'topic'));
        const found = runHeuristics(records, { folder: 'Inbox' }).ambiguous;
        for (const a of found) {
          expect(a.why).not.toBe('');
          for (const b of found) if (a !== b) expect(b.path.startsWith(a.path + '/') || b.path === a.path).toBe(false);
        }
      }),
    );
  });
});
