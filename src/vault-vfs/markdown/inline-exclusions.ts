// Inline exclusions, for the masking pass (code-regions.ts): backslash escapes, code spans
// (matching backtick runs; across lines through the block pass, code-span-lookahead.ts), inline raw HTML and autolinks (inline-html.ts),
// `%% comments %%` and `<!-- HTML comments -->` (which may
// run across lines, to the end of the note if never closed), `$$` math (opening a line or in the
// middle of one, across lines) and `$inline$` math
// (a closing `$` not after a space nor before a digit, so prices are not math). Left to right:
// whichever construct starts first wins, so `%%` inside code is no comment.

import type { RegionKind } from './region-kind';
import { Region } from './region-kind';
import { InlineHtml } from './inline-html';
import { NextChar } from './next-char';
import { NextMatch, isBlankRange } from './text-lines';
import type { TextLines } from './text-lines';

/** Where the inline scan reports what it masks. */
export interface MaskSink {
  mask(start: number, end: number, kind: RegionKind, firstLine: number, lastLine: number): void;
  /** After a region spanning lines: whether text around it leaves a paragraph open. */
  setParagraphOpen(open: boolean): void;
  /**
   * A run of `n` backticks at `open` with no closer on its line: if a later line of the same
   * paragraph closes it, masks the code span and returns its end (the block pass resumes there).
   */
  codeSpanAcrossLines(line: number, open: number, n: number): number;
}

const BACKTICK = 96;
/** Characters that may start an inline exclusion: escape, code, comment, HTML comment, math. */
const INLINE_SPECIAL = '\\`%<$';

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

export class InlineExclusions {
  private readonly special: NextChar;
  private readonly html: InlineHtml;
  private readonly doubleDollar: NextMatch;
  private closersLine = -1;
  private closers: number[] = [];
  private closersIdx = 0;

  constructor(
    private readonly text: string,
    private readonly lines: TextLines,
    private readonly sink: MaskSink,
  ) {
    this.special = new NextChar(INLINE_SPECIAL, text);
    this.html = new InlineHtml(text);
    this.doubleDollar = NextMatch.text('$$', text);
  }

  private runLength(p: number, e: number, c: number): number {
    let q = p;
    while (q < e && this.text.charCodeAt(q) === c) q++;
    return q - p;
  }

  /**
   * Masks from `open` to the end of `close` (searched from `from`, across lines). Returns the line
   * and offset to go on from, or null when it never closes (masked to the end of the note).
   */
  private span(line: number, open: number, from: number, close: string, kind: RegionKind): { line: number; p: number } | null {
    const at = this.text.indexOf(close, from);
    const end = at === -1 ? this.text.length : at + close.length;
    const lastLine = at === -1 ? this.lines.count - 1 : this.lines.lineAt(end - 1);
    this.sink.mask(open, end, kind, line, lastLine);
    if (at === -1) return null;
    if (lastLine !== line) {
      // A comment or math block alone on its lines is no paragraph: an indented line after it is code.
      const before = !isBlankRange(this.text, this.lines.start(line), open);
      this.sink.setParagraphOpen(before || !isBlankRange(this.text, end, this.lines.end(lastLine)));
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

  /**
   * Scans `[from, lineEnd)` of `startLine` and, through regions that span lines, beyond; returns
   * the next line for the block-level scan. `blockMathAt` is where a line-opening `$$` sits.
   */
  scan(startLine: number, from: number, lineEnd: number, blockMathAt: number): number {
    const text = this.text;
    let line = startLine;
    let e = lineEnd;
    let p = from;
    // Where a region spanning lines ended (null: never closed). No closure for this: scan runs once
    // per line of every note, and a closure per call shows in profiles.
    let spanned: { line: number; p: number } | null | undefined;
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
        if (closed === -1) {
          if (this.sink.codeSpanAcrossLines(line, p, n) !== -1) return line + 1;
          p += n;
        } else {
          this.sink.mask(p, closed, Region.code, line, line);
          p = closed;
        }
      } else if (c === 37 && text.charCodeAt(p + 1) === 37) {
        spanned = this.span(line, p, p + 2, '%%', Region.comment);
      } else if (c === 60 && text.startsWith('<!--', p)) {
        // `<!-->` and `<!--->` are whole comments (CommonMark 0.31).
        spanned = this.span(line, p, p + 2, '-->', Region.html);
      } else if (c === 60) {
        const end = this.html.endAt(p, this.lines.start(line), e);
        if (end === -1) p++;
        else {
          // Region.none: a line of inline tags is still a paragraph line.
          this.sink.mask(p, end, Region.none, line, line);
          p = end;
        }
      } else if (c === 36 && p === blockMathAt) {
        spanned = this.span(line, p, p + 2, '$$', Region.math);
      } else if (c === 36) {
        if (text.charCodeAt(p + 1) === 36) {
          // `$$` in the middle of a line opens display math too, which may close on a later line
          // (else its closing `$$` would be read as an opener, hiding the links after it). One
          // that never closes is text.
          if (this.doubleDollar.at(p + 2) < text.length) spanned = this.span(line, p, p + 2, '$$', Region.math);
          else p += 2;
        } else {
          const after = text.charCodeAt(p + 1);
          const close = p + 1 < e && !isSpace(after) ? this.mathCloser(line, p + 2, e) : -1;
          if (close === -1) p++;
          else {
            this.sink.mask(p, close + 1, Region.math, line, line);
            p = close + 1;
          }
        }
      } else p++;
      if (spanned !== undefined) {
        if (spanned === null) return this.lines.count;
        line = spanned.line;
        e = this.lines.end(line);
        p = spanned.p;
        spanned = undefined;
      }
    }
    return line + 1;
  }
}
