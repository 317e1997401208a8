// Note text that keeps every byte: decoding any bytes and encoding the text gives the same bytes,
// and valid UTF-8 decodes as it always did.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText, encodeText, isValidUtf8, textRoundTrips } from '../../src/vault-vfs/byte-text';

describe('byte-keeping text', () => {
  it('round-trips every byte array', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(Buffer.from(encodeText(decodeText(bytes))).equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips mixes of valid text and stray bytes, with edits between them', () => {
    const piece = fc.oneof(fc.string({ unit: 'grapheme' }).map((s) => Buffer.from(s, 'utf8')), fc.uint8Array({ minLength: 1, maxLength: 3 }).map((b) => Buffer.from(b)));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.string({ unit: 'grapheme' }), (pieces, inserted) => {
        const bytes = Buffer.concat(pieces);
        const text = decodeText(bytes);
        // A text edit at the end (as a link rewrite changes only its own span) keeps every other byte.
        const edited = encodeText(text + inserted);
        expect(Buffer.from(edited).equals(Buffer.concat([bytes, Buffer.from(inserted, 'utf8')]))).toBe(true);
      }),
    );
  });

  it('decodes valid UTF-8 exactly as Node does, byte order mark included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const bytes = Buffer.from('\uFEFF' + s, 'utf8');
        expect(isValidUtf8(bytes)).toBe(true);
        expect(decodeText(bytes)).toBe(bytes.toString('utf8'));
      }),
    );
  });

  it('tells a lossy decoding from a faithful one', () => {
    const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9]);
    expect(textRoundTrips(latin1.toString('utf8'), latin1)).toBe(false);
    expect(textRoundTrips(decodeText(latin1), latin1)).toBe(true);
  });
});
