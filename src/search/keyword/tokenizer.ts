// Splits text into index terms. One scanner for indexing and querying, so that what a user types
// finds what was indexed: lowercase, diacritics folded ("Café" -> "cafe"), letters and digits only,
// CJK runs cut into overlapping bigrams (the usual answer for scripts without spaces), and very
// long tokens (base64, hashes, URLs glued together) dropped because nobody searches for them.
//
// A hand-rolled scanner over char codes rather than a Unicode regex: indexing reads the whole
// vault, and for words made of ASCII and Latin letters (most words in most vaults) it hands the
// caller a span and its hash instead of a new string, so that the term table finds the word
// without allocating (term-table.ts). Other words take the general path through `foldWord`.

import { FNV_OFFSET, FNV_PRIME, FOLD, FOLD_LIMIT, OTHER as OTHER_CODE, SEPARATOR as SEPARATOR_CODE, foldWord } from './char-fold';

/** Tokens longer than this are skipped: they are data, not words. */
export const MAX_TERM_LENGTH = 40;

// Module-local copies: read in the hottest loop of the indexer.
const OFFSET = FNV_OFFSET;
const PRIME = FNV_PRIME;
const FOLD_TABLE = FOLD;
const LIMIT = FOLD_LIMIT;
const SEPARATOR = SEPARATOR_CODE;
const OTHER = OTHER_CODE;

const NON_ASCII_WORD = /[\p{L}\p{N}\p{M}]/u;

export interface TokenSink {
  /**
   * A word at `text[start, end)` whose folded form is FOLD[c] of each char when `folded`, else
   * the span itself; `hash` is FNV-1a of the folded form.
   */
  span(text: string, start: number, end: number, hash: number, folded: boolean): void;
  /** Any other term, already folded. */
  word(term: string): void;
}

function isCjk(code: number): boolean {
  return (
    (code >= 0x3040 && code <= 0x30ff) || // Hiragana, Katakana
    (code >= 0x3400 && code <= 0x4dbf) || // CJK Extension A
    (code >= 0x4e00 && code <= 0x9fff) || // CJK Unified Ideographs
    (code >= 0xac00 && code <= 0xd7af) || // Hangul syllables
    (code >= 0xf900 && code <= 0xfaff) // CJK Compatibility Ideographs
  );
}

/** For a code unit at or above FOLD_LIMIT that is not CJK: is it part of a word? */
function isOtherWordChar(text: string, i: number, code: number): boolean {
  if (code >= 0xd800 && code <= 0xdbff) return NON_ASCII_WORD.test(text.slice(i, i + 2));
  if (code >= 0xdc00 && code <= 0xdfff) return i > 0 && isOtherWordChar(text, i - 1, text.charCodeAt(i - 1));
  return NON_ASCII_WORD.test(text.charAt(i));
}

function isWordStart(text: string, i: number, code: number): boolean {
  if (code < LIMIT) return FOLD_TABLE[code] !== SEPARATOR;
  return !isCjk(code) && isOtherWordChar(text, i, code);
}

/** Feeds every term of `text` to `sink`, in order; returns the number of terms. */
export function scanTerms(text: string, sink: TokenSink): number {
  const n = text.length;
  let count = 0;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code >= LIMIT && isCjk(code)) {
      let end = i + 1;
      while (end < n && isCjk(text.charCodeAt(end))) end++;
      if (end - i === 1) sink.word(text.charAt(i));
      for (let j = i; j + 1 < end; j++) sink.word(text.slice(j, j + 2));
      count += Math.max(1, end - i - 1);
      i = end;
      continue;
    }
    if (!isWordStart(text, i, code)) {
      i++;
      continue;
    }
    const start = i;
    let h = OFFSET;
    let general = false;
    let folded = false;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < LIMIT) {
        const f = FOLD_TABLE[c] as number;
        if (f === SEPARATOR) break;
        if (f === OTHER) general = true;
        else {
          if (f !== c) folded = true;
          h = Math.imul(h ^ f, PRIME);
        }
      } else {
        if (isCjk(c) || !isOtherWordChar(text, i, c)) break;
        general = true;
      }
    }
    if (i - start > MAX_TERM_LENGTH) continue;
    if (general) sink.word(foldWord(text.slice(start, i)));
    else sink.span(text, start, i, h >>> 0, folded);
    count++;
  }
  return count;
}

/** The terms of a text as strings, in order, duplicates kept. */
export function terms(text: string): string[] {
  const out: string[] = [];
  scanTerms(text, {
    span(t, start, end, _hash, folded) {
      if (!folded) {
        out.push(t.slice(start, end));
        return;
      }
      let s = '';
      for (let k = start; k < end; k++) s += String.fromCharCode(FOLD_TABLE[t.charCodeAt(k)] as number);
      out.push(s);
    },
    word: (w) => out.push(w),
  });
  return out;
}
