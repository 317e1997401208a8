import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../src/settings/settings';
import { checkCondition, compiledRules, ruleProblems, type SavedRule } from '../../src/settings/rule-settings';

const pdfs: SavedRule = { name: 'PDFs', if: 'file.ext == "pdf"', thenMoveTo: 'Documents/PDFs', enabled: true };

describe('saved rules on load', () => {
  it('keeps valid rules as they were', () => {
    const r = parseSettings({ rules: [pdfs, { ...pdfs, name: 'Off', enabled: false, priority: 3 }] });
    expect(r.problems).toEqual([]);
    expect(r.settings.rules).toEqual([pdfs, { ...pdfs, name: 'Off', enabled: false, priority: 3 }]);
  });

  it('reports a rule that does not compile with what and where, keeps it, and turns it off', () => {
    const r = parseSettings({ rules: [pdfs, { name: 'Typo', if: 'file.nme == "x"', thenMoveTo: 'X' }] });
    expect(r.settings.rules).toHaveLength(2);
    expect(r.settings.rules[1]).toMatchObject({ name: 'Typo', if: 'file.nme == "x"', enabled: false });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(/^rule 2 \("Typo"\): "if": .*file\.nme.* at 1:6; the rule is kept but turned off until it is fixed$/);
  });

  it('keeps corrupt entries (not objects, wrong types) as off rules with their text', () => {
    const r = parseSettings({ rules: ['file.ext == "pdf"', { name: 'N', if: 42 }, null] });
    expect(r.settings.rules.map((x) => [x.name, x.if, x.enabled])).toEqual([
      ['rule 1', '"file.ext == \\"pdf\\""', false],
      ['N', '42', false],
      ['rule 3', 'null', false],
    ]);
    expect(r.problems).toHaveLength(3);
    expect(r.problems[1]).toContain('rule 2 ("N")');
  });

  it('keeps edit actions as written; a malformed one is kept, reported and turned off', () => {
    const tagger: SavedRule = { name: 'Tag', if: 'file.ext == "md"', thenAddTags: ['a'], thenSetProperties: { s: 'x', gone: null }, enabled: true };
    const bad = { name: 'Bad', if: 'file.ext == "md"', thenAddTags: 'a' };
    const r = parseSettings({ rules: [tagger, bad] });
    expect(r.settings.rules).toEqual([tagger, { ...bad, enabled: false }]);
    expect(r.problems).toEqual(['rule 2 ("Bad"): "thenAddTags" must be a list of tags, such as ["meeting", "project/{fm.project}"]; the rule is kept but turned off until it is fixed']);
    expect(compiledRules(r.settings.rules).map((c) => c.edits?.addTags.map((t) => t.source))).toEqual([['a']]);
  });

  it('reports rules that is not a list', () => {
    const r = parseSettings({ rules: { name: 'x' } });
    expect(r.settings.rules).toEqual([]);
    expect(r.problems).toEqual(['settings.rules should be a list of rules; no rules loaded']);
  });

  it('names a duplicate name by both places', () => {
    expect(ruleProblems([pdfs, { ...pdfs }])).toEqual([null, 'rule 2 ("PDFs"): the name is already used by rule 1; give each rule its own name']);
  });

  it('names a rule that does nothing and a move out of the folder with ..', () => {
    const problems = ruleProblems([
      { name: 'Idle', if: 'true == true', enabled: true },
      { name: 'Up', if: 'file.ext == "md"', thenMoveTo: '../Elsewhere', enabled: true },
    ]);
    expect(problems[0]).toContain('rule 1 ("Idle"): the rule does nothing');
    expect(problems[1]).toContain('rule 2 ("Up"): "thenMoveTo"');
  });
});

describe('compiledRules', () => {
  it('compiles only rules that are on and valid', () => {
    const rules: SavedRule[] = [pdfs, { ...pdfs, name: 'Off', enabled: false }, { name: 'Bad', if: 'file.ext ==', thenMoveTo: 'X', enabled: true }];
    expect(compiledRules(rules).map((r) => r.name)).toEqual(['PDFs']);
  });
});

describe('checkCondition (live validation in the editor)', () => {
  it('gives null for a valid condition', () => {
    expect(checkCondition('file.ext == "pdf" AND file.size > 1MB')).toBeNull();
  });

  it('gives the line and column of the error', () => {
    const p = checkCondition('file.ext == "pdf"\nAND file.sise > 1MB');
    expect(p).toMatchObject({ line: 2, col: 10 });
    expect(p?.message).toMatch(/sise.* at 2:10$/);
  });

  it('calls an empty condition empty', () => {
    expect(checkCondition('  ')?.message).toMatch(/empty/);
  });
});
