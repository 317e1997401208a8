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

export function isBlankRange(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}
