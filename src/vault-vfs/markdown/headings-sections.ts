// The block pass: groups lines into Obsidian's sections (paragraph, heading, list, blockquote,
// callout, table, code, math, comment, html, thematicBreak, footnoteDefinition, yaml) and collects
// headings (ATX and setext). It reads the masked text, so code and comments never start a block.
// Headings are top-level only: a `#` line inside a list or a callout stays part of that block.

import { ownString } from './own-string';
import type { HeadingRef, SectionType } from '../metadata-types';
import type { MaskedText } from './code-regions';
import { Region } from './region-kind';
import type { TextLines } from './text-lines';
import { indexBefore, isBlankRange, matchesAt } from './text-lines';

export interface BlockSpan {
  type: SectionType;
  first: number;
  last: number;
  /** For lists: the lines where an item starts. */
  itemStarts: number[];
}

export interface BlockStructure {
  blocks: BlockSpan[];
  headings: HeadingRef[];
}

// Sticky, multiline: tested at a line's first non-space character without slicing the line.
const ATX = /(#{1,6})(?:[ \t]|$)/my;
const CLOSING_HASHES = /(?:^|[ \t]+)#+$/;
// A link reference definition on one line: not paragraph text, so never part of a setext heading.
const REFERENCE_DEFINITION = /^ {0,3}\[(?:[^\]\\]|\\.)+\]:[ \t]*(?:<[^<>\n]*>|[^\s<][^\s]*)(?:[ \t]+(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?[ \t]*\r?$/;

/** The text of an ATX heading line (trimmed, `#`s included): without its opening and closing `#`s. */
function atxText(raw: string, level: number): string {
  return raw.slice(level).trim().replace(CLOSING_HASHES, '').trim();
}
const SETEXT = /(=+|-+)[ \t]*$/my;
const BREAK = /([-*_])(?:[ \t]*\1){2,}[ \t]*$/my;
const LIST_ITEM = /(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/my;
const FOOTNOTE = /\[\^[^\]\s]+\]:/y;
const CALLOUT = />[ \t]*\[!/y;
const TABLE_DELIMITER = /\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/my;
// CommonMark HTML blocks of types 1 and 6 (block-level tags); they run to the next blank line.
const HTML_BLOCK =
  /<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|pre|script|search|section|style|summary|table|tbody|td|textarea|tfoot|th|thead|title|tr|track|ul)(?:[\s/>]|$)/imy;

const HIDDEN_TYPE: Record<number, SectionType> = {
  [Region.code]: 'code',
  [Region.math]: 'math',
  [Region.comment]: 'comment',
  [Region.html]: 'html',
  [Region.yaml]: 'yaml',
};

const CONTINUES_LAZILY = new Set<SectionType>(['paragraph', 'list', 'footnoteDefinition', 'blockquote', 'callout', 'table', 'html']);

class BlockScanner {
  readonly blocks: BlockSpan[] = [];
  readonly headings: HeadingRef[] = [];
  private cur: BlockSpan | null = null;
  private pendingBlank = false;

  constructor(
    private readonly text: string,
    private readonly masked: string,
    private readonly lines: TextLines,
    private readonly mask: MaskedText,
  ) {}

  private close(): void {
    if (this.cur) this.blocks.push(this.cur);
    this.cur = null;
    this.pendingBlank = false;
  }

  private open(type: SectionType, line: number): BlockSpan {
    this.close();
    this.cur = { type, first: line, last: line, itemStarts: type === 'list' ? [line] : [] };
    return this.cur;
  }

  private extend(line: number): void {
    if (this.cur) this.cur.last = line;
    this.pendingBlank = false;
  }

  private heading(level: number, raw: string, first: number, last: number): void {
    this.open('heading', first).last = last;
    this.headings.push({ heading: ownString(raw.trim()), level, position: this.lines.linesPos(first, last) });
    this.close();
  }

  scan(firstLine: number): void {
    const { lines, mask } = this;
    for (let line = firstLine; line < lines.count; line++) {
      if (mask.hidden[line]) line = this.hiddenRun(line);
      else this.visibleLine(line);
    }
    this.close();
  }

  private hiddenRun(line: number): number {
    const kind = this.mask.lineKind[line] ?? Region.code;
    let last = line;
    while (last + 1 < this.lines.count && this.mask.hidden[last + 1] && this.mask.lineKind[last + 1] === kind) last++;
    const s = this.lines.start(line);
    const indented = this.text.charCodeAt(s) === 32 || this.text.charCodeAt(s) === 9;
    const cur = this.cur;
    if (cur && (cur.type === 'list' || cur.type === 'footnoteDefinition') && indented) {
      this.extend(last);
    } else {
      this.open(HIDDEN_TYPE[kind] ?? 'code', line).last = last;
      this.close();
    }
    return last;
  }

  private visibleLine(line: number): void {
    const s = this.lines.start(line);
    const e = this.lines.end(line);
    if (isBlankRange(this.masked, s, e)) {
      const type = this.cur?.type;
      if (type === 'list' || type === 'footnoteDefinition' || type === 'blockquote' || type === 'callout') this.pendingBlank = true;
      else this.close();
      return;
    }
    const m = this.masked;
    let q = s;
    let indent = 0; // in columns, a tab reaching the next multiple of four
    for (; q < e && (m.charCodeAt(q) === 32 || m.charCodeAt(q) === 9); q++) indent = m.charCodeAt(q) === 9 ? indent + 4 - (indent % 4) : indent + 1;
    const cur = this.cur;
    // Indented under a list item or footnote: part of it, even a `#` line or a nested item.
    if (indent >= 2 && cur && (cur.type === 'list' || cur.type === 'footnoteDefinition')) {
      if (cur.type === 'list' && matchesAt(LIST_ITEM, m, q)) cur.itemStarts.push(line);
      return this.extend(line);
    }
    if (indent <= 3 && this.startsBlock(line, q, e, cur)) return;
    if (cur && !this.pendingBlank && CONTINUES_LAZILY.has(cur.type)) return this.extend(line);
    this.open('paragraph', line);
  }

  /**
   * The paragraph `cur` with the underline at `line` becomes a setext heading, less the link
   * reference definitions it starts with (CommonMark takes those out first). False when nothing
   * but definitions is left: then the underline is text or a thematic break.
   */
  private setext(cur: BlockSpan, line: number, c: number): boolean {
    const raw: string[] = [];
    let first = cur.first;
    for (let l = cur.first; l <= cur.last; l++) {
      const lineText = this.text.slice(this.lines.start(l), this.lines.end(l));
      if (raw.length === 0 && REFERENCE_DEFINITION.test(lineText)) first = l + 1;
      else raw.push(lineText.trim());
    }
    if (raw.length === 0) return false;
    if (first > cur.first) {
      cur.last = first - 1;
      this.close();
    } else this.cur = null;
    this.heading(c === 61 ? 1 : 2, raw.join(' '), first, line);
    return true;
  }

  /** Handles a line that starts (or, for setext and tables, completes) a block; false if none. */
  private startsBlock(line: number, q: number, e: number, cur: BlockSpan | null): boolean {
    const m = this.masked;
    const c = m.charCodeAt(q);
    if (c === 62) {
      // `>`
      if ((cur?.type === 'blockquote' || cur?.type === 'callout') && !this.pendingBlank) this.extend(line);
      else this.open(matchesAt(CALLOUT, m, q) ? 'callout' : 'blockquote', line);
      return true;
    }
    if (c === 35 && matchesAt(ATX, m, q)) {
      const raw = this.text.slice(q, e).trim();
      let level = 0;
      while (m.charCodeAt(q + level) === 35) level++;
      this.heading(level, atxText(raw, level), line, line);
      return true;
    }
    if ((c === 61 || c === 45) && cur?.type === 'paragraph' && !this.pendingBlank && matchesAt(SETEXT, m, q) && this.setext(cur, line, c)) {
      return true;
    }
    if ((c === 45 || c === 42 || c === 95) && matchesAt(BREAK, m, q)) {
      this.open('thematicBreak', line);
      this.close();
      return true;
    }
    if ((c === 45 || c === 43 || c === 42 || (c >= 48 && c <= 57)) && matchesAt(LIST_ITEM, m, q)) {
      if (cur?.type === 'list') {
        cur.itemStarts.push(line);
        this.extend(line);
      } else this.open('list', line);
      return true;
    }
    if (c === 91 && matchesAt(FOOTNOTE, m, q)) {
      this.open('footnoteDefinition', line);
      return true;
    }
    if (c === 60 && matchesAt(HTML_BLOCK, m, q)) {
      if (cur?.type !== 'html' || this.pendingBlank) this.open('html', line);
      else this.extend(line);
      return true;
    }
    if (cur?.type === 'paragraph' && cur.first === cur.last && !this.pendingBlank && matchesAt(TABLE_DELIMITER, m, q)) {
      const dash = indexBefore(m, '-', q, e);
      const headerPipe = indexBefore(m, '|', this.lines.start(cur.first), this.lines.end(cur.first));
      const pipe = indexBefore(m, '|', q, e);
      if (dash !== -1 && (headerPipe !== -1 || pipe !== -1)) {
        cur.type = 'table';
        this.extend(line);
        return true;
      }
    }
    return false;
  }
}

/** Groups the body lines (from `firstLine`, after any frontmatter) into blocks and headings. */
export function scanBlocks(text: string, lines: TextLines, mask: MaskedText, firstLine: number): BlockStructure {
  const scanner = new BlockScanner(text, mask.masked, lines, mask);
  scanner.scan(firstLine);
  return { blocks: scanner.blocks, headings: scanner.headings };
}
