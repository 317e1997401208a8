// The frontmatter fast path must read exactly what the `yaml` package reads, or step aside.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findFrontmatter, parseFrontmatter, parseYamlFrontmatter } from '../../../src/vault-vfs/markdown/frontmatter';
import { readSimpleYaml } from '../../../src/vault-vfs/markdown/simple-yaml';
import { TextLines } from '../../../src/vault-vfs/markdown/text-lines';

function bothWays(yaml: string) {
  const text = `---\n${yaml}\n---\nbody`;
  const block = findFrontmatter(text, new TextLines(text));
  if (!block) throw new Error('expected a frontmatter block');
  return { fast: parseFrontmatter(text, block), reference: parseYamlFrontmatter(text, block), simple: readSimpleYaml(text.slice(block.contentStart, block.contentEnd)) };
}

const GOOD_KEYS = ['title', 'tags', 'aliases', 'my key', 'up', 'date', 'é', 'n', 'cssclasses', 'a-b', 'x.y'];
const BAD_KEYS = ['1', 'true', 'null', 'k:', '#c', '- x', '__proto__', ' sp'];
const GOOD_SCALARS = [
  'Hello', 'Hello world', '"quoted"', "'single'", '"[[Link]]"', "'[[Link|Alias]]'", '"[[A#H]]"', '2024-01-31', '12:30', '42', '-7', '+3', '007',
  '0x1F', '0o17', '3.14', '1.', '.5', '1e3', '-2.5E-3', '.inf', '-.Inf', '.nan', 'true', 'False', 'TRUE', 'null', '~', 'Null', 'yes', 'C#',
  'http://x.com/a?b=c', '[a, b]', '[ "a, b" , c ]', '[]', 'trailing   ', 'émoji 😀', 'a, b, c', '"#tag"', '__proto__', '[1, 2.5, "[[L]]"]',
];
const BAD_SCALARS = [
  '[[x]]', 'a # comment', 'a: b', '-', '- item', '|', '>', '&a x', '*a', '!tag x', '%x', '@x', '`x`', '"esc \\" q"', "'it''s'", '"unclosed',
  '[a, [b]]', '[a, ]', '{a: 1}',
];
const keyArb = fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...GOOD_KEYS) }, { weight: 1, arbitrary: fc.constantFrom(...BAD_KEYS) });
const scalarArb = fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...GOOD_SCALARS) }, { weight: 1, arbitrary: fc.constantFrom(...BAD_SCALARS) });

const lineArb = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(keyArb, scalarArb).map(([k, v]) => `${k}: ${v}`) },
  {
    weight: 3,
    arbitrary: fc.tuple(keyArb, fc.array(scalarArb, { maxLength: 4 }), fc.constantFrom('', '  ', '    ')).map(
      ([k, items, indent]) => [`${k}:`, ...items.map((i) => `${indent}- ${i}`)].join('\n'),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '# comment', 'key:value', 'nested:\n  inner: 1', 'multi: line\n  continued', 'tab:\tx', 'empty:', 'dash:\n-', '---', 'k: "a"  '),
  },
);

describe('frontmatter fast path', () => {
  it('reads common frontmatter without the yaml package', () => {
    const { simple, fast } = bothWays('title: Note\ntags: [a, "b c"]\naliases:\n  - One\n  - "[[Two]]"\nn: 3\ndraft: false\nup: \'[[Parent|p]]\'');
    expect(simple).not.toBeNull();
    expect(fast.data).toEqual({ title: 'Note', tags: ['a', 'b c'], aliases: ['One', '[[Two]]'], n: 3, draft: false, up: '[[Parent|p]]' });
    expect(fast.links.map((l) => [l.key, l.link, l.quoting])).toEqual([
      ['aliases.1', 'Two', 'double'],
      ['up', 'Parent', 'single'],
    ]);
  });

  it('steps aside for nesting, comments, escapes, anchors and block scalars', () => {
    for (const yaml of ['a:\n  b: 1', 'a: 1 # c', 'a: "x\\ty"', 'a: &x 1\nb: *x', 'a: |\n  text', 'a: [1, [2]]', 'a: 1\na: 2', '? a\n: b']) {
      expect(bothWays(yaml).simple, yaml).toBeNull();
    }
  });

  it('gives the same data and links as the yaml package on random frontmatter', () => {
    let fastUsed = 0;
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), (lines) => {
        const { simple, fast, reference } = bothWays(lines.join('\n'));
        if (simple && Object.keys(simple.data).length > 0) fastUsed++;
        expect(fast).toEqual(reference);
      }),
      { numRuns: Number(process.env.REEVE_PROPERTY_RUNS ?? 800), seed: Number(process.env.REEVE_PROPERTY_SEED ?? 99) },
    );
    expect(fastUsed).toBeGreaterThan(250);
  });
});
