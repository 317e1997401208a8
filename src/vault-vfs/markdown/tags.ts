// Inline tags: `#` at the start of a line or after whitespace, then tag characters: letters and
// digits of any script, emoji, `_`, `-` and `/` for nesting. Obsidian stops a tag at whitespace,
// ASCII punctuation other than `_ - /`, and the Unicode punctuation blocks; a tag of digits only
// (`#1984`) is not a tag. Frontmatter tags (`tags:` / `tag:`, list or string) are read here too.

import type { NoteMetadata } from '../metadata-types';
import { frontmatterStrings } from './frontmatter';

function isTagChar(c: number): boolean {
  if (c <= 32) return false; // controls, space and the NUL of masked regions
  if (c < 128) {
    // ASCII: letters, digits, `_`, `-`, `/` only.
    return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 47;
  }
  if (c === 0xa0 || c === 0xfeff) return false;
  if (c >= 0x2000 && c <= 0x206f) return false; // general punctuation, typographic spaces
  if (c >= 0x2e00 && c <= 0x2e7f) return false; // supplemental punctuation
  if (c >= 0x3000 && c <= 0x303f) return false; // CJK punctuation, ideographic space
  if (c >= 0xff01 && c <= 0xff0f) return false; // fullwidth ASCII punctuation
  return true;
}

function isWhitespace(c: number): boolean {
  return c === 32 || c === 9 || c === 0xa0 || c === 0x3000;
}

/**
 * The end offset of a tag starting with the `#` at `p` in `masked`, or -1 if there is none.
 * `lineStart` tells whether `p` may be a tag start without whitespace before it.
 */
export function scanTag(masked: string, p: number, lineStart: number, lineEnd: number): number {
  if (p > lineStart && !isWhitespace(masked.charCodeAt(p - 1))) return -1;
  let q = p + 1;
  let digitsOnly = true;
  while (q < lineEnd && isTagChar(masked.charCodeAt(q))) {
    const c = masked.charCodeAt(q);
    if (c < 48 || c > 57) digitsOnly = false;
    q++;
  }
  if (q === p + 1 || digitsOnly) return -1;
  return q;
}

/** Frontmatter tags without `#`; a string value is split on commas and whitespace. */
export function frontmatterTags(frontmatter: Record<string, unknown> | null): string[] {
  return frontmatterStrings(frontmatter, /^tags?$/i, /[,\s]+/)
    .map((t) => (t.startsWith('#') ? t.slice(1) : t))
    .filter((t) => t !== '');
}

/**
 * Every tag of a note without `#`: frontmatter tags first, then inline tags, as Obsidian's
 * getAllTags orders them, but each tag once (compared case-insensitively, first spelling kept)
 * so that counting tags counts distinct tags.
 */
export function allTags(meta: NoteMetadata): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of [...frontmatterTags(meta.frontmatter), ...meta.tags.map((t) => t.tag.slice(1))]) {
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** `aliases` / `alias` from frontmatter (any case), a list or a comma-separated string. */
export function aliasesOf(meta: NoteMetadata): string[] {
  return frontmatterStrings(meta.frontmatter, /^alias(es)?$/i, /,/);
}
