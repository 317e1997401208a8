// `reeve ask` names the notes the token limit left out on one readable line: the first few by
// name and the rest counted, however many there are (a hub note at depth 2 can bring hundreds,
// which used to print as one line of thousands of characters); --json keeps them all.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEFT_OUT_NAMED, progressPrinter } from '../../src/cli/ask-output';

describe('the left-out line of reeve ask', () => {
  it('names at most a few notes, counts the rest, and is one line', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,40}\.md$/), { minLength: 1, maxLength: 300 }), fc.integer({ min: 3000, max: 200_000 }), (paths, limit) => {
        let out = '';
        progressPrinter((t) => (out += t))({ type: 'notes_dropped', limit, dropped: paths.map((path) => ({ path, source: 'link', tokens: 10, reason: 'r' })) });
        expect(out.endsWith('\n') && out.indexOf('\n') === out.length - 1).toBe(true);
        const named = paths.slice(0, LEFT_OUT_NAMED);
        expect(out).toContain(`${paths.length} note${paths.length === 1 ? '' : 's'} left out: ${named.join(', ')}`);
        for (const p of paths.slice(LEFT_OUT_NAMED)) if (!named.some((n) => n.includes(p))) expect(out).not.toContain(p);
        if (paths.length > LEFT_OUT_NAMED) expect(out).toContain(`and ${paths.length - LEFT_OUT_NAMED} more (--json lists them all)`);
        else expect(out).not.toContain(' more (--json');
      }),
    );
  });
});
