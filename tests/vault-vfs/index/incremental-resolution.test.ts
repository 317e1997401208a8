// The index re-resolves only the notes a change can affect (found through link watchers that are
// built on first need). After any sequence of file additions, edits, removals and moves, its link
// graph must equal that of an index built from scratch over the final files.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VaultIndex } from '../../../src/vault-vfs/vault-index';

const NAMES = ['a', 'b', 'B', 'c', 'dup', '__proto__'];
const FOLDERS = ['', 'x', 'x/y', 'z'];
const STAT = { size: 1, ctime: 0, mtime: 0 };

const linkText = fc.oneof(
  fc.constantFrom(...NAMES).map((n) => `[[${n}]]`),
  fc.tuple(fc.constantFrom(...FOLDERS), fc.constantFrom(...NAMES)).map(([f, n]) => `[[${f ? `${f}/` : ''}${n}|alias]]`),
  fc.constantFrom(...NAMES).map((n) => `![[${n}.png]]`),
  fc.constantFrom(...NAMES).map((n) => `[md](../${n}.md)`),
  fc.constant('[[#Heading]]'),
);
const notePath = fc.tuple(fc.constantFrom(...FOLDERS), fc.constantFrom(...NAMES), fc.constantFrom('md', 'md', 'png')).map(([f, n, ext]) => `${f ? `${f}/` : ''}${n}.${ext}`);

type Step = { kind: 'set'; path: string; links: string[] } | { kind: 'remove'; path: string } | { kind: 'move'; from: string; to: string };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), path: notePath, links: fc.array(linkText, { maxLength: 4 }) }),
  fc.record({ kind: fc.constant('remove' as const), path: fc.oneof(notePath, fc.constantFrom(...FOLDERS.filter(Boolean))) }),
  fc.record({ kind: fc.constant('move' as const), from: fc.oneof(notePath, fc.constantFrom('x', 'z')), to: fc.oneof(notePath, fc.constantFrom('w', 'x/q')) }),
);

function folderChain(path: string): string[] {
  const parts = path.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

describe('incremental link resolution', () => {
  it('keeps a graph read before a change as it was, and shows the change in the next', () => {
    const index = new VaultIndex('shortest');
    index.setFile('a.md', STAT, '[[b]]');
    index.setFile('b.md', STAT, '[[a]]');
    const before = index.resolvedLinks();
    expect(before['a.md']).toEqual({ 'b.md': 1 });
    index.setFile('a.md', STAT, '[[c]]');
    index.removePath('b.md');
    expect(before['a.md']).toEqual({ 'b.md': 1 });
    expect(before['b.md']).toEqual({ 'a.md': 1 });
    expect(index.resolvedLinks()['a.md']).toEqual({});
    expect(index.resolvedLinks()['b.md']).toBeUndefined();
    expect(index.unresolvedLinks()['a.md']).toEqual({ c: 1 });
  });

  it('equals a fresh index after any sequence of changes', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), fc.boolean(), (steps, askEarly) => {
        const index = new VaultIndex('shortest');
        // Every file's content; only notes' content is given to the index (as the adapters do).
        const texts = new Map<string, string>();
        const noteText = (path: string): string | null => (path.endsWith('.md') ? (texts.get(path) ?? '') : null);
        for (const [i, s] of steps.entries()) {
          if (s.kind === 'set') {
            for (const f of folderChain(s.path)) index.addFolder(f);
            texts.set(s.path, `# Heading\n${s.links.join(' ')}\n`);
            index.setFile(s.path, STAT, noteText(s.path));
          } else if (s.kind === 'remove') {
            index.removePath(s.path);
            for (const p of [...texts.keys()]) if (p === s.path || p.startsWith(`${s.path}/`)) texts.delete(p);
          } else {
            const moved = [...texts.keys()].filter((p) => p === s.from || p.startsWith(`${s.from}/`));
            const to = (p: string): string => s.to + p.slice(s.from.length);
            if (moved.length === 0 || s.to === s.from || s.to.startsWith(`${s.from}/`) || moved.some((p) => texts.has(to(p)))) continue;
            for (const f of folderChain(s.to.endsWith('.md') || s.to.endsWith('.png') ? s.to : `${s.to}/f`)) index.addFolder(f);
            const becameNotes = index.renamePath(s.from, s.to);
            for (const p of moved) {
              texts.set(to(p), texts.get(p) ?? '');
              texts.delete(p);
            }
            for (const note of becameNotes) index.setFile(note, STAT, noteText(note));
          }
          // Asking between steps resolves (and may build the watchers and the backlinks, which
          // later changes then update in place) part way through.
          if (askEarly && i % 3 === 1) {
            index.resolvedLinks();
            index.backlinks('a.md');
          }
        }
        const fresh = new VaultIndex('shortest');
        for (const p of texts.keys()) fresh.setFile(p, STAT, noteText(p));
        expect(index.resolvedLinks()).toEqual(fresh.resolvedLinks());
        expect(index.unresolvedLinks()).toEqual(fresh.unresolvedLinks());
        for (const p of texts.keys()) expect(index.backlinks(p)).toEqual(fresh.backlinks(p));
      }),
      { numRuns: 300 },
    );
  });
});
