import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyNoteEdit, frontmatterTags, planNoteEdits } from '../../src/dsl/plan-note-edits';
import type { ExpandedEdits } from '../../src/dsl/rule-edits';
import { readFrontmatterForEdit, rewriteFrontmatter } from '../../src/vault-vfs/markdown/frontmatter-write';
import { staleEditReason } from '../../src/vault-vfs/markdown/note-edit';

const edits = (extra: Partial<ExpandedEdits>): ExpandedEdits => ({ addTags: [], removeTags: [], setProperties: {}, ...extra });
const NOTE = '---\nstatus: draft\ntags: [meeting, Work/Acme]\n---\n# Notes\n\nBody #followup\n';

function applyAll(path: string, text: string, e: ExpandedEdits, inline: string[] = []): string {
  const plan = planNoteEdits(path, text, e, inline);
  if (!plan.ok) throw new Error(plan.reason);
  return plan.operations.reduce((t, op) => rewriteFrontmatter(path, t, applyNoteEdit(op)), text);
}

describe('a rule\'s edits on one note', () => {
  it('shows the values before and after, one operation per kind', () => {
    const plan = planNoteEdits('a.md', NOTE, edits({ addTags: ['filed', 'MEETING'], removeTags: ['work/acme'], setProperties: { status: 'processed', filed: '2024-02-15', gone: null } }));
    expect(plan).toEqual({
      ok: true,
      operations: [
        { type: 'add_tags', path: 'a.md', before: ['meeting', 'Work/Acme'], after: ['meeting', 'Work/Acme', 'filed'] },
        { type: 'remove_tags', path: 'a.md', before: ['meeting', 'Work/Acme'], after: ['meeting'] },
        { type: 'set_properties', path: 'a.md', before: { status: 'draft', filed: null }, after: { status: 'processed', filed: '2024-02-15' } },
      ],
    });
  });

  it('makes no operation for a tag already present (in the properties or the body) or a property at its value', () => {
    expect(planNoteEdits('a.md', NOTE, edits({ addTags: ['#Meeting', 'followup'], removeTags: ['absent'], setProperties: { status: 'draft', gone: null } }), ['followup'])).toEqual({ ok: true, operations: [] });
  });

  it('counts an empty property (`aliases:` with no value) as absent, in the plan and at accept time', () => {
    const text = '---\naliases:\nstatus:\n---\nBody\n';
    // Removing it or leaving it out proposes nothing; giving it a value says it was absent.
    expect(planNoteEdits('a.md', text, edits({ setProperties: { aliases: null } }))).toEqual({ ok: true, operations: [] });
    const plan = planNoteEdits('a.md', text, edits({ setProperties: { status: 'done', aliases: null } }));
    expect(plan).toEqual({ ok: true, operations: [{ type: 'set_properties', path: 'a.md', before: { status: null }, after: { status: 'done' } }] });
    const op = plan.ok ? plan.operations[0] : undefined;
    if (op === undefined) throw new Error('no operation');
    // The note as planned is not "changed since the plan" (it was refused before the fix).
    expect(staleEditReason('a.md', op, readFrontmatterForEdit('a.md', text))).toBeNull();
    expect(staleEditReason('a.md', op, readFrontmatterForEdit('a.md', '---\nstatus: draft\n---\n'))).toMatch(/"status" is "draft" now, the plan expected it absent/);
  });

  it('applies through the frontmatter writer, leaving the body byte for byte, and a second plan proposes nothing', () => {
    const e = edits({ addTags: ['filed'], removeTags: ['meeting'], setProperties: { status: null, rank: 2 } });
    const after = applyAll('a.md', NOTE, e);
    expect(after.endsWith('---\n# Notes\n\nBody #followup\n')).toBe(true);
    expect(readFrontmatterForEdit('a.md', after)).toEqual({ tags: ['Work/Acme', 'filed'], rank: 2 });
    expect(planNoteEdits('a.md', after, e)).toEqual({ ok: true, operations: [] });
  });

  it('applies each operation as a change of its own: one can run without the other', () => {
    const plan = planNoteEdits('a.md', NOTE, edits({ addTags: ['filed'], removeTags: ['work/acme'] }));
    if (!plan.ok) throw new Error(plan.reason);
    const [add, remove] = plan.operations;
    if (!add || !remove) throw new Error('expected two operations');
    // Removing alone does not bring in the tag the rejected add would have added, and the reverse.
    expect(readFrontmatterForEdit('a.md', rewriteFrontmatter('a.md', NOTE, applyNoteEdit(remove))).tags).toEqual(['meeting']);
    expect(readFrontmatterForEdit('a.md', rewriteFrontmatter('a.md', NOTE, applyNoteEdit(add))).tags).toEqual(['meeting', 'Work/Acme', 'filed']);
    // Both, in either order, give the same tags.
    const both = (ops: typeof plan.operations) => readFrontmatterForEdit('a.md', ops.reduce((t, op) => rewriteFrontmatter('a.md', t, applyNoteEdit(op)), NOTE)).tags;
    expect(both([add, remove])).toEqual(['meeting', 'filed']);
    expect(both([remove, add])).toEqual(['meeting', 'filed']);
  });

  it('adds a frontmatter block to a note that has none', () => {
    expect(applyAll('b.md', '# Plain\n', edits({ addTags: ['x'] }))).toBe('---\ntags:\n  - x\n---\n# Plain\n');
  });

  it('refuses a note whose frontmatter is not valid YAML, with the reason', () => {
    const plan = planNoteEdits('Inbox/bad.md', '---\ntags: [a, b\n---\nbody\n', edits({ addTags: ['x'] }));
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.reason).toMatch(/^Inbox\/bad\.md: the frontmatter is not valid YAML \(/);
  });

  it('reads tags written as one text', () => {
    expect(frontmatterTags({ tags: '#a, b c' })).toEqual(['a', 'b', 'c']);
    expect(frontmatterTags({ tag: 'solo' })).toEqual(['solo']);
  });
});

const word = fc.stringMatching(/^[a-z][a-z0-9/_-]{0,6}$/);
const value = fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -5, max: 5 }), word);

describe('properties of planning note edits', () => {
  it('applying the planned operations reaches the rule\'s values, and planning again proposes nothing', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { maxLength: 4 }),
        fc.dictionary(fc.constantFrom('status', 'rank', 'kind', 'filed'), value),
        fc.uniqueArray(word, { maxLength: 3 }),
        fc.uniqueArray(word, { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('status', 'rank', 'owner'), value),
        fc.string({ maxLength: 30 }),
        (tags, props, add, remove, set, body) => {
          const removeTags = remove.filter((t) => !add.some((a) => a.toLowerCase() === t.toLowerCase()));
          const e = edits({ addTags: add, removeTags, setProperties: set });
          const text = rewriteFrontmatter('p.md', body, (fm) => Object.assign(fm, props, tags.length > 0 ? { tags } : {}));
          const after = applyAll('p.md', text, e);
          expect(after.slice(after.length - body.length)).toBe(body);
          const fm = readFrontmatterForEdit('p.md', after);
          const have = frontmatterTags(fm).map((t) => t.toLowerCase());
          for (const t of add) expect(have).toContain(t.toLowerCase());
          for (const t of removeTags) expect(have).not.toContain(t.toLowerCase());
          for (const [k, v] of Object.entries(set)) expect(fm[k] ?? null).toEqual(v);
          expect(planNoteEdits('p.md', after, e)).toEqual({ ok: true, operations: [] });
        },
      ),
      { numRuns: 200 },
    );
  });
});
