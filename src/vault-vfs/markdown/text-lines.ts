// Line table of a note: where each line starts and where its content ends, so that every
// position the parser reports is a 0-based line/col/offset in UTF-16 code units (what JavaScript
// string indices already are), as in Obsidian's CachedMetadata.

import type { Loc, Pos } from '../metadata-types';

export class TextLines {
  /** Offset of the first character of each line. */
  readonly starts: number[] = [0];

  constructor(readonly text: string) {
    let i = text.indexOf('\n');
    while (i !== -1) {
      this.starts.push(i + 1);
      i = text.indexOf('\n', i + 1);
    }
  }

  get count(): number {
    return this.starts.length;
  }

  start(line: number): number {
    return this.starts[line] ?? this.text.length;
  }

  /** Offset just past the line's content: before its `\n`, and before a `\r` of a CRLF ending. */
  end(line: number): number {
    const next = this.starts[line + 1];
    if (next === undefined) return this.text.length;
    let end = next - 1;
    if (end > this.start(line) && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  /** The line holding `offset` (binary search; offsets past the end map to the last line). */
  lineAt(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  loc(offset: number, line = this.lineAt(offset)): Loc {
    return { line, col: offset - this.start(line), offset };
  }

  pos(startOffset: number, endOffset: number, line?: number): Pos {
    const startLine = line ?? this.lineAt(startOffset);
    const endLine = endOffset <= this.end(startLine) ? startLine : this.lineAt(endOffset);
    return { start: this.loc(startOffset, startLine), end: this.loc(endOffset, endLine) };
  }

  /** Position spanning whole lines `first..last`, ending at the end of the last line's content. */
  linesPos(first: number, last: number): Pos {
    return { start: this.loc(this.start(first), first), end: this.loc(this.end(last), last) };
  }
}

/** The line ending most of the note uses: the first one found, or "\n" for a note without one. */
export function dominantEol(text: string): string {
  const m = /\r\n|\n|\r/.exec(text);
  return m ? m[0] : '\n';
}

export function isBlankRange(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/** Tests a sticky (`y`) regex at `p` without slicing the text. */
export function matchesAt(re: RegExp, text: string, p: number): boolean {
  re.lastIndex = p;
  return re.test(text);
}

/**
 * Finds the next occurrence of something (`find(from)` returns its offset or -1), remembering the
 * answer: scans go forward only, so each part of the text is searched once however often asked.
 */
export class NextMatch {
  private from = -1;
  private found = -1;

  constructor(
    private readonly find: (from: number) => number,
    private readonly none: number,
  ) {}

  /** Offset of the next occurrence at or after `p`, or `none` if there is none. */
  at(p: number): number {
    if (p >= this.from && p <= this.found) return this.found;
    const at = this.find(p);
    this.from = p;
    this.found = at === -1 ? this.none : at;
    return this.found;
  }

  /** The next character matching a global regex. */
  static char(re: RegExp, text: string): NextMatch {
    return new NextMatch((p) => {
      re.lastIndex = p;
      return re.test(text) ? re.lastIndex - 1 : -1;
    }, text.length);
  }

  static text(needle: string, text: string): NextMatch {
    return new NextMatch((p) => text.indexOf(needle, p), text.length);
  }
}

/** `text.indexOf(char, from)` that looks no further than `end` (keeps repeated searches linear). */
export function indexBefore(text: string, char: string, from: number, end: number): number {
  const code = char.charCodeAt(0);
  for (let i = from; i < end; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
}
