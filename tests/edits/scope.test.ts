import { describe, expect, it } from 'vitest';
import { filter, opProposal } from '../../src/edits/scope/filter-proposals';
import { compileFolderGlob } from '../../src/edits/scope/folder-glob';
import { buildScopePolicy, type Capability, type Proposal, type ScopePolicyInput } from '../../src/edits/scope/scope-policy';

const ALL: Capability[] = ['add', 'delete', 'create', 'navigate', 'move', 'rename', 'trash'];
const links = { 'Home.md': { 'A.md': 1 }, 'B.md': { 'Home.md': 2 }, 'C.md': { 'A.md': 1 } };

function policy(over: Partial<ScopePolicyInput> = {}) {
  return buildScopePolicy({ configDir: '.obsidian', scope: 'current', capabilities: ALL, currentNote: 'Home.md', resolvedLinks: links, ...over });
}

function reasons(ps: Proposal[], over: Partial<ScopePolicyInput> = {}): (string | null)[] {
  const r = filter(ps, policy(over));
  return ps.map((p) => r.refused.find((x) => x.proposal === p)?.reason ?? null);
}

const edit = (file: string, type: 'add' | 'replace' | 'delete' = 'replace'): Proposal => ({ kind: 'edit', file, type });

describe('editable scope', () => {
  it('current allows only the current note', () => {
    expect(reasons([edit('Home.md'), edit('A.md')])).toEqual([null, '"A.md" is outside the editable scope: only the current note (Home.md)']);
  });

  it('linked allows notes linked to or from the current note', () => {
    expect(reasons([edit('Home.md'), edit('A.md'), edit('B.md'), edit('C.md')], { scope: 'linked' }).map((r) => r === null)).toEqual([true, true, true, false]);
  });

  it('context allows the notes in the context', () => {
    expect(reasons([edit('C.md'), edit('A.md')], { scope: 'context', contextNotes: ['C.md'] }).map((r) => r === null)).toEqual([true, false]);
  });

  it('folder globs match folders, segments and deep paths', () => {
    expect(compileFolderGlob('Projects')('Projects/a/b.md')).toBe(true);
    expect(compileFolderGlob('Projects')('Projects2/a.md')).toBe(false);
    expect(compileFolderGlob('Daily/*.md')('Daily/2024/x.md')).toBe(false);
    expect(compileFolderGlob('Daily/**/*.md')('Daily/2024/x.md')).toBe(true);
    expect(compileFolderGlob('**/Drafts/**')('a/b/Drafts/c.md')).toBe(true);
    expect(compileFolderGlob('Notes/a?.md')('Notes/ab.md')).toBe(true);
    const r = reasons([edit('Projects/x.md'), edit('Home.md'), { kind: 'create', file: 'Elsewhere/n.md' }], { scope: { folders: ['Projects/**'] } });
    expect(r[0]).toBeNull();
    expect(r[1]).toMatch(/outside the editable scope: the folders "Projects\/\*\*"/);
    expect(r[2]).toMatch(/outside the editable scope/);
  });
});

describe('capabilities', () => {
  it('add, delete, replace (needs both), create and navigate', () => {
    const ps: Proposal[] = [edit('Home.md', 'add'), edit('Home.md', 'delete'), edit('Home.md', 'replace'), { kind: 'create', file: 'New.md' }, { kind: 'open', file: 'A.md' }];
    expect(reasons(ps, { capabilities: ['add'] })).toEqual([
      null,
      'deleting text needs the "delete" permission, which this task does not have',
      'replacing text needs the "delete" permission, which this task does not have',
      'creating a note needs the "create" permission, which this task does not have',
      'opening a note needs the "navigate" permission, which this task does not have',
    ]);
    expect(reasons(ps).every((r) => r === null)).toBe(true);
  });

  it('move, rename and trash for organize operations', () => {
    const ops = [
      opProposal({ opId: '1', type: 'move', source: 'Inbox/a.pdf', destination: 'Docs/a.pdf' }),
      opProposal({ opId: '2', type: 'rename', source: 'Inbox/b.md', destination: 'Inbox/c.md' }),
      opProposal({ opId: '3', type: 'trash', path: 'Inbox/d.md' }),
    ];
    expect(reasons(ops, { capabilities: ['move'] })).toEqual([null, 'a rename needs the "rename" permission, which this task does not have', 'a trash needs the "trash" permission, which this task does not have']);
  });
});

describe('walls, protected paths and path safety', () => {
  it('refuses excluded folders, in both directions for folder operations', () => {
    const r = reasons(
      [edit('Private/x.md'), opProposal({ opId: '1', type: 'move', source: 'Inbox', destination: 'Archive/Inbox' }), opProposal({ opId: '2', type: 'move', source: 'a.md', destination: 'private/a.md' })],
      { scope: { folders: ['**'] }, excludedFolders: ['Private', 'Inbox/Secret'] },
    );
    expect(r).toEqual(['"Private/x.md" is in the excluded folder "Private"', '"Inbox" holds the excluded folder "Inbox/Secret"', '"private/a.md" is in the excluded folder "Private"']);
  });

  it('refuses the config folder, the plugin folder, .trash, traversal and unnormalized paths', () => {
    const r = reasons(
      [edit('.obsidian/plugins/reeve/journal.md'), opProposal({ opId: '1', type: 'trash', path: '.trash/a.md' }), edit('../outside.md'), edit('a//b.md'), edit('data.json')],
      { scope: { folders: ['**'] } },
    );
    expect(r[0]).toMatch(/config folder \(\.obsidian\) is protected/);
    expect(r[1]).toMatch(/\.trash folder is protected/);
    expect(r[2]).toMatch(/"\.\." segments are not allowed/);
    expect(r[3]).toBe('"a//b.md" is not a normalized vault path (it would be "a/b.md")');
    expect(r[4]).toBe('"data.json" is not a markdown note; Reeve edits notes only');
  });

  it('keeps organize operations inside the folder unless moving out is allowed', () => {
    const out = opProposal({ opId: '1', type: 'move', source: 'Inbox/a.md', destination: 'Archive/a.md' });
    const from = opProposal({ opId: '2', type: 'move', source: 'Other/a.md', destination: 'Inbox/a.md' });
    expect(reasons([out, from], { organizeFolder: 'Inbox' })).toEqual([
      '"Archive/a.md" is outside the folder being organized ("Inbox"); moving out of it was not allowed',
      '"Other/a.md" is outside the folder being organized ("Inbox")',
    ]);
    expect(reasons([out], { organizeFolder: 'Inbox', allowOutside: true })).toEqual([null]);
  });

  it('refuses every operation of a plan over the limit, and none of the edits', () => {
    const ops = Array.from({ length: 4 }, (_, i) => opProposal({ opId: String(i), type: 'create_folder', path: `F${i}` }));
    const r = filter([...ops, edit('Home.md')], policy({ operationLimit: 3 }));
    expect(r.allowed).toEqual([edit('Home.md')]);
    expect(r.refused).toHaveLength(4);
    expect(r.refused[0]?.reason).toBe('the plan has 4 operations, more than the limit of 3; organize a smaller folder or narrow the rules');
    expect(filter(ops, policy({ operationLimit: 4 })).allowed).toHaveLength(4);
  });
});
