import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteReader, ByteWriter, CorruptDataError, UnencodableError, type Utf8Decode } from '../../src/binary/bytes';

const bufferUtf8: Utf8Decode = (buf, start, end) => Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString('utf8', start, end);

/** Well-formed strings: ASCII, accents, CJK and astral characters (surrogate pairs). */
const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '/', 'é', 'ß', '中', '😀', '\n'), maxLength: 60 });

describe('byte writer and reader', () => {
  it('round-trips every kind of value, interleaved, through either UTF-8 decoder', () => {
    type Item = { kind: 'varint' | 'signed' | 'u32' | 'f64'; n: number } | { kind: 'string'; s: string } | { kind: 'strings'; list: string[] };
    const item: fc.Arbitrary<Item> = fc.oneof(
      fc.record({ kind: fc.constant('varint' as const), n: fc.nat({ max: 0xffffffff }) }),
      fc.record({ kind: fc.constant('signed' as const), n: fc.integer({ min: -0x7fffffff, max: 0x7fffffff }) }),
      fc.record({ kind: fc.constant('u32' as const), n: fc.nat({ max: 0xffffffff }) }),
      fc.record({ kind: fc.constant('f64' as const), n: fc.double() }),
      fc.record({ kind: fc.constant('string' as const), s: text }),
      // Long tables too: their byte length needs a varint of two or three bytes.
      fc.record({ kind: fc.constant('strings' as const), list: fc.array(text, { maxLength: 400 }) }),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), fc.boolean(), (items, nodeDecoder) => {
        const w = new ByteWriter();
        for (const it of items) {
          if (it.kind === 'string') w.string(it.s);
          else if (it.kind === 'strings') w.strings(it.list);
          else w[it.kind](it.n);
        }
        const bytes = w.result();
        const r = new ByteReader(bytes, bytes.length, nodeDecoder ? bufferUtf8 : undefined);
        for (const it of items) {
          if (it.kind === 'string') expect(r.string()).toBe(it.s);
          else if (it.kind === 'strings') expect(r.strings()).toEqual(it.list);
          else expect(Object.is(r[it.kind](), it.n)).toBe(true);
        }
        expect(r.pos).toBe(bytes.length);
      }),
      { numRuns: 300, seed: 1124 },
    );
  });

  it('a table cut anywhere is CorruptDataError, never other strings', () => {
    const w = new ByteWriter();
    w.strings(['Folder/Note', 'é😀', '', 'x'.repeat(200)]);
    const bytes = w.result();
    for (let cut = 0; cut < bytes.length; cut++) expect(() => new ByteReader(bytes, cut).strings()).toThrow(CorruptDataError);
  });

  it('refuses a lone surrogate instead of writing U+FFFD in its place', () => {
    expect(() => new ByteWriter().strings(['ok', 'Caf\udce9'])).toThrow(UnencodableError);
    expect(() => new ByteWriter().strings(['\ud83d'])).toThrow(UnencodableError);
  });

  it('one reader serves many records: `at` sets the range, and reads stop at its end', () => {
    const w = new ByteWriter();
    w.strings(['a', 'b']);
    const second = w.length;
    w.strings(['c']);
    const bytes = w.result();
    const r = new ByteReader(bytes);
    expect(r.at(second, bytes.length).strings()).toEqual(['c']);
    expect(r.at(0, second).strings()).toEqual(['a', 'b']);
    expect(() => r.at(0, second - 1).strings()).toThrow(CorruptDataError);
  });

  it('patches a u32 written earlier', () => {
    const w = new ByteWriter();
    w.u32(0);
    w.varint(300);
    w.patchU32(0, 0xdeadbeef);
    const r = new ByteReader(w.result());
    expect(r.u32()).toBe(0xdeadbeef);
    expect(r.varint()).toBe(300);
  });
});
