// Note text that round-trips every byte. A note is read as UTF-8, but a note that is not valid
// UTF-8 (Latin-1 from an old editor, a stray byte) must not lose its bytes when Reeve rewrites a
// link in it: each byte that is not part of a valid UTF-8 sequence is decoded to a lone surrogate
// U+DC80..U+DCFF (Python's "surrogateescape"), which valid UTF-8 can never produce, and encoded
// back to that same byte. So encodeText(decodeText(b)) is b for every byte array b, and text
// edits between the two (a rewritten link) leave the other bytes exactly as they were.

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

const ESCAPE_BASE = 0xdc00;
/** A surrogate that is not half of a pair. */
// No lookbehind: a regex literal with one stops main.js from loading on iOS before 16.4.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Length of the valid UTF-8 sequence starting at `i`, or 0 when the byte there starts none. */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i] as number;
  if (c < 0x80) return 1;
  const cont = (k: number): boolean => i + k < b.length && ((b[i + k] as number) & 0xc0) === 0x80;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const c1 = b[i + 1] ?? 0;
    // No overlong forms (E0 80..9F) and no encoded surrogates (ED A0..BF).
    if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f)) return 0;
    return cont(1) && cont(2) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const c1 = b[i + 1] ?? 0;
    if ((c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f)) return 0;
    return cont(1) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** Whether the bytes are valid UTF-8 (then decodeText is the usual decoding). */
export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Decodes UTF-8, keeping a byte order mark and escaping every invalid byte (see above). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    /* not valid UTF-8: decode sequence by sequence below */
  }
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; ) {
    const n = sequenceLength(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    if (i > start) parts.push(strict.decode(bytes.subarray(start, i)));
    parts.push(String.fromCharCode(ESCAPE_BASE + (bytes[i] as number)));
    i += 1;
    start = i;
  }
  if (start < bytes.length) parts.push(strict.decode(bytes.subarray(start)));
  return parts.join('');
}

/**
 * Whether the text has no lone surrogate, so its UTF-8 is the usual encoding. ES2024's native
 * check where the runtime has it (Node 20, Safari 16.4): the regex took 2% of a 200-move job.
 */
const nativeWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;
export function isWellFormedText(text: string): boolean {
  return nativeWellFormed ? nativeWellFormed.call(text) : !LONE_SURROGATE.test(text);
}

/** Encodes text as UTF-8, turning escaped bytes back into themselves. */
export function encodeText(text: string): Uint8Array {
  if (isWellFormedText(text)) return encoder.encode(text);
  const out: number[] = [];
  let start = 0;
  const flush = (end: number): void => {
    if (end > start) for (const byte of encoder.encode(text.slice(start, end))) out.push(byte);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++; // a valid pair: encoded with the run
      continue;
    }
    if (c >= 0xdc80 && c <= 0xdcff) {
      flush(i);
      out.push(c - ESCAPE_BASE);
      start = i + 1;
    }
  }
  flush(text.length);
  return Uint8Array.from(out);
}

/** Whether reading these bytes as text and writing the text back gives the same bytes. */
export function textRoundTrips(text: string, bytes: Uint8Array): boolean {
  const again = encodeText(text);
  return again.length === bytes.length && again.every((b, i) => b === bytes[i]);
}
