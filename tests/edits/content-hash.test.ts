// The journal's hashes agree wherever they are made: node:crypto (the CLI, desktop) and Web Crypto
// (mobile) give the same SHA-256 for any text or bytes, so a journal written on one device is
// checked on another.
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex, webCryptoSha256Hex } from '../../src/edits/journal/content-hash';
import { encodeText } from '../../src/vault-vfs/byte-text';

describe('sha256Hex', () => {
  it('is the SHA-256 of the bytes, the same through Web Crypto, for any bytes and any text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uint8Array({ maxLength: 4096 }), fc.string({ unit: 'binary', maxLength: 2000 })), async (data) => {
        const bytes = typeof data === 'string' ? encodeText(data) : data;
        const hex = await sha256Hex(data);
        expect(hex).toBe(createHash('sha256').update(bytes).digest('hex'));
        expect(await webCryptoSha256Hex(bytes)).toBe(hex);
      }),
      { numRuns: 300, seed: 20_261_124 },
    );
  });

  it('gives the known digest of the empty input', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
