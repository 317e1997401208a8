// A position in one line for the block pass, in characters and in columns: CommonMark measures
// indentation in columns, a tab reaching the next multiple of four, and a container may consume
// part of a tab (`>\t\tcode`: the `>` takes one column of the first tab). Mirrors the reference
// implementation's offset / column / partially-consumed-tab bookkeeping.

export class LineCursor {
  /** Offset of the next unconsumed character. */
  offset = 0;
  /** Column of `offset`, counting what containers consumed. */
  column = 0;
  /** The tab at `offset` was partly consumed (its remaining columns are still indentation). */
  partialTab = false;
  /** First non-space character at or after `offset`, its column and the indentation before it. */
  nextNonspace = 0;
  nextNonspaceColumn = 0;
  indent = 0;
  /** Nothing but spaces and tabs from `offset` to the end of the line. */
  blank = false;
  private end = 0;

  constructor(private readonly text: string) {}

  reset(start: number, end: number): void {
    this.offset = start;
    this.column = 0;
    this.partialTab = false;
    this.end = end;
    this.findNextNonspace();
  }

  get lineEnd(): number {
    return this.end;
  }

  charAt(offset: number): number {
    return offset < this.end ? this.text.charCodeAt(offset) : -1;
  }

  findNextNonspace(): void {
    let i = this.offset;
    let cols = this.column;
    for (; i < this.end; i++) {
      const c = this.text.charCodeAt(i);
      if (c === 32) cols++;
      else if (c === 9) cols += 4 - (cols % 4);
      else break;
    }
    this.blank = i >= this.end;
    this.nextNonspace = i;
    this.nextNonspaceColumn = cols;
    this.indent = cols - this.column;
  }

  /** Consumes `count` characters, or with `columns` `count` columns (possibly part of a tab). */
  advance(count: number, columns: boolean): void {
    while (count > 0 && this.offset < this.end) {
      const c = this.text.charCodeAt(this.offset);
      if (c === 9) {
        const toTab = 4 - (this.column % 4);
        if (columns) {
          this.partialTab = toTab > count;
          const step = Math.min(toTab, count);
          this.column += step;
          if (!this.partialTab) this.offset++;
          count -= step;
        } else {
          this.partialTab = false;
          this.column += toTab;
          this.offset++;
          count--;
        }
      } else {
        this.partialTab = false;
        this.offset++;
        this.column++;
        count--;
      }
    }
    this.findNextNonspace();
  }

  /** Goes back to a position taken earlier on the same line. */
  restore(offset: number, column: number, partialTab: boolean): void {
    this.offset = offset;
    this.column = column;
    this.partialTab = partialTab;
    this.findNextNonspace();
  }

  advanceToNextNonspace(): void {
    this.offset = this.nextNonspace;
    this.column = this.nextNonspaceColumn;
    this.partialTab = false;
    this.findNextNonspace();
  }
}
