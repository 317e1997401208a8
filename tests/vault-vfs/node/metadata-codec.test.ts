import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import type { NoteMetadata } from '../../../src/vault-vfs/metadata-types';
import { ByteReader, ByteWriter, CorruptDataError, UnencodableError } from '../../../src/binary/bytes';
import { decodeMetadata, encodeMetadata, linkpathsOf } from '../../../src/vault-vfs/node/metadata-codec';

const TOKENS = [
  '[[', ']]', '![[', '[', ']', '(', ')', '|', '#', '#tag', '#a/b', '^id', ' ^blk', '`', '```', '%%', '<!--', '-->', '$$', '\\',
  '\n', '\n\n', '\r\n', '    ', '- ', '1. ', '> ', '> [!note] ', '---', '# ', '## ', '| a |', '|---|', 'word', 'Note', 'a b',
  'é', '😀', '.md', 'http://x', ':', '"', '*', '[x](y%20z.md)', '[[Folder/Note#Head|alias]]',
];
const FRONTMATTER = [
  '---\ntags: [a, b]\n---\n',
  '---\nrelated: "[[Other]]"\naliases:\n  - One\n  - Two\nn: 1.5\nbig: 1e400\nneg: -0\nflag: true\nnone: null\n---\n',
  '---\nnested:\n  deep:\n    - {x: 1}\n  __proto__: kept\n---\n',
  '---\nbad: [unclosed\n---\n',
  '---\n- not a mapping\n---\n',
  '',
];

function roundTrip(meta: NoteMetadata): NoteMetadata {
  const w = new ByteWriter();
  encodeMetadata(w, meta);
  const bytes = w.result();
  return decodeMetadata(new ByteReader(bytes));
}

/** Every field, sections unpacked, as plain data. */
function plain(meta: NoteMetadata): unknown {
  return { ...meta, sections: meta.sections };
}

describe('metadata codec', () => {
  it('decodes exactly what the parser made, for generated notes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FRONTMATTER), fc.array(fc.constantFrom(...TOKENS), { maxLength: 80 }), (fm, parts) => {
        const text = fm + parts.join('');
        const decoded = roundTrip(parseMarkdown(text));
        expect(plain(decoded)).toStrictEqual(plain(parseMarkdown(text)));
        expect(linkpathsOf(decoded)).toEqual(linkpathsOf(parseMarkdown(text)));
      }),
      { numRuns: 400, seed: 20261124 },
    );
  });

  it('keeps frontmatter values JSON cannot: -0, infinities, NaN and a __proto__ key', () => {
    const meta = parseMarkdown('---\na: -0\nb: .inf\nc: -.inf\nd: .nan\n"__proto__": x\n---\nbody');
    const decoded = roundTrip(meta);
    expect(decoded.frontmatter).toStrictEqual(meta.frontmatter);
    expect(Object.is(decoded.frontmatter?.a, -0)).toBe(true);
    expect(Object.getPrototypeOf(decoded.frontmatter)).toBe(Object.prototype);
  });

  it('does not unpack the live note\'s sections to encode them', () => {
    const meta = parseMarkdown('# A\n\ntext\n\n- list\n');
    encodeMetadata(new ByteWriter(), meta);
    // Still the lazy accessor: reading it would have turned it into a plain value.
    expect(Object.getOwnPropertyDescriptor(meta, 'sections')?.get).toBeTypeOf('function');
  });

  it('refuses values it cannot keep instead of changing them', () => {
    const meta = parseMarkdown('text');
    meta.frontmatter = { when: new Date(0) };
    expect(() => encodeMetadata(new ByteWriter(), meta)).toThrow(UnencodableError);
  });

  it('reports a cut or damaged record as CorruptDataError, never as wrong metadata', () => {
    const w = new ByteWriter();
    encodeMetadata(w, parseMarkdown('---\ntags: [a]\n---\n# H\n[[Link]] #tag ^blk\n'));
    const bytes = w.result();
    for (let cut = 0; cut < bytes.length; cut++) {
      expect(() => decodeMetadata(new ByteReader(bytes, cut))).toThrow(CorruptDataError);
    }
  });
});

describe('metadata codec on notes that are not valid UTF-8', () => {
  it('refuses a lone surrogate (a stray byte kept by byte-text) rather than change it', () => {
    const meta = parseMarkdown('# Caf\udce9\n[[Caf\udce9]]\n');
    expect(() => encodeMetadata(new ByteWriter(), meta)).toThrow(UnencodableError);
    // A well-formed pair is kept.
    expect(plain(roundTrip(parseMarkdown('# 😀\n[[😀]]\n')))).toStrictEqual(plain(parseMarkdown('# 😀\n[[😀]]\n')));
  });
});
