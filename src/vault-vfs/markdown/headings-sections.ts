// The block pass: groups lines into Obsidian's sections (paragraph, heading, list, blockquote,
// callout, table, code, math, comment, html, thematicBreak, footnoteDefinition, yaml) and collects
// headings (ATX and setext). It reads the masked text, so code and comments never start a block.
// Headings are top-level only: a `#` line inside a list or a callout stays part of that block.

import type { HeadingRef, SectionType } from '../metadata-types';
import type { MaskedText } from './code-regions';
import { Region } from './code-regions';
import type { TextLines } from './text-lines';
import { isBlankRange } from './text-lines';

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

const ATX = /^(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^(=+|-+)[ \t]*$/;
const BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const FOOTNOTE = /^\[\^[^\]\s]+\]:/;
const TABLE_DELIMITER = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const HTML_BLOCK =
  /^<\/?(?:address|article|aside|blockquote|body|center|details|dialog|div|dl|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|iframe|li|main|nav|ol|p|pre|script|section|style|summary|table|tbody|td|textarea|tfoot|th|thead|tr|ul|video|audio|img|picture|svg)(?:[\s/>]|$)/i;

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
    this.headings.push({ heading: raw.trim(), level, position: this.lines.linesPos(first, last) });
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
    let q = s;
    while (q < e && (this.masked.charCodeAt(q) === 32 || this.masked.charCodeAt(q) === 9)) q++;
    const indent = q - s;
    const content = this.masked.slice(q, e);
    const cur = this.cur;
    // Indented under a list item or footnote: part of it, even a `#` line or a nested item.
    if (indent >= 2 && cur && (cur.type === 'list' || cur.type === 'footnoteDefinition')) {
      if (cur.type === 'list' && LIST_ITEM.test(content)) cur.itemStarts.push(line);
      return this.extend(line);
    }
    if (indent <= 3 && this.startsBlock(line, content, cur)) return;
    if (cur && !this.pendingBlank && CONTINUES_LAZILY.has(cur.type)) return this.extend(line);
    this.open('paragraph', line);
  }

  /** Handles a line that starts (or, for setext and tables, completes) a block; false if none. */
  private startsBlock(line: number, content: string, cur: BlockSpan | null): boolean {
    if (content.startsWith('>')) {
      if ((cur?.type === 'blockquote' || cur?.type === 'callout') && !this.pendingBlank) this.extend(line);
      else this.open(/^>[ \t]*\[!/.test(content) ? 'callout' : 'blockquote', line);
      return true;
    }
    const atx = ATX.exec(content);
    if (atx) {
      const raw = this.text.slice(this.lines.start(line), this.lines.end(line)).trim();
      const body = ATX.exec(raw);
      this.heading(atx[1]?.length ?? 1, body?.[2] ?? '', line, line);
      return true;
    }
    if (cur?.type === 'paragraph' && !this.pendingBlank && SETEXT.test(content)) {
      const raw: string[] = [];
      for (let l = cur.first; l <= cur.last; l++) raw.push(this.text.slice(this.lines.start(l), this.lines.end(l)).trim());
      const first = cur.first;
      this.cur = null;
      this.heading(content.startsWith('=') ? 1 : 2, raw.join(' '), first, line);
      return true;
    }
    if (BREAK.test(content)) {
      this.open('thematicBreak', line);
      this.close();
      return true;
    }
    if (LIST_ITEM.test(content)) {
      if (cur?.type === 'list') {
        cur.itemStarts.push(line);
        this.extend(line);
      } else this.open('list', line);
      return true;
    }
    if (FOOTNOTE.test(content)) {
      this.open('footnoteDefinition', line);
      return true;
    }
    if (HTML_BLOCK.test(content)) {
      if (cur?.type !== 'html' || this.pendingBlank) this.open('html', line);
      else this.extend(line);
      return true;
    }
    if (cur?.type === 'paragraph' && cur.first === cur.last && !this.pendingBlank && content.includes('-') && TABLE_DELIMITER.test(content)) {
      const header = this.masked.slice(this.lines.start(cur.first), this.lines.end(cur.first));
      if (header.includes('|') || content.includes('|')) {
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
