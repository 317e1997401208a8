// The open containers of the block pass: block quotes (callouts are block quotes to the parser)
// and list items, outermost first. Each line first walks down this stack, consuming each
// container's prefix (`>` and one optional space; a list item's content indentation) as
// CommonMark does; the containers it fails to match are closed by whatever the line starts,
// unless the line is a lazy continuation of an open paragraph.

import type { LineCursor } from './line-cursor';

export interface Container {
  kind: 'quote' | 'item';
  /** For a list item: columns its content is indented by, relative to its parent's content. */
  contentIndent: number;
  /** For a list item: something other than blank lines has been put in it. */
  hasContent: boolean;
}

export class ContainerStack {
  readonly open: Container[] = [];

  get depth(): number {
    return this.open.length;
  }

  /** At a `>` (at most three spaces in): consumes it and one optional space. */
  consumeQuoteMarker(cur: LineCursor): boolean {
    if (cur.indent >= 4 || cur.charAt(cur.nextNonspace) !== 62) return false;
    cur.advanceToNextNonspace();
    cur.advance(1, false);
    const c = cur.charAt(cur.offset);
    if (c === 32 || c === 9) cur.advance(1, true);
    return true;
  }

  /** Consumes the prefixes of the containers the line continues; returns how many it matched. */
  match(cur: LineCursor): number {
    if (this.open.length === 0) return 0;
    let matched = 0;
    for (const c of this.open) {
      if (c.kind === 'quote') {
        if (!this.consumeQuoteMarker(cur)) break;
      } else if (cur.blank) {
        // A list item may begin with one blank line, not two.
        if (!c.hasContent) break;
        cur.advanceToNextNonspace();
      } else if (cur.indent >= c.contentIndent) cur.advance(c.contentIndent, true);
      else break;
      matched++;
    }
    return matched;
  }

  /** Closes the containers from `depth` on; true if any was open. */
  closeFrom(depth: number): boolean {
    if (depth >= this.open.length) return false;
    this.open.length = depth;
    return true;
  }

  /** A line adds content to the innermost container: a list item is no longer empty. */
  filled(): void {
    // (Guarded: reading index -1 of an empty array is a slow property lookup in V8.)
    if (this.open.length > 0) (this.open[this.open.length - 1] as Container).hasContent = true;
  }

  push(kind: Container['kind'], contentIndent: number, hasContent: boolean): void {
    this.filled();
    this.open.push({ kind, contentIndent, hasContent });
  }
}
