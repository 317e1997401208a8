// Line-level syntax the block pass tests at a line's first non-space character (CommonMark 0.31):
// thematic breaks, ATX headings, setext underlines, code fences and list markers. Each test looks
// at one line once, without slicing it. Methods of one object per note, not module functions:
// the block pass calls them for every line.

import { htmlBlockStart } from './html-blocks';
import type { LineCursor } from './line-cursor';

const BACKTICK = 96;
const TILDE = 126;

function isSpaceOrTab(c: number): boolean {
  return c === 32 || c === 9;
}

export interface FenceOpen {
  char: number;
  length: number;
}

export interface ListMarker {
  /** Columns from the item's container to its content: marker offset + marker + padding. */
  contentIndent: number;
  /** Nothing follows the marker on its line. */
  blank: boolean;
}

/** A leaf block other than a paragraph that a line opens. */
export type LeafStart = 'indented' | 'atx' | 'fence' | 'comment' | 'html' | 'setext' | 'break';

export class LineSyntax {
  constructor(private readonly text: string) {}

  private restIsBlank(p: number, end: number): boolean {
    for (; p < end; p++) {
      const c = this.text.charCodeAt(p);
      if (c !== 32 && c !== 9 && c !== 13) return false;
    }
    return true;
  }

  private runLength(p: number, end: number, c: number): number {
    let q = p;
    while (q < end && this.text.charCodeAt(q) === c) q++;
    return q - p;
  }

  /** `***`, `- - -`, `___ `: three or more of one of `*-_`, with only spaces and tabs between. */
  isThematicBreak(p: number, end: number): boolean {
    const c = this.text.charCodeAt(p);
    if (c !== 42 && c !== 45 && c !== 95) return false;
    let n = 0;
    for (let i = p; i < end; i++) {
      const d = this.text.charCodeAt(i);
      if (d === c) n++;
      else if (!isSpaceOrTab(d) && !(d === 13 && i === end - 1)) return false;
    }
    return n >= 3;
  }

  /** Level of an ATX heading opening at `p` (`#` to `######` then a space, tab or the line end), or 0. */
  atxLevel(p: number, end: number): number {
    const n = this.runLength(p, end, 35);
    if (n < 1 || n > 6) return 0;
    const after = this.text.charCodeAt(p + n);
    return p + n >= end || isSpaceOrTab(after) || after === 13 ? n : 0;
  }

  /** 1 for a `===` underline, 2 for `---`, 0 otherwise. */
  setextLevel(p: number, end: number): number {
    const c = this.text.charCodeAt(p);
    if (c !== 61 && c !== 45) return 0;
    return this.restIsBlank(p + this.runLength(p, end, c), end) ? (c === 61 ? 1 : 2) : 0;
  }

  /** A fence opening at `p`: three or more backticks (no backtick in the info string) or tildes. */
  fenceOpen(p: number, end: number): FenceOpen | null {
    const c = this.text.charCodeAt(p);
    if (c !== BACKTICK && c !== TILDE) return null;
    const length = this.runLength(p, end, c);
    if (length < 3) return null;
    if (c === BACKTICK) for (let i = p + length; i < end; i++) if (this.text.charCodeAt(i) === BACKTICK) return null;
    return { char: c, length };
  }

  /** Whether the line from `p` closes `fence`: at least as long a run of its character, then blanks. */
  closesFence(p: number, end: number, fence: FenceOpen): boolean {
    const n = this.runLength(p, end, fence.char);
    return n >= fence.length && this.restIsBlank(p + n, end);
  }

  /**
   * A list marker at the cursor's next non-space (`-`, `+`, `*`, or 1-9 digits then `.` or `)`,
   * then a space, tab or the line end). When it interrupts a paragraph, an ordered item must start
   * at 1 and no item may be empty. On success the cursor is left at the item's content.
   */
  parseListMarker(cur: LineCursor, inParagraph: boolean): ListMarker | null {
    const text = this.text;
    const p = cur.nextNonspace;
    const end = cur.lineEnd;
    const c = text.charCodeAt(p);
    let markerLength = 0;
    if (c === 45 || c === 43 || c === 42) markerLength = 1;
    else {
      let digits = 0;
      while (p + digits < end && digits < 10 && text.charCodeAt(p + digits) >= 48 && text.charCodeAt(p + digits) <= 57) digits++;
      const after = text.charCodeAt(p + digits);
      if (digits < 1 || digits > 9 || (after !== 46 && after !== 41)) return null;
      if (inParagraph && !(digits === 1 && c === 49)) return null;
      markerLength = digits + 1;
    }
    const next = p + markerLength;
    if (next < end && !isSpaceOrTab(text.charCodeAt(next)) && !(text.charCodeAt(next) === 13 && next === end - 1)) return null;
    const blank = this.restIsBlank(next, end);
    if (inParagraph && blank) return null;
    const markerOffset = cur.indent;
    cur.advanceToNextNonspace();
    cur.advance(markerLength, true);
    const spacesStartColumn = cur.column;
    const spacesStartOffset = cur.offset;
    const spacesStartPartial = cur.partialTab;
    do cur.advance(1, true);
    while (cur.column - spacesStartColumn < 5 && cur.offset < end && isSpaceOrTab(text.charCodeAt(cur.offset)));
    const spaces = cur.column - spacesStartColumn;
    let padding: number;
    if (spaces >= 5 || spaces < 1 || blank) {
      // Content indented five or more is indented code in the item: the item's text starts one
      // column after the marker.
      padding = markerLength + 1;
      cur.restore(spacesStartOffset, spacesStartColumn, spacesStartPartial);
      if (cur.offset < end && isSpaceOrTab(text.charCodeAt(cur.offset))) cur.advance(1, true);
    } else padding = markerLength + spaces;
    return { contentIndent: markerOffset + padding, blank };
  }

  /**
   * Which leaf the line at the cursor would open, tested without consuming anything; null for
   * paragraph text. `lazy`: whether it interrupts a paragraph whose containers the line did not
   * match (then neither indented code nor a setext underline nor a kind-7 HTML block can start).
   */
  leafStart(cur: LineCursor, inParagraph: boolean, lazy = false): LeafStart | null {
    const text = this.text;
    const p = cur.nextNonspace;
    const e = cur.lineEnd;
    if (cur.indent >= 4) return inParagraph || lazy || cur.blank ? null : 'indented';
    // Dispatch on the first character: most lines are text and start none of these.
    switch (text.charCodeAt(p)) {
      case 35: // #
        return this.atxLevel(p, e) ? 'atx' : null;
      case 96: // `
      case 126: // ~
        return this.fenceOpen(p, e) ? 'fence' : null;
      case 60: // <
        if (text.startsWith('<!--', p)) return 'comment';
        return htmlBlockStart(text.slice(p, e), inParagraph || lazy) ? 'html' : null;
      case 61: // =
        return inParagraph && this.setextLevel(p, e) ? 'setext' : null;
      case 45: // -
        if (inParagraph && this.setextLevel(p, e)) return 'setext';
        return this.isThematicBreak(p, e) ? 'break' : null;
      case 42: // *
      case 95: // _
        return this.isThematicBreak(p, e) ? 'break' : null;
      default:
        return null;
    }
  }
}
