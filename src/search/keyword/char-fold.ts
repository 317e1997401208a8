// A lookup table for the characters most words are made of (ASCII and the Latin ranges up to
// U+024F): each maps to the ASCII letter or digit it folds to ("É" -> "e"), to SEPARATOR, or to
// OTHER when it needs the general path (lowercase + NFD + strip marks, in tokenizer.ts). The table
// is computed from that general path at load time, so the fast and the slow path cannot disagree.

export const SEPARATOR = 0;
export const OTHER = 255;
export const FOLD_LIMIT = 0x250;

/** FNV-1a constants; the scanner and the term table hash words the same way. */
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;
const COMBINING_MARKS = /\p{M}+/gu;

/** Lowercase, then NFD and strip combining marks: "É" -> "e", "naïve" -> "naive". */
export function foldWord(token: string): string {
  const lower = token.toLowerCase();
  const folded = lower.normalize('NFD').replace(COMBINING_MARKS, '');
  return folded === '' ? lower : folded;
}

function isAsciiWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

function buildTable(): Uint8Array {
  const table = new Uint8Array(FOLD_LIMIT);
  for (let c = 0; c < FOLD_LIMIT; c++) {
    const ch = String.fromCharCode(c);
    if (c < 128) {
      const lower = ch.toLowerCase().charCodeAt(0);
      table[c] = isAsciiWordCode(lower) ? lower : SEPARATOR;
      continue;
    }
    if (!WORD_CHAR.test(ch)) {
      table[c] = SEPARATOR;
      continue;
    }
    const folded = foldWord(ch);
    const f = folded.charCodeAt(0);
    table[c] = folded.length === 1 && isAsciiWordCode(f) ? f : OTHER;
  }
  return table;
}

/** FOLD[c] for c < FOLD_LIMIT. */
export const FOLD: Uint8Array = buildTable();
