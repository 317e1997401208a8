// resolvedLinks / unresolvedLinks are made per note when read; to every reader they must look like
// the plain, frozen-in-time objects Obsidian hands out.
import { describe, expect, it } from 'vitest';
import { VaultIndex } from '../../../src/vault-vfs/vault-index';

const STAT = { size: 1, ctime: 0, mtime: 0 };

function vault(): VaultIndex {
  const index = new VaultIndex('shortest');
  index.setFile('a.md', STAT, '[[b]] [[b]] [[missing]] [[__proto__]] ![[img.png]]');
  index.setFile('b.md', STAT, '[[a]]');
  index.setFile('img.png', STAT, null);
  return index;
}

describe('link records', () => {
  it('read like plain objects: keys, entries, JSON, in, deep equality', () => {
    const index = vault();
    const resolved = index.resolvedLinks();
    expect(Object.keys(resolved)).toEqual(['a.md', 'b.md']);
    expect(resolved['a.md']).toEqual({ 'b.md': 2, 'img.png': 1 });
    expect(Object.getPrototypeOf(resolved['a.md'])).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(resolved))).toEqual({ 'a.md': { 'b.md': 2, 'img.png': 1 }, 'b.md': { 'a.md': 1 } });
    // A link may name anything, `__proto__` too: it is an own key like any other.
    const unresolved = index.unresolvedLinks()['a.md'] ?? {};
    expect(Object.keys(unresolved)).toEqual(['missing', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(unresolved, '__proto__')?.value).toBe(1);
    expect(Object.getPrototypeOf(unresolved)).toBe(Object.prototype);
    expect('a.md' in resolved).toBe(true);
    expect('c.md' in resolved).toBe(false);
    expect(resolved['c.md']).toBeUndefined();
    expect(resolved['a.md']).toBe(resolved['a.md']);
  });

  it('is a snapshot: later changes show in the next call, not in one already taken', () => {
    const index = vault();
    const before = index.resolvedLinks();
    index.setFile('missing.md', STAT, '');
    index.setFile('b.md', STAT, 'no links');
    expect(before['b.md']).toEqual({ 'a.md': 1 });
    expect(Object.keys(before)).toEqual(['a.md', 'b.md']);
    const after = index.resolvedLinks();
    expect(after['a.md']).toEqual({ 'b.md': 2, 'img.png': 1, 'missing.md': 1 });
    expect(after['b.md']).toEqual({});
    expect(Object.keys(after)).toEqual(['a.md', 'b.md', 'missing.md']);
    expect(Object.keys(index.unresolvedLinks()['a.md'] ?? {})).toEqual(['__proto__']);
  });

  it('refuses writes', () => {
    const resolved = vault().resolvedLinks();
    expect(() => {
      resolved['x.md'] = {};
    }).toThrow(TypeError);
    expect(() => delete resolved['a.md']).toThrow(TypeError);
  });
});
