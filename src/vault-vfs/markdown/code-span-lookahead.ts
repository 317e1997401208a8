// Code spans whose backticks are on different lines of one paragraph (CommonMark 6.1): a backtick
// run with no run of the same length after it on its line may still close on a later line of
// the same paragraph. This looks ahead over the lines that would continue the paragraph, with
// the same container and leaf tests as the block pass, and finds the closing run.
//
// Cost: a search that fails is remembered for the rest of the paragraph (a later run of the same
// length cannot find a closer the first did not), and a search that succeeds ends where the scan
// goes on from; so each line is looked at again once per distinct run length, at most about
// sqrt(2 x paragraph length) of them (runs of every length, none closed: 100 KB in about 1 s).

import type { LineSyntax } from './block-syntax';
import type { ContainerStack } from './containers';
import { LineCursor } from './line-cursor';
import type { TextLines } from './text-lines';
import { NextMatch } from './text-lines';

export interface CodeSpanClose {
  /** The line of the closing run and the offset just after it. */
  line: number;
  end: number;
  /** Per line after the opener's, up to the closer's: where its paragraph text starts. */
  contentStarts: number[];
}

export class CodeSpanLookahead {
  private readonly cur: LineCursor;
  /** The next backtick (memoised: a line without one must not search the rest of the note). */
  private readonly backtick: NextMatch;
  /** Backtick run length -> the line where a failed search for its closer stopped. */
  private readonly failedUntil = new Map<number, number>();

  constructor(
    private readonly text: string,
    private readonly lines: TextLines,
    private readonly containers: ContainerStack,
    private readonly syntax: LineSyntax,
  ) {
    this.cur = new LineCursor(text);
    this.backtick = NextMatch.text('`', text);
  }

  /** Where the paragraph text of `line` starts if the line continues the open paragraph, else -1. */
  private continuation(line: number): number {
    const cur = this.cur;
    cur.reset(this.lines.start(line), this.lines.end(line));
    const matched = this.containers.match(cur);
    if (cur.blank) return -1;
    const allMatched = matched === this.containers.depth;
    if (cur.indent < 4) {
      const c = this.text.charCodeAt(cur.nextNonspace);
      if (c === 62) return -1; // a block quote starts
      const mayList = c === 45 || c === 43 || c === 42 || (c >= 48 && c <= 57);
      const p = cur.nextNonspace;
      // (parseListMarker moves the cursor only when it finds a marker.)
      if (mayList && !this.syntax.isThematicBreak(p, cur.lineEnd) && this.syntax.parseListMarker(cur, allMatched)) return -1;
    }
    return this.syntax.leafStart(cur, allMatched, !allMatched) === null ? cur.nextNonspace : -1;
  }

  /** The closing run of exactly `n` backticks for an opener on `line`, in the lines after it. */
  closerAfter(line: number, n: number): CodeSpanClose | null {
    if ((this.failedUntil.get(n) ?? -1) > line) return null;
    const contentStarts: number[] = [];
    let l = line + 1;
    for (; l < this.lines.count; l++) {
      const start = this.continuation(l);
      if (start === -1) break;
      contentStarts.push(start);
      const end = this.lines.end(l);
      for (let j = this.backtick.at(start); j < end; ) {
        let k = j;
        while (k < end && this.text.charCodeAt(k) === 96) k++;
        if (k - j === n) return { line: l, end: k, contentStarts };
        j = this.backtick.at(k);
      }
    }
    this.failedUntil.set(n, l);
    return null;
  }
}
