// The first pass of the parser: find everything whose content must not count as links, tags,
// headings or block ids: frontmatter, fenced code (``` and ~~~ of any length, also in callouts and
// lists), indented code, inline code, `%% comments %%` (inline and multi-line), HTML comments and
// math (`$$` blocks and `$inline$`). Those characters are replaced by NUL in a copy of the text
// of the same length, so later passes scan plain text and every offset stays valid.
// This file does the line-level part (fences, indented code, `$$` at a line start); the inline
// constructs are in inline-exclusions.ts. One forward scan: each character is looked at a bounded
// number of times.

import { InlineExclusions } from './inline-exclusions';
import type { RegionKind } from './region-kind';
import { Region } from './region-kind';
import type { TextLines } from './text-lines';
import { isBlankRange, matchesAt } from './text-lines';

export interface MaskedText {
  /** The text with excluded characters replaced by `\0` (line breaks kept). */
  masked: string;
  /** Per line: the kind of excluded region touching it, `Region.none` when none. */
  lineKind: Uint8Array;
  /** Per line: 1 when nothing visible is left on it and it lies in an excluded region. */
  hidden: Uint8Array;
}

const BACKTICK = 96;
const TILDE = 126;
const LIST_MARKER = /(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/my;
const HEADING_OR_BREAK = /(?:#{1,6}(?:[ \t]|$)|([-*_])(?:[ \t]*\1){2,}[ \t]*$)/my;

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

class Masker {
  readonly ranges: number[] = [];
  readonly lineKind: Uint8Array;
  private fence: { char: number; len: number; quoted: boolean } | null = null;
  private listContext = false;
  private paragraphOpen = false;
  private prevBlank = true;
  private readonly inline: InlineExclusions;

  constructor(
    private readonly text: string,
    private readonly lines: TextLines,
  ) {
    this.lineKind = new Uint8Array(lines.count);
    this.inline = new InlineExclusions(text, lines, {
      mask: (start, end, kind, first, last) => this.mask(start, end, kind, first, last),
      setParagraphOpen: (open) => {
        this.paragraphOpen = open;
      },
    });
  }

  mask(start: number, end: number, kind: RegionKind, firstLine: number, lastLine: number): void {
    if (end > start) this.ranges.push(start, end, firstLine === lastLine ? 0 : 1);
    for (let l = firstLine; l <= lastLine; l++) if (this.lineKind[l] === Region.none) this.lineKind[l] = kind;
  }

  run(firstLine: number): void {
    let line = firstLine;
    while (line < this.lines.count) line = this.fence ? this.fenceLine(line) : this.normalLine(line);
  }

  /** After `>` markers (up to three spaces before each, one optional space after). */
  private quotePrefixEnd(s: number, e: number): { p: number; depth: number } {
    let p = s;
    let depth = 0;
    for (;;) {
      let q = p;
      while (q < e && q - p < 3 && this.text.charCodeAt(q) === 32) q++;
      if (q >= e || this.text.charCodeAt(q) !== 62) return { p, depth };
      q++;
      if (q < e && isSpace(this.text.charCodeAt(q))) q++;
      p = q;
      depth++;
    }
  }

  private skipSpaces(p: number, e: number): number {
    while (p < e && isSpace(this.text.charCodeAt(p))) p++;
    return p;
  }

  /** Width of the whitespace `[p, q)` in columns, a tab reaching the next multiple of four. */
  private columns(p: number, q: number): number {
    let col = 0;
    for (let i = p; i < q; i++) col = this.text.charCodeAt(i) === 9 ? col + 4 - (col % 4) : col + 1;
    return col;
  }

  private runLength(p: number, e: number, c: number): number {
    let q = p;
    while (q < e && this.text.charCodeAt(q) === c) q++;
    return q - p;
  }

  private fenceLine(line: number): number {
    const fence = this.fence;
    const s = this.lines.start(line);
    const e = this.lines.end(line);
    const q = this.skipSpaces(fence?.quoted ? this.quotePrefixEnd(s, e).p : s, e);
    this.mask(q, e, Region.code, line, line);
    if (fence && this.runLength(q, e, fence.char) >= fence.len && isBlankRange(this.text, q + this.runLength(q, e, fence.char), e)) {
      this.fence = null;
      this.paragraphOpen = false;
      this.prevBlank = false;
    }
    return line + 1;
  }

  private normalLine(line: number): number {
    const text = this.text;
    const s = this.lines.start(line);
    const e = this.lines.end(line);
    const { p, depth } = this.quotePrefixEnd(s, e);
    const q = this.skipSpaces(p, e);
    const rawIndent = this.skipSpaces(s, e) - s;
    if (q >= e) {
      this.prevBlank = true;
      this.paragraphOpen = false;
      return line + 1;
    }
    const indent = this.columns(p, q);
    const c = text.charCodeAt(q);
    // Indented code: four spaces, not continuing a paragraph or a list item.
    if (depth === 0 && indent >= 4 && !this.paragraphOpen && !this.listContext) {
      this.mask(q, e, Region.code, line, line);
      this.prevBlank = false;
      return line + 1;
    }
    if ((c === BACKTICK || c === TILDE) && (indent <= 3 || this.listContext)) {
      const len = this.runLength(q, e, c);
      const tick = c === TILDE ? -1 : text.indexOf('`', q + len);
      if (len >= 3 && (tick === -1 || tick >= e)) {
        this.fence = { char: c, len, quoted: depth > 0 };
        this.mask(q, e, Region.code, line, line);
        this.paragraphOpen = false;
        this.prevBlank = false;
        return line + 1;
      }
    }
    const mayBreak = c === 35 || c === 45 || c === 42 || c === 95; // # - * _
    const headingOrBreak = depth === 0 && indent <= 3 && mayBreak && matchesAt(HEADING_OR_BREAK, text, q);
    const mayList = c === 45 || c === 43 || c === 42 || (c >= 48 && c <= 57);
    if (depth === 0 && !headingOrBreak && mayList && matchesAt(LIST_MARKER, text, q) && (indent <= 3 || this.listContext)) {
      this.listContext = true;
    } else if (rawIndent === 0 && (this.prevBlank || headingOrBreak)) {
      this.listContext = false;
    }
    this.paragraphOpen = !headingOrBreak;
    this.prevBlank = false;
    // `$$` opening a line starts a math block that may span lines; elsewhere it closes on its line.
    return this.inline.scan(line, q, e, c === 36 && text.charCodeAt(q + 1) === 36 ? q : -1);
  }
}

/** `ranges` holds triples: start, end, and 1 when the range spans lines (its breaks are kept). */
function buildMasked(text: string, ranges: number[]): string {
  if (ranges.length === 0) return text;
  const parts: string[] = [];
  let last = 0;
  for (let i = 0; i < ranges.length; i += 3) {
    const start = ranges[i] ?? 0;
    const end = ranges[i + 1] ?? 0;
    const filler = ranges[i + 2] ? text.slice(start, end).replace(/[^\n\r]/g, '\0') : '\0'.repeat(end - start);
    parts.push(text.slice(last, start), filler);
    last = end;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/** Masks every excluded region; `bodyStart` is the first line after the frontmatter (0 if none). */
export function maskExcludedRegions(text: string, lines: TextLines, bodyStart: number): MaskedText {
  const masker = new Masker(text, lines);
  if (bodyStart > 0) masker.mask(0, lines.end(bodyStart - 1), Region.yaml, 0, bodyStart - 1);
  masker.run(bodyStart);
  const masked = buildMasked(text, masker.ranges);
  const hidden = new Uint8Array(lines.count);
  for (let line = 0; line < lines.count; line++) {
    if (masker.lineKind[line] === Region.none) continue;
    let visible = false;
    for (let i = lines.start(line), e = lines.end(line); i < e; i++) {
      const ch = masked.charCodeAt(i);
      if (ch !== 0 && ch !== 32 && ch !== 9) {
        visible = true;
        break;
      }
    }
    if (!visible) hidden[line] = 1;
  }
  return { masked, lineKind: masker.lineKind, hidden };
}
