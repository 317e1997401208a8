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

function isSpaceOrTab(c: number): boolean {
  return c === 32 || c === 9;
}

/** At a `>` (at most three spaces in): consumes it and one optional space. */
export function consumeQuoteMarker(cur: LineCursor): boolean {
  if (cur.indent >= 4 || cur.charAt(cur.nextNonspace) !== 62) return false;
  cur.advanceToNextNonspace();
  cur.advance(1, false);
  if (isSpaceOrTab(cur.charAt(cur.offset))) cur.advance(1, true);
  return true;
}

/** Consumes the prefixes of the containers the line continues; returns how many it matched. */
export function matchContainers(stack: readonly Container[], cur: LineCursor): number {
  let matched = 0;
  for (const c of stack) {
    if (c.kind === 'quote') {
      if (!consumeQuoteMarker(cur)) break;
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
