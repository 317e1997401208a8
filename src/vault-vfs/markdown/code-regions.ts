// The first pass of the parser: find everything whose content must not count as links, tags,
// headings or block ids: frontmatter, fenced code (``` and ~~~ of any length, also in callouts and
// lists), indented code, inline code, `%% comments %%` (inline and multi-line), HTML comments and
// math (`$$` blocks and `$inline$`). Those characters are replaced by NUL in a copy of the text
// of the same length, so later passes scan plain text and every offset stays valid.
// One forward scan: each character is looked at a bounded number of times.

import type { TextLines } from './text-lines';
import { NextMatch, isBlankRange, matchesAt } from './text-lines';

export const Region = { none: 0, code: 1, math: 2, comment: 3, html: 4, yaml: 5 } as const;
export type RegionKind = (typeof Region)[keyof typeof Region];

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
/** Characters that may start an inline exclusion: escape, code, comment, HTML comment, math. */
const INLINE_SPECIAL = /[\\`%<$]/g;

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
  private closersLine = -1;
  private closers: number[] = [];
  private closersIdx = 0;
  private readonly special: NextMatch;

  constructor(
    private readonly text: string,
    private readonly lines: TextLines,
  ) {
    this.lineKind = new Uint8Array(lines.count);
    this.special = NextMatch.char(INLINE_SPECIAL, text);
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
    return this.inline(line, q, e, c === 36 && text.charCodeAt(q + 1) === 36 ? q : -1);
  }

  /**
   * Masks from `open` to the end of `close` (searched from `from`, across lines). Returns the line
   * and offset to go on from, or null when it never closes (masked to the end of the note).
   */
  private span(line: number, open: number, from: number, close: string, kind: RegionKind): { line: number; p: number } | null {
    const at = this.text.indexOf(close, from);
    const end = at === -1 ? this.text.length : at + close.length;
    const lastLine = at === -1 ? this.lines.count - 1 : this.lines.lineAt(end - 1);
    this.mask(open, end, kind, line, lastLine);
    if (at === -1) return null;
    if (lastLine !== line) {
      // A comment or math block alone on its lines is no paragraph: an indented line after it is code.
      const before = !isBlankRange(this.text, this.lines.start(line), open);
      this.paragraphOpen = before || !isBlankRange(this.text, end, this.lines.end(lastLine));
    }
    return { line: lastLine, p: end };
  }

  /** Closing `$` candidates of inline math on a line: not after a space, not before a digit. */
  private mathCloser(line: number, from: number, e: number): number {
    if (this.closersLine !== line) {
      this.closersLine = line;
      this.closers = [];
      this.closersIdx = 0;
      for (let j = this.text.indexOf('$', this.lines.start(line)); j !== -1 && j < e; j = this.text.indexOf('$', j + 1)) {
        const before = this.text.charCodeAt(j - 1);
        const after = this.text.charCodeAt(j + 1);
        if (!isSpace(before) && before !== 92 && !(after >= 48 && after <= 57)) this.closers.push(j);
      }
    }
    while (this.closersIdx < this.closers.length && (this.closers[this.closersIdx] ?? e) < from) this.closersIdx++;
    return this.closers[this.closersIdx] ?? -1;
  }

  private inline(startLine: number, from: number, lineEnd: number, blockMathAt: number): number {
    const text = this.text;
    let line = startLine;
    let e = lineEnd;
    let p = from;
    const goOn = (next: { line: number; p: number } | null): boolean => {
      if (!next) return false;
      line = next.line;
      e = this.lines.end(line);
      p = next.p;
      return true;
    };
    while (p < e) {
      p = this.special.at(p);
      if (p >= e) break;
      const c = text.charCodeAt(p);
      if (c === 92) {
        p += 2;
      } else if (c === BACKTICK) {
        const n = this.runLength(p, e, BACKTICK);
        let j = text.indexOf('`', p + n);
        let closed = -1;
        while (j !== -1 && j < e) {
          const m = this.runLength(j, e, BACKTICK);
          if (m === n) {
            closed = j + m;
            break;
          }
          j = text.indexOf('`', j + m);
        }
        if (closed === -1) p += n;
        else {
          this.mask(p, closed, Region.code, line, line);
          p = closed;
        }
      } else if (c === 37 && text.charCodeAt(p + 1) === 37) {
        if (!goOn(this.span(line, p, p + 2, '%%', Region.comment))) return this.lines.count;
      } else if (c === 60 && text.startsWith('<!--', p)) {
        if (!goOn(this.span(line, p, p + 4, '-->', Region.html))) return this.lines.count;
      } else if (c === 36 && p === blockMathAt) {
        if (!goOn(this.span(line, p, p + 2, '$$', Region.math))) return this.lines.count;
      } else if (c === 36) {
        if (text.charCodeAt(p + 1) === 36) {
          const inLine = text.slice(p + 2, e).indexOf('$$');
          const close = inLine === -1 ? -1 : p + 2 + inLine;
          if (close !== -1) {
            this.mask(p, close + 2, Region.math, line, line);
            p = close + 2;
          } else p += 2;
        } else {
          const next = text.charCodeAt(p + 1);
          const close = p + 1 < e && !isSpace(next) ? this.mathCloser(line, p + 2, e) : -1;
          if (close === -1) p++;
          else {
            this.mask(p, close + 1, Region.math, line, line);
            p = close + 1;
          }
        }
      } else p++;
    }
    return line + 1;
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
