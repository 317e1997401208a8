// Block ids: `^id` (letters, digits, dashes) at the end of a paragraph, a list item, a quote or
// callout, or a footnote definition. A paragraph that is nothing but `^id` names the block before
// it (how Obsidian ids tables and quotes). Keys of `blocks` are lower case, as ids match
// case-insensitively; the id itself is kept as written. The first of two equal ids wins.

import type { BlockRef } from '../metadata-types';
import type { BlockSpan } from './headings-sections';
import type { TextLines } from './text-lines';
import { NextMatch } from './text-lines';
import { ownString } from './own-string';

const BLOCK_ID = /(?:^|[ \t])\^([A-Za-z0-9-]+)[ \t]*$/;
const ONLY_BLOCK_ID = /^[ \t]*\^([A-Za-z0-9-]+)[ \t]*$/;
const ENDS_WITH_ID = new Set(['paragraph', 'blockquote', 'callout', 'footnoteDefinition']);
const NAMEABLE_BY_NEXT = new Set(['paragraph', 'list', 'blockquote', 'callout', 'table', 'code', 'math', 'footnoteDefinition', 'html']);

export interface BlockIds {
  blocks: Record<string, BlockRef>;
  /** Section index -> id, for `SectionRef.id`. */
  sectionIds: Map<number, string>;
  /** Indexes of `^id`-only paragraphs merged into the block before them. */
  absorbed: Set<number>;
}

export function collectBlockIds(blocks: BlockSpan[], masked: string, lines: TextLines): BlockIds {
  const out: Record<string, BlockRef> = {};
  const sectionIds = new Map<number, string>();
  const absorbed = new Set<number>();
  // Most lines hold no `^`: look for one (memoised, lines come in order) before slicing the line.
  const caret = NextMatch.text('^', masked);
  const lineText = (line: number): string =>
    caret.at(lines.start(line)) < lines.end(line) ? masked.slice(lines.start(line), lines.end(line)) : '';
  const add = (id: string, first: number, last: number, section: number | null): boolean => {
    const key = id.toLowerCase();
    if (Object.prototype.hasOwnProperty.call(out, key)) return false;
    const own = ownString(id);
    out[key] = { id: own, position: lines.linesPos(first, last) };
    if (section !== null) sectionIds.set(section, own);
    return true;
  };

  blocks.forEach((block, index) => {
    if (block.type === 'list') {
      let item = 0;
      for (let line = block.first; line <= block.last; line++) {
        while (item + 1 < block.itemStarts.length && (block.itemStarts[item + 1] ?? Infinity) <= line) item++;
        const id = BLOCK_ID.exec(lineText(line))?.[1];
        if (id) add(id, block.itemStarts[item] ?? block.first, line, null);
      }
      return;
    }
    if (!ENDS_WITH_ID.has(block.type)) return;
    const last = lineText(block.last);
    const alone = block.type === 'paragraph' && block.first === block.last ? ONLY_BLOCK_ID.exec(last)?.[1] : undefined;
    const previous = blocks[index - 1];
    if (alone && previous && NAMEABLE_BY_NEXT.has(previous.type)) {
      if (add(alone, previous.first, previous.last, index - 1)) absorbed.add(index);
      return;
    }
    const id = BLOCK_ID.exec(last)?.[1];
    if (id) add(id, block.first, block.last, index);
  });
  return { blocks: out, sectionIds, absorbed };
}
