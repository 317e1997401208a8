// A journaled batch checks every note's frontmatter (checkFrontmatterForEdit) before it edits the
// first, and each edit takes the parse its check kept instead of parsing again. A pure speedup:
// whatever notes a batch holds (the same YAML in several notes, invalid YAML, no block, a byte
// order mark, CRLF), checking them first changes no edit's result and no refusal.
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkFrontmatterForEdit, rewriteFrontmatter } from '../../../src/vault-vfs/markdown/frontmatter-write';

/** What an edit must give, from the YAML package directly: the block parsed, edited and printed. */
function expected(text: string, eol: string, edit: (fm: Record<string, unknown>) => void): string {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const rest = text.slice(bom.length);
  const m = /^---\r?\n(?:([\s\S]*?)\r?\n)?---(?:\r?\n|$)/.exec(rest);
  const parsed: unknown = m ? parse(m[1] ?? '') : null;
  if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed))) throw new Error('not a map');
  const fm = (parsed ?? {}) as Record<string, unknown>;
  edit(fm);
  const yaml = stringify(fm);
  return `${bom}---${eol}${eol === '\n' ? yaml : yaml.replace(/\n/g, eol)}---${eol}${m ? rest.slice(m[0].length) : rest}`;
}

const blocks = ['tags: [a, b]\nstatus: draft', 'tags: [a, b]\nstatus: draft', 'title: x\nn: 1', 'list:\n  - 1\n  - 2', 'bad: [unclosed', '- not\n- a map', ''];

describe('checking a batch of notes before editing them', () => {
  it('gives every edit the result and every refusal it gives unchecked, with the same YAML in several notes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ block: fc.option(fc.constantFrom(...blocks), { nil: undefined }), bom: fc.boolean(), crlf: fc.boolean(), tag: fc.constantFrom('x', 'y', 'z') }), { minLength: 1, maxLength: 12 }),
        (notes) => {
          const texts = notes.map(({ block, bom, crlf }) => {
            const t = block === undefined ? 'body\n' : `---\n${block}${block === '' ? '' : '\n'}---\nbody\n`;
            return (bom ? '\uFEFF' : '') + (crlf ? t.replace(/\n/g, '\r\n') : t);
          });
          const edits = notes.map(({ tag }) => (fm: Record<string, unknown>) => {
            fm.tags = [...(Array.isArray(fm.tags) ? (fm.tags as unknown[]) : []), tag];
          });
          const outcome = (f: () => string): string => {
            try {
              return f();
            } catch (e) {
              return `refused: ${(e as Error).message}`;
            }
          };
          const want = texts.map((t, i) => outcome(() => expected(t, notes[i]?.crlf === true ? '\r\n' : '\n', edits[i] as (fm: Record<string, unknown>) => void)).replace(/^refused: .*/s, 'refused'));
          const checks = texts.map((t, i) => outcome(() => (checkFrontmatterForEdit(`n${i}.md`, t), 'ok')));
          const got = texts.map((t, i) => outcome(() => rewriteFrontmatter(`n${i}.md`, t, edits[i] as (fm: Record<string, unknown>) => void)));
          // A refused check is the edit's refusal, word for word.
          for (const [i, c] of checks.entries()) if (c !== 'ok') expect(got[i]).toBe(c);
          expect(got.map((g) => g.replace(/^refused: .*/s, 'refused'))).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });
});
