import { describe, expect, it } from 'vitest';
import { StaleLinkEditError, applyLinkEdits, rewriteLinksForRenames } from '../../../src/vault-vfs/links/apply-link-edits';
import type { RenameEntry } from '../../../src/vault-vfs/links/expand-renames';
import { planLinkRewrites } from '../../../src/vault-vfs/links/rewrite-links';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import type { NewLinkFormat } from '../../../src/vault-vfs/vault-port';

function rename(notes: Record<string, string>, renames: RenameEntry[], format: NewLinkFormat = 'shortest', attachments: string[] = []) {
  const files = [...Object.keys(notes), ...attachments];
  const snapshots = new Map(Object.entries(notes).map(([p, text]) => [p, { text, metadata: parseMarkdown(text) }]));
  const result = rewriteLinksForRenames({ files, notes: snapshots, renames, newLinkFormat: format });
  return { ...result, texts: Object.fromEntries(result.texts) };
}

describe('rewriting links for a renamed note', () => {
  const notes = {
    'Old.md': '# Old',
    'Src.md': [
      '[[Old]] [[Old|Alias]] [[Old#Heading]] [[Old#^blk|b]] ![[Old]] ![[Old#Part]]',
      '[t](Old.md) [t](Old.md#Some%20Heading) [t](<Old.md>) ![i](Old.md)',
      '| [[Old\\|cell]] |',
      '`[[Old]]` [[Other]] [[Missing]]',
    ].join('\n'),
    'Other.md': 'no links to Old',
  };

  it('rewrites every form, keeping alias, subpath, embed mark and style', () => {
    const { texts, problems } = rename(notes, [{ from: 'Old.md', to: 'Folder/New Name.md' }]);
    expect(problems).toEqual([]);
    expect(texts).toEqual({
      'Src.md': [
        '[[New Name]] [[New Name|Alias]] [[New Name#Heading]] [[New Name#^blk|b]] ![[New Name]] ![[New Name#Part]]',
        '[t](New%20Name.md) [t](New%20Name.md#Some%20Heading) [t](<New Name.md>) ![i](New%20Name.md)',
        '| [[New Name\\|cell]] |',
        '`[[Old]]` [[Other]] [[Missing]]',
      ].join('\n'),
    });
  });

  it('follows newLinkFormat', () => {
    expect(rename(notes, [{ from: 'Old.md', to: 'Folder/New.md' }], 'absolute').texts['Src.md']?.split('\n')[0]).toBe(
      '[[Folder/New]] [[Folder/New|Alias]] [[Folder/New#Heading]] [[Folder/New#^blk|b]] ![[Folder/New]] ![[Folder/New#Part]]',
    );
    const relative = rename({ 'A/Src.md': '[[Old]] [x](Old.md)', 'Old.md': '' }, [{ from: 'Old.md', to: 'B/New.md' }], 'relative');
    expect(relative.texts).toEqual({ 'A/Src.md': '[[../B/New]] [x](../B/New.md)' });
  });

  it('uses the full path when the new name is not unique (shortest)', () => {
    const { texts } = rename({ 'Src.md': '[[Old]]', 'Old.md': '', 'X/Dup.md': '' }, [{ from: 'Old.md', to: 'Y/Dup.md' }]);
    expect(texts).toEqual({ 'Src.md': '[[Y/Dup]]' });
  });

  it('leaves notes without affected links out, and other links byte for byte', () => {
    const { texts } = rename(notes, [{ from: 'Old.md', to: 'New.md' }]);
    expect(Object.keys(texts)).toEqual(['Src.md']);
    expect(texts['Src.md']?.split('\n')[3]).toBe('`[[Old]]` [[Other]] [[Missing]]');
  });

  it('keeps a link that still leads to the moved note ([[Note]] stays unique)', () => {
    const { texts } = rename({ 'Src.md': '[[Note]] and [n](A/Note.md)', 'A/Note.md': '' }, [{ from: 'A/Note.md', to: 'B/Note.md' }]);
    expect(texts).toEqual({ 'Src.md': '[[Note]] and [n](Note.md)' });
  });

  it('changes no text for a case-only rename', () => {
    const { texts, problems } = rename({ 'Src.md': '[[note]] [[Note#H]]', 'Note.md': '' }, [{ from: 'Note.md', to: 'NOTE.md' }]);
    expect(texts).toEqual({});
    expect(problems).toEqual([]);
  });

  it('rewrites frontmatter links, in double and single quotes', () => {
    const text = '---\nup: "[[Old]]"\nrel:\n  - \'[[Old|shown]]\'\n  - "[[Keep]]"\n---\nbody [[Old]]';
    const { texts } = rename({ 'Src.md': text, 'Old.md': '', 'Keep.md': '' }, [{ from: 'Old.md', to: "It's New.md" }]);
    expect(texts).toEqual({ 'Src.md': '---\nup: "[[It\'s New]]"\nrel:\n  - \'[[It\'\'s New|shown]]\'\n  - "[[Keep]]"\n---\nbody [[It\'s New]]' });
    expect(parseMarkdown(texts['Src.md'] ?? '').frontmatterLinks.map((l) => l.link)).toEqual(["It's New", "It's New", 'Keep']);
  });
});

describe('rewriting links inside a moved note', () => {
  it('fixes relative markdown links that the move broke, and keeps those that still work', () => {
    const notes = {
      'A/B/Moving.md': '[up](../Sibling.md) [same](./Here.md) [deep](../../Top.md) [[Here]]',
      'A/Sibling.md': '',
      'Sibling.md': '',
      'A/B/Here.md': '',
      'Top.md': '',
    };
    const { texts } = rename(notes, [{ from: 'A/B/Moving.md', to: 'X/Moving.md' }], 'relative');
    // `../../Top.md` from X/ climbs past the root and still finds Top.md, as in Obsidian: kept.
    expect(texts).toEqual({ 'X/Moving.md': '[up](../A/Sibling.md) [same](../A/B/Here.md) [deep](../../Top.md) [[Here]]' });
  });

  it('rewrites links to a note whose resolution a move changed, though it did not move', () => {
    // A second "Note.md" arrives in the source's folder and would capture [[Note]].
    const notes = { 'S/Src.md': '[[Note]]', 'Z/Note.md': '', 'Y/Note2.md': '' };
    const { texts } = rename(notes, [{ from: 'Y/Note2.md', to: 'S/Note.md' }]);
    expect(texts).toEqual({ 'S/Src.md': '[[Z/Note]]' });
  });

  it('moves whole folders, links in and out of them', () => {
    const notes = {
      'Proj/Plan.md': '[[Spec]] [s](Spec.md) [o](../Outside.md)',
      'Proj/Spec.md': '![[Proj/diagram.png]]',
      'Outside.md': '[[Proj/Plan]] [p](Proj/Plan.md)',
    };
    const { texts } = rename(notes, [{ from: 'Proj', to: 'Archive/Old' }], 'shortest', ['Proj/diagram.png']);
    expect(texts).toEqual({
      'Archive/Old/Plan.md': '[[Spec]] [s](Spec.md) [o](Outside.md)',
      'Archive/Old/Spec.md': '![[diagram.png]]',
      'Outside.md': '[[Plan]] [p](Plan.md)',
    });
  });

  it('keeps links a folder move leaves valid through a path suffix (Obsidian matches those too)', () => {
    const notes = { 'Proj/Plan.md': '', 'Outside.md': '[[Proj/Plan]]' };
    expect(rename(notes, [{ from: 'Proj', to: 'Archive/2024 Proj' }]).texts).toEqual({});
  });
});

describe('planning and applying separately', () => {
  const text = 'see [[Old]] and [[Old]]';
  const files = ['Src.md', 'Old.md'];
  const plan = planLinkRewrites({
    files,
    metadataOf: (p) => (p === 'Src.md' ? parseMarkdown(text) : p === 'Old.md' ? parseMarkdown('') : null),
    renames: [{ from: 'Old.md', to: 'New.md' }],
    newLinkFormat: 'shortest',
  });

  it('plans from metadata alone, one note with two edits', () => {
    expect(plan.notes).toEqual([
      {
        before: 'Src.md',
        after: 'Src.md',
        edits: [
          { where: 'body', offset: 4, original: '[[Old]]', replacement: '[[New]]', target: 'New.md' },
          { where: 'body', offset: 16, original: '[[Old]]', replacement: '[[New]]', target: 'New.md' },
        ],
      },
    ]);
  });

  it('applies the plan, and refuses a text that changed since', () => {
    const note = plan.notes[0];
    if (!note) throw new Error('expected a planned note');
    expect(applyLinkEdits(text, note).text).toBe('see [[New]] and [[New]]');
    expect(() => applyLinkEdits('changed: see [[Old]] and [[Old]]', note)).toThrow(StaleLinkEditError);
  });

  it('reports a link no text can express instead of breaking it', () => {
    const result = rename({ 'Src.md': '[[pic.png]]' }, [{ from: 'pic.png', to: 'a#b.png' }], 'shortest', ['pic.png']);
    expect(result.texts).toEqual({});
    expect(result.problems).toEqual([{ source: 'Src.md', original: '[[pic.png]]', reason: expect.stringContaining('a#b.png') as string }]);
  });
});
