// Deterministic embeddings for tests: a hashed bag of words, L2-normalized, so texts sharing
// words are similar and a test can compute the expected vector itself.

export const DEFAULT_EMBEDDING_DIMENSIONS = 64;

function fnv1a(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function embedText(text: string, dimensions = DEFAULT_EMBEDDING_DIMENSIONS): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const h = fnv1a(word);
    v[h % dimensions] = (v[h % dimensions] ?? 0) + ((h >>> 16) & 1 ? 1 : -1);
  }
  const norm = Math.hypot(...v);
  return norm === 0 ? v : v.map((x) => x / norm);
}

/** The OpenAI API's `encoding_format: base64`: little-endian float32s. */
export function toBase64Floats(v: readonly number[]): string {
  return Buffer.from(new Float32Array(v).buffer).toString('base64');
}
