import { describe, expect, it } from 'vitest';
import { RuleValidationError } from '../../src/dsl/errors';
import { planRules, type PlanOptions } from '../../src/dsl/plan-rules';
import { legalName, fileDay } from '../../src/dsl/rename-pattern';
import { parseRulesJson, validateRules } from '../../src/dsl/rules';
import type { PlannedOperation } from '../../src/vault-vfs/operations';
import type { VaultEntry } from '../../src/vault-vfs/vault-port';
import { record } from './records';

function invalid(input: unknown): string {
  try {
    validateRules(input);
  } catch (e) {
    if (e instanceof RuleValidationError) return e.message;
    throw e;
  }
  throw new Error('expected the rules to be refused');
}

describe('rule validation names the rule and the field', () => {
  it.each([
    [[{ if: 'file.ext == "pdf"', thenMoveTo: 'x' }], 'rule 1: "name" is required'],
    [[{ name: 'PDFs', thenMoveTo: 'x' }], 'rule 1 ("PDFs"): "if" is required'],
    [[{ name: 'PDFs', if: 'file.createdAt ==', thenMoveTo: 'x' }], `rule 1 ("PDFs"): "if": expected a value after '==' at 1:18`],
    [[{ name: 'PDFs', if: 'file.modifed > 2024-01-01', thenMoveTo: 'x' }], 'rule 1 ("PDFs"): "if": unknown field file.modifed; did you mean file.modifiedAt? at 1:6'],
    [[{ name: 'PDFs', if: 'file.ext == "pdf"', thenMove: 'x' }], 'rule 1 ("PDFs"): unknown field "thenMove"; did you mean "thenMoveTo"?'],
    [[{ name: 'PDFs', if: 'file.ext == "pdf"' }], 'rule 1 ("PDFs"): the rule does nothing: give "thenMoveTo", "thenRenameTo", "thenAddTags", "thenRemoveTags" or "thenSetProperties"'],
    [[{ name: 'Tag', if: 'file.ext == "md"', thenAddTags: 'meeting' }], 'rule 1 ("Tag"): "thenAddTags" must be a list of tags'],
    [[{ name: 'Tag', if: 'file.ext == "md"', thenAddTags: ['ok', 3] }], 'rule 1 ("Tag"): "thenAddTags" item 2 must be a text (a tag)'],
    [[{ name: 'Tag', if: 'file.ext == "md"', thenAddTags: ['  '] }], 'rule 1 ("Tag"): "thenAddTags" item 1 is empty'],
    [[{ name: 'Tag', if: 'file.ext == "md"', thenAddTags: ['two words'] }], 'rule 1 ("Tag"): "thenAddTags" item 1 "two words" holds a character a tag cannot'],
    [[{ name: 'Tag', if: 'file.ext == "md"', thenRemoveTags: ['p/{when}'] }], 'rule 1 ("Tag"): "thenRemoveTags" item 1 "p/{when}": unknown placeholder {when}'],
    [[{ name: 'Tag', if: 'file.ext == "md"', thenAddTags: ['a'], thenRemoveTags: ['#A'] }], 'rule 1 ("Tag"): "a" is both in "thenAddTags" and "thenRemoveTags"'],
    [[{ name: 'Tag', if: 'file.ext == "md"', thenAddTags: [] }], 'rule 1 ("Tag"): the edit actions are all empty'],
    [[{ name: 'Set', if: 'file.ext == "md"', thenSetProperties: ['status'] }], 'rule 1 ("Set"): "thenSetProperties" must be an object'],
    [[{ name: 'Set', if: 'file.ext == "md"', thenSetProperties: { tags: 'x' } }], 'rule 1 ("Set"): "thenSetProperties" sets "tags"; change tags with "thenAddTags"'],
    [[{ name: 'Set', if: 'file.ext == "md"', thenSetProperties: { status: { a: 1 } } }], 'rule 1 ("Set"): "thenSetProperties" "status" must be a text, a number, true, false or null'],
    [[{ name: 'Set', if: 'file.ext == "md"', thenSetProperties: { filed: '{date' } }], 'rule 1 ("Set"): "thenSetProperties" "filed": "{" at position 1 is not closed'],
    [[{ name: 'Set', if: 'file.ext == "md"', thenSetProperties: { ' status': 'x' } }], 'rule 1 ("Set"): "thenSetProperties" has a property name " status"'],
    [[{ name: 'PDFs', if: 'file.ext == "pdf"', thenMoveTo: '../Elsewhere' }], 'rule 1 ("PDFs"): "thenMoveTo" "../Elsewhere" uses ".."'],
    [[{ name: 'PDFs', if: 'file.ext == "pdf"', thenMoveTo: 'A\\B' }], 'contains a backslash'],
    [[{ name: 'PDFs', if: 'file.ext == "pdf"', thenMoveTo: 'Docs/{when}' }], 'rule 1 ("PDFs"): "thenMoveTo": unknown placeholder {when}; use {name} {ext} {date} {year} {month} {day} {parent} {fm.KEY}'],
    [[{ name: 'PDFs', if: 'file.ext == "pdf"', thenRenameTo: '{name' }], '"thenRenameTo": "{" at position 1 is not closed'],
    [[{ name: 'PDFs', if: 'file.ext == "pdf"', thenRenameTo: 'a/b' }], 'contains a folder separator; put folders in "thenMoveTo"'],
    [[{ name: 'PDFs', if: 'file.ext == "pdf"', thenMoveTo: 'x', priority: 'high' }], '"priority" must be a number'],
    [[{ name: 'A', if: 'file.isHidden', thenMoveTo: 'x' }, { name: 'a', if: 'file.isHidden', thenMoveTo: 'y' }], 'rule 2 ("a"): the name is already used by rule 1'],
    [[{ name: 'A', if: 'file.isHidden', thenMoveTo: 'x' }, 'oops'], 'rule 2: a rule is an object'],
    [{ rule: [] }, 'rules must be a list, or an object {"rules": [...]}'],
  ])('%j', (input, message) => {
    expect(invalid(input)).toContain(message);
  });

  it('reports JSON syntax errors in a rules file', () => {
    expect(() => parseRulesJson('{"rules": [')).toThrow(/the rules are not valid JSON/);
  });
});

const opts = (extra: Partial<PlanOptions> = {}): PlanOptions => ({ folder: '', configDir: '.obsidian', ...extra });
const moves = (ops: PlannedOperation[]): string[] =>
  ops.filter((o) => o.type === 'move' || o.type === 'rename').map((o) => `${o.type} ${'source' in o ? o.source : ''} -> ${'destination' in o ? o.destination : ''}`);
const folders = (ops: PlannedOperation[]): string[] => ops.filter((o) => o.type === 'create_folder').map((o) => ('path' in o ? o.path : ''));

describe('planning', () => {
  it('runs rules by descending priority, stable by order, and the first match claims a file', async () => {
    const rules = validateRules([
      { name: 'all pdfs', if: 'file.ext == "pdf"', thenMoveTo: 'PDF' },
      { name: 'big first', if: 'file.size > 1KB', thenMoveTo: 'Big', priority: 5 },
      { name: 'also pdfs', if: 'file.ext == "pdf"', thenMoveTo: 'Other' },
    ]);
    const plan = await planRules(rules, [record('a.pdf', { size: 5000 }), record('b.pdf', { size: 10 })], opts());
    expect(moves(plan.operations)).toEqual(['move a.pdf -> Big/a.pdf', 'move b.pdf -> PDF/b.pdf']);
    expect(plan.matches).toEqual([
      { path: 'a.pdf', rule: 'big first', destination: 'Big/a.pdf' },
      { path: 'b.pdf', rule: 'all pdfs', destination: 'PDF/b.pdf' },
    ]);
    expect(plan.operations.map((o) => o.opId)).toEqual(['rule-op-1', 'rule-op-2', 'rule-op-3', 'rule-op-4']);
  });

  it('creates every missing folder first, parents before children, reusing existing spelling', async () => {
    const rules = validateRules([{ name: 'deep', if: 'file.ext == "png"', thenMoveTo: 'Documents/Images/{year}' }]);
    const existing: VaultEntry[] = [
      { kind: 'folder', path: 'documents' },
      { kind: 'file', path: 'x.png', stat: { size: 1, ctime: 0, mtime: 0 } },
    ];
    const r = record('x.png', { ctime: new Date(2023, 4, 6).getTime() });
    const plan = await planRules(rules, [r], opts({ existing }));
    expect(plan.operations.map((o) => o.type)).toEqual(['create_folder', 'create_folder', 'move']);
    expect(folders(plan.operations)).toEqual(['documents/Images', 'documents/Images/2023']);
    expect(moves(plan.operations)).toEqual(['move x.png -> documents/Images/2023/x.png']);
  });

  it('gives colliding destinations a numeric suffix, case-insensitively, and reports it', async () => {
    const rules = validateRules([{ name: 'pdfs', if: 'file.ext == "pdf"', thenMoveTo: 'Docs' }]);
    const records = [record('a/x.pdf'), record('b/x.pdf'), record('c/X.pdf')];
    const existing: VaultEntry[] = [...records.map((r): VaultEntry => ({ kind: 'file', path: r.path, stat: { size: 1, ctime: 0, mtime: 0 } })), { kind: 'file', path: 'Docs/X.PDF', stat: { size: 1, ctime: 0, mtime: 0 } }];
    const plan = await planRules(rules, records, opts({ existing }));
    expect(moves(plan.operations)).toEqual(['move a/x.pdf -> Docs/x 1.pdf', 'move b/x.pdf -> Docs/x 2.pdf', 'move c/X.pdf -> Docs/X 3.pdf']);
    expect(plan.conflicts.map((c) => c.kind)).toEqual(['collision', 'collision', 'collision']);
    expect(plan.conflicts[0]).toEqual({ kind: 'collision', paths: ['a/x.pdf', 'Docs/x.pdf'], detail: 'Docs/x.pdf differs only in case from Docs/X.PDF, which Obsidian takes for the same name; a/x.pdf goes to Docs/x 1.pdf instead (rule "pdfs")', rule: 'pdfs' });
    expect(plan.conflicts[2]?.detail).toBe('Docs/X.pdf differs only in case from Docs/X.PDF, which Obsidian takes for the same name; c/X.pdf goes to Docs/X 3.pdf instead (rule "pdfs")');
    expect(folders(plan.operations)).toEqual([]);
  });

  it('yields no operation for files already where the rule puts them', async () => {
    const rules = validateRules([{ name: 'pdfs', if: 'file.ext == "pdf"', thenMoveTo: 'Docs' }]);
    const plan = await planRules(rules, [record('Docs/a.pdf'), record('b.pdf')], opts());
    expect(moves(plan.operations)).toEqual(['move b.pdf -> Docs/b.pdf']);
    expect(plan.unchanged).toBe(1);
  });

  it('renames in place as "rename", and keeps the extension', async () => {
    const rules = validateRules([{ name: 'old', if: 'file.ext == "pdf"', thenRenameTo: '{name}-old' }]);
    const plan = await planRules(rules, [record('In/a.pdf')], opts());
    expect(moves(plan.operations)).toEqual(['rename In/a.pdf -> In/a-old.pdf']);
  });

  it('moves relative to the organized folder; "/" needs moves outside allowed', async () => {
    const rules = validateRules([
      { name: 'rel', if: 'file.ext == "pdf"', thenMoveTo: 'PDFs' },
      { name: 'root', if: 'file.ext == "png"', thenMoveTo: '/Images' },
    ]);
    const records = [record('Inbox/a.pdf'), record('Inbox/b.png'), record('Inbox/c.png'), record('Other/d.pdf')];
    const inside = await planRules(rules, records, opts({ folder: 'Inbox' }));
    expect(moves(inside.operations)).toEqual(['move Inbox/a.pdf -> Inbox/PDFs/a.pdf']);
    expect(inside.conflicts).toEqual([
      {
        kind: 'refused',
        paths: ['Inbox/b.png', 'Inbox/c.png'],
        detail: 'rule "root": "thenMoveTo" "/Images" starts at the vault root, outside Inbox; allow moves out of the folder to use it (--allow-outside, or "Allow moves out of the folder" in the settings)',
        rule: 'root',
      },
    ]);
    const outside = await planRules(rules, records, opts({ folder: 'Inbox', allowOutside: true }));
    expect(moves(outside.operations)).toEqual(['move Inbox/a.pdf -> Inbox/PDFs/a.pdf', 'move Inbox/b.png -> Images/b.png', 'move Inbox/c.png -> Images/c.png']);
  });

  it('refuses destinations that path safety refuses, such as the config folder', async () => {
    const rules = validateRules([{ name: 'sneaky', if: 'file.ext == "md"', thenMoveTo: '/.obsidian/plugins' }]);
    const plan = await planRules(rules, [record('a.md')], opts({ allowOutside: true }));
    expect(plan.operations).toEqual([]);
    expect(plan.conflicts[0]?.detail).toContain('the config folder (.obsidian) is protected');
  });

  it('refuses a folder that would have to be created where a file is', async () => {
    const rules = validateRules([{ name: 'x', if: 'file.ext == "pdf"', thenMoveTo: 'notes.txt/sub' }]);
    const plan = await planRules(rules, [record('a.pdf'), record('notes.txt')], opts());
    expect(plan.operations).toEqual([]);
    expect(plan.conflicts[0]?.detail).toBe('rule "x": notes.txt is a file, so no folder can be created there');
  });

  it('expands placeholders and makes the results legal names', async () => {
    const rules = validateRules([
      { name: 'notes', if: 'file.ext == "md"', thenMoveTo: '{parent}/{year}/{month}', thenRenameTo: '{fm.title} {day}' },
      { name: 'blank', if: 'file.ext == "txt"', thenRenameTo: '{fm.nothing}' },
    ]);
    const r = record('Inbox/n.md', { frontmatter: { title: 'What? A "note": #1 [draft]', date: '2023-07-09' } });
    const plan = await planRules(rules, [r, record('t.txt')], opts());
    expect(moves(plan.operations)).toEqual(['move Inbox/n.md -> Inbox/2023/07/What A note 1 draft 09.md']);
    expect(plan.conflicts).toEqual([{ kind: 'refused', paths: ['t.txt'], detail: 'rule "blank": "thenRenameTo" "{fm.nothing}" gives an empty name for t.txt', rule: 'blank' }]);
  });
});

describe('names and dates for patterns', () => {
  it('legalName strips what Obsidian cannot hold', () => {
    expect(legalName(' a*b"c\\d/e<f>g:h|i?j  ', false)).toBe('abcdefghij');
    expect(legalName('note #1 [x] ^y|z', true)).toBe('note 1 x yz');
    expect(legalName('note #1', false)).toBe('note #1');
    expect(legalName('trailing. . ', false)).toBe('trailing');
    expect(legalName('tab\tand\nnewline', false)).toBe('tabandnewline');
  });

  it('{date} is the date in the name, else frontmatter date/created, else the creation day', () => {
    const ctime = new Date(2022, 1, 3, 10).getTime();
    expect(fileDay(record('Screenshot 2024-03-02 at 10.15.00.png', { ctime }))).toBe(20240302);
    expect(fileDay(record('IMG_2021_12_25.jpg', { ctime }))).toBe(20211225);
    expect(fileDay(record('2024-02-30 not a day.md', { ctime }))).toBe(20220203);
    expect(fileDay(record('n.md', { ctime, frontmatter: { created: '2020-05-06' } }))).toBe(20200506);
    expect(fileDay(record('n.md', { ctime }))).toBe(20220203);
  });
});

describe('rules that edit', () => {
  it('refuses a rule that would edit an attachment, naming the rule, and plans nothing for it', async () => {
    const rules = validateRules([{ name: 'Tag inbox', if: 'file.folder == "Inbox"', thenAddTags: ['inbox'], thenMoveTo: 'Filed' }]);
    const plan = await planRules(rules, [record('Inbox/a.pdf'), record('Inbox/b.png')], opts());
    expect(plan.operations).toEqual([]);
    expect(plan.conflicts).toHaveLength(1);
    expect(plan.conflicts[0]).toMatchObject({ kind: 'refused', paths: ['Inbox/a.pdf', 'Inbox/b.png'], rule: 'Tag inbox' });
    expect(plan.conflicts[0]?.detail).toContain('rule "Tag inbox": only notes can be edited');
  });

  it('keeps the edit actions in the rule spec as written', () => {
    const spec = { name: 'S', if: 'file.ext == "md"', thenAddTags: ['a'], thenRemoveTags: ['b'], thenSetProperties: { s: '{date}', n: null } };
    expect(validateRules([spec])[0]?.spec).toEqual(spec);
  });
});
