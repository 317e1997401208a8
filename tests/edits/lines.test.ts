import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChange, applyLineEdits, diffAsChange, invertChange, lineSpans, splitLines } from '../../src/edits/text/lines';

describe('line spans', () => {
  it('counts lines as the editor does, with every kind of line ending', () => {
    expect(splitLines('a\nb\r\nc\rd')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitLines('a\n')).toEqual(['a']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n\n')).toEqual(['', '']);
    expect(lineSpans('ab\r\ncd')[0]).toEqual({ start: 0, end: 2, termEnd: 4 });
  });
});

describe('applyLineEdits', () => {
  it('keeps every untouched byte, including mixed line endings', () => {
    const text = 'one\r\ntwo\nthree\r\nfour';
    expect(applyLineEdits(text, [{ from: 1, to: 2, body: 'TWO' }])).toBe('one\r\nTWO\nthree\r\nfour');
    expect(applyLineEdits(text, [{ from: 3, to: 4, body: null }])).toBe('one\r\ntwo\nthree');
    expect(applyLineEdits(text, [{ from: 4, to: 4, body: 'five' }])).toBe('one\r\ntwo\nthree\r\nfour\r\nfive');
  });

  it('keeps a final newline, or its absence', () => {
    expect(applyLineEdits('a\n', [{ from: 1, to: 1, body: 'b' }])).toBe('a\nb\n');
    expect(applyLineEdits('a', [{ from: 1, to: 1, body: 'b' }])).toBe('a\nb');
    expect(applyLineEdits('', [{ from: 0, to: 0, body: 'b' }])).toBe('b');
    expect(applyLineEdits('a\nb', [{ from: 1, to: 2, body: null }])).toBe('a');
  });

  it('applies several edits against the original, insertions at one line in the given order', () => {
    const text = 'l1\nl2\nl3\nl4\n';
    const out = applyLineEdits(text, [
      { from: 3, to: 4, body: 'L4' },
      { from: 0, to: 0, body: 'first' },
      { from: 0, to: 0, body: 'second' },
      { from: 1, to: 3, body: null },
    ]);
    expect(out).toBe('first\nsecond\nl1\nL4\n');
  });

  it('refuses overlapping edits and ranges outside the note', () => {
    expect(() => applyLineEdits('a\nb\nc', [{ from: 0, to: 2, body: 'x' }, { from: 1, to: 3, body: 'y' }])).toThrow(/overlaps/);
    expect(() => applyLineEdits('a\nb\nc', [{ from: 0, to: 3, body: 'x' }, { from: 1, to: 1, body: 'y' }])).toThrow(/overlaps/);
    expect(() => applyLineEdits('a', [{ from: 0, to: 2, body: 'x' }])).toThrow(/outside/);
  });

  const textArb = fc
    .array(fc.constantFrom('a', 'bb', '', ' c ', '# h'), { maxLength: 8 })
    .chain((lines) => fc.tuple(fc.constant(lines), fc.array(fc.constantFrom('\n', '\r\n'), { minLength: lines.length, maxLength: lines.length }), fc.boolean()))
    .map(([lines, terms, finalNl]) => lines.map((l, i) => l + (i < lines.length - 1 || finalNl ? (terms[i] as string) : '')).join(''));

  it('inserting lines and then removing them gives back the exact original (property)', () => {
    fc.assert(
      fc.property(textArb, fc.nat(), fc.nat(), fc.constantFrom('X', 'X\nY', ' '), (text, p, q, body) => {
        const n = splitLines(text).length;
        const from = p % (n + 1);
        const to = from + (q % (n - from + 1));
        const edited = applyLineEdits(text, [{ from, to, body }]);
        const k = body.split('\n').length;
        // Putting back the original lines (or none) in place of the new ones restores the text.
        const original = to > from ? text.slice(lineSpans(text)[from]!.start, lineSpans(text)[to - 1]!.end) : null;
        expect(applyLineEdits(edited, [{ from, to: from + k, body: original }])).toBe(text);
      }),
    );
  });
});

describe('applyLineEdits against a line-array model', () => {
  it('matches splicing an array of lines bottom-to-top (property)', () => {
    const arb = fc.record({
      lines: fc.array(fc.constantFrom('a', 'b b', '', 'c'), { maxLength: 10 }),
      finalNl: fc.boolean(),
      picks: fc.array(fc.record({ at: fc.nat(), len: fc.nat({ max: 3 }), body: fc.option(fc.constantFrom('X', 'Y\nZ', ''), { nil: null }) }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(arb, ({ lines, finalNl, picks }) => {
        const text = lines.join('\n') + (finalNl && lines.length > 0 ? '\n' : '');
        const original = splitLines(text);
        const n = original.length;
        const endsNl = text.endsWith('\n');
        // Non-overlapping edits: walk forward through the lines.
        const edits: { from: number; to: number; body: string | null }[] = [];
        let cursor = 0;
        for (const p of picks) {
          const from = Math.min(n, cursor + (p.at % 3));
          const to = Math.min(n, from + p.len);
          if (to === from && p.body === null) continue;
          if (to === from && p.body === '' && n === 0) continue;
          edits.push({ from, to, body: p.body });
          cursor = to === from ? from : to;
          if (to === from) cursor = Math.min(n, from + 1);
        }
        const model = [...original];
        for (const e of [...edits].reverse()) model.splice(e.from, e.to - e.from, ...(e.body === null ? [] : e.body.split('\n')));
        const expected = model.length === 0 ? '' : model.join('\n') + (endsNl ? '\n' : '');
        if (model.length === 1 && model[0] === '' && !endsNl) return; // one empty line without a newline is the empty note
        expect(applyLineEdits(text, edits)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('single text changes', () => {
  it('finds the minimal change and inverts it', () => {
    const c = diffAsChange('hello brave world', 'hello new world');
    expect(c).toEqual({ at: 6, remove: 'brave', insert: 'new' });
    const after = applyChange('hello brave world', c);
    expect(applyChange(after, invertChange(c))).toBe('hello brave world');
    expect(() => applyChange('something else', c)).toThrow(/not what the change expects/);
  });
});
