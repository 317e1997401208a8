// Copies of metadata strings (so notes' texts are not kept alive by them) must be equal values,
// and frontmatter copied this way must keep its keys, their order and every nested value.
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import { ownString, ownStrings } from '../../../src/vault-vfs/markdown/own-string';

describe('ownString / ownStrings', () => {
  it('returns an equal string, short or long, accented or not', () => {
    for (const s of ['', 'a', 'twelve chars', 'thirteen char', 'Zürich straße café '.repeat(20)]) expect(ownString(s)).toBe(s);
    const text = 'prefix '.repeat(100) + '[[A link to somewhere]]';
    expect(ownString(text.slice(700))).toBe('[[A link to somewhere]]');
  });

  it('keeps keys in order, odd keys included, and nested values', () => {
    const value = JSON.parse('{"b": 1, "a": ["x", {"__proto__": "long enough value", "n": null}], "c": {"d": true, "e": "long enough to be sliced"}}') as unknown;
    const copy = ownStrings(structuredClone(value));
    expect(copy).toEqual(value);
    expect(Object.keys(copy as object)).toEqual(['b', 'a', 'c']);
    expect(Object.keys(((copy as { a: unknown[] }).a[1] ?? {}))).toEqual(['__proto__', 'n']);
  });

  it('leaves the parser answers as they were', () => {
    const note = '---\ntags: [alpha, beta]\nrelated: "[[Some long note name]]"\n---\n# A heading long enough\n\nSee [[Another long note name|with an alias]] and #a/long/nested/tag ^blockid-long-enough\n';
    const meta = parseMarkdown(note);
    expect(meta.frontmatter).toEqual({ tags: ['alpha', 'beta'], related: '[[Some long note name]]' });
    expect(meta.frontmatterLinks[0]?.link).toBe('Some long note name');
    expect(meta.headings[0]?.heading).toBe('A heading long enough');
    expect(meta.links[0]).toMatchObject({ link: 'Another long note name', original: '[[Another long note name|with an alias]]', displayText: 'with an alias' });
    expect(meta.tags[0]?.tag).toBe('#a/long/nested/tag');
    expect(Object.values(meta.blocks)[0]?.id).toBe('blockid-long-enough');
  });
});
