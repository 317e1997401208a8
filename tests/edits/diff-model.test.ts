import { describe, expect, it } from 'vitest';
import { diffModel } from '../../src/edits/diff/diff-model';

describe('diff model', () => {
  it('marks lines, then words within changed lines', () => {
    const m = diffModel('# Tasks\n- [ ] buy milk\nend', '# Tasks\n- [x] buy oat milk\nend');
    expect(m).toEqual({
      mode: 'diff',
      lines: [
        { kind: 'same', text: '# Tasks' },
        { kind: 'removed', text: '- [ ] buy milk', spans: [{ kind: 'same', text: '- [' }, { kind: 'removed', text: ' ' }, { kind: 'same', text: '] buy ' }, { kind: 'same', text: 'milk' }] },
        { kind: 'added', text: '- [x] buy oat milk', spans: [{ kind: 'same', text: '- [' }, { kind: 'added', text: 'x' }, { kind: 'same', text: '] buy ' }, { kind: 'added', text: 'oat ' }, { kind: 'same', text: 'milk' }] },
        { kind: 'same', text: 'end' },
      ],
    });
  });

  it('shows an addition or a deletion as whole lines, and treats CRLF like LF', () => {
    expect(diffModel('', 'a\nb')).toEqual({ mode: 'diff', lines: [{ kind: 'added', text: 'a' }, { kind: 'added', text: 'b' }] });
    expect(diffModel('a\r\nb', 'a\nb')).toEqual({ mode: 'diff', lines: [{ kind: 'same', text: 'a' }, { kind: 'same', text: 'b' }] });
    expect(diffModel('x\ny', '')).toEqual({ mode: 'diff', lines: [{ kind: 'removed', text: 'x' }, { kind: 'removed', text: 'y' }] });
  });

  it('keeps markup as inert text', () => {
    const m = diffModel('', '![x](https://example.com/a.png) [[Note]] <img src=x>');
    expect(m.mode === 'diff' && m.lines[0]).toEqual({ kind: 'added', text: '![x](https://example.com/a.png) [[Note]] <img src=x>' });
  });

  it('falls back to a plain before/after for two unrelated 20k-line texts', () => {
    const a = Array.from({ length: 20_000 }, (_, i) => `alpha ${i} ${(i * 7919) % 10007}`).join('\n');
    const b = Array.from({ length: 20_000 }, (_, i) => `beta ${i} ${(i * 104729) % 10009}`).join('\n');
    const m = diffModel(a, b);
    expect(m.mode).toBe('plain');
    expect(m.mode === 'plain' && m.reason).toMatch(/more than 1000 changed lines/);
    expect(m.mode === 'plain' && m.before === a && m.after === b).toBe(true);
  });

  it('still diffs large texts with few changes', () => {
    const a = Array.from({ length: 20_000 }, (_, i) => `line ${i}`);
    const b = [...a];
    b[10_000] = 'changed';
    const m = diffModel(a.join('\n'), b.join('\n'));
    expect(m.mode).toBe('diff');
    expect(m.mode === 'diff' && m.lines.filter((l) => l.kind !== 'same').map((l) => l.text)).toEqual(['line 10000', 'changed']);
  });
});
