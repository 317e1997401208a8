// The first pass of the parser: find everything whose content must not count as links, tags,
// headings or block ids: frontmatter, fenced and indented code, HTML blocks, inline code,
// `%% comments %%` (inline and multi-line), HTML comments and math (`$$` blocks and `$inline$`).
// Those characters are replaced by NUL in a copy of the text of the same length, so later passes
// scan plain text and every offset stays valid.
//
// This file is CommonMark's block structure, line by line: the containers (block quotes and
// callouts, list items; containers.ts) are matched first, then the line continues or starts a
// leaf: a fence, indented code, an HTML block (html-blocks.ts), a heading, a thematic break or a
// paragraph, whose text the inline exclusions (inline-exclusions.ts) scan. A fence or indented
// code ends with the container it is in, and a lazy line continues only a paragraph.
//
// Where Obsidian differs from CommonMark on purpose, this pass follows Obsidian:
// - frontmatter at the top of the note is YAML, not a thematic break and a setext heading;
// - `%% comments %%`, `<!-- comments -->` and `$$ math $$` are hidden whole from where they open
//   to where they close, across blank lines and container boundaries (CommonMark has no `%%` or
//   math; it would end an HTML comment block with its container);
// - every kind of HTML block ends at a blank line (html-blocks.ts).
// Wikilinks and embeds are Obsidian's own inline syntax, read by the inline pass (inline-scan.ts).

import { LineSyntax } from './block-syntax';
import type { FenceOpen } from './block-syntax';
import { CodeSpanLookahead } from './code-span-lookahead';
import { ContainerStack } from './containers';
import { endsHtmlBlock, htmlBlockStart } from './html-blocks';
import { InlineExclusions } from './inline-exclusions';
import { LineCursor } from './line-cursor';
import { buildMasked, hiddenLines } from './masked-text';
import type { RegionKind } from './region-kind';
import { Region } from './region-kind';
import type { TextLines } from './text-lines';

export interface MaskedText {
  /**
   * The text with the body's excluded characters replaced by `\0` (line breaks kept); the
   * frontmatter's lines, before the body, are left as they are (no pass reads them).
   */
  masked: string;
  /** Per line: the kind of excluded region touching it, `Region.none` when none. */
  lineKind: Uint8Array;
  /** Per line: 1 when nothing visible is left on it and it lies in an excluded region. */
  hidden: Uint8Array;
  /** Per line: 1 when the line belongs to a fenced or indented code block (at any depth). */
  codeBlockLine: Uint8Array;
}

/**
 * Containers nest at most this deep (markdown-it's limit too); deeper markers are text. Every line
 * walks the open containers, and a blank line consumes nothing to do it, so without a bound a deep
 * list followed by many blank lines would take quadratic time.
 */
const MAX_DEPTH = 100;

/** Characters that may start a container or a leaf other than a paragraph: `> - + * 0-9 # ` ~ < = _`. */
const MAY_START_BLOCK = new Uint8Array(128);
for (const c of '>-+*0123456789#`~<=_') MAY_START_BLOCK[c.charCodeAt(0)] = 1;

const Leaf = { none: 0, paragraph: 1, fence: 2, indented: 3, html: 4 } as const;
type LeafKind = (typeof Leaf)[keyof typeof Leaf];

class Masker {
  readonly ranges: number[] = [];
  readonly lineKind: Uint8Array;
  readonly codeBlockLine: Uint8Array;
  private readonly containers = new ContainerStack();
  private readonly syntax: LineSyntax;
  private leaf: LeafKind = Leaf.none;
  private fence: FenceOpen = { char: 0, length: 0 };
  private htmlKind = 0;
  private readonly cur: LineCursor;
  private readonly inline: InlineExclusions;
  private readonly codeSpans: CodeSpanLookahead;
  /** The end of a code span that began on an earlier line: the paragraph's text resumes there. */
  private resumeAt = 0;

  constructor(
    private readonly text: string,
    private readonly lines: TextLines,
  ) {
    this.lineKind = new Uint8Array(lines.count);
    this.codeBlockLine = new Uint8Array(lines.count);
    this.cur = new LineCursor(text);
    this.syntax = new LineSyntax(text);
    this.inline = new InlineExclusions(text, lines, {
      mask: (start, end, kind, first, last) => this.mask(start, end, kind, first, last),
      setParagraphOpen: (open) => {
        this.leaf = open ? Leaf.paragraph : Leaf.none;
      },
      codeSpanAcrossLines: (line, open, n) => this.codeSpanAcrossLines(line, open, n),
    });
    this.codeSpans = new CodeSpanLookahead(text, lines, this.containers, this.syntax);
  }

  mask(start: number, end: number, kind: RegionKind, firstLine: number, lastLine: number): void {
    if (end > start) this.ranges.push(start, end, firstLine === lastLine ? 0 : 1);
    for (let l = firstLine; l <= lastLine; l++) if (this.lineKind[l] === Region.none) this.lineKind[l] = kind;
  }

  run(firstLine: number): void {
    let line = firstLine;
    while (line < this.lines.count) line = this.line(line);
  }

  private codeLine(line: number, kind: RegionKind): number {
    this.mask(this.cur.nextNonspace, this.cur.lineEnd, kind, line, line);
    if (kind === Region.code) this.codeBlockLine[line] = 1;
    return line + 1;
  }

  /** Closes the containers from `depth` on, and the leaf inside them. */
  private closeFrom(depth: number): void {
    if (this.containers.closeFrom(depth)) this.leaf = Leaf.none;
  }

  private line(line: number): number {
    const { cur, text, containers } = this;
    cur.reset(this.lines.start(line), this.lines.end(line));
    // Most lines: text outside any container, starting with a character that starts no block.
    if (containers.depth === 0 && this.leaf <= Leaf.paragraph && !cur.blank && cur.indent < 4 && !MAY_START_BLOCK[text.charCodeAt(cur.nextNonspace)]) {
      this.leaf = Leaf.paragraph;
      return this.paragraphLine(line);
    }
    const matched = containers.match(cur);
    const allMatched = matched === containers.depth;
    if (allMatched && this.leaf >= Leaf.fence) {
      const continued = this.continueLeaf(line);
      if (continued !== -1) return continued;
    }
    const lazyParagraph = !allMatched && this.leaf === Leaf.paragraph;
    let inParagraph = allMatched && this.leaf === Leaf.paragraph;
    let depth = matched;
    let started = false;
    // Container starts: block quotes and list items, any number on one line, up to MAX_DEPTH.
    while (containers.depth < MAX_DEPTH && cur.indent < 4 && !cur.blank) {
      const c = text.charCodeAt(cur.nextNonspace);
      if (c === 62) {
        containers.consumeQuoteMarker(cur);
        this.closeFrom(depth);
        containers.push('quote', 0, true);
      } else if (c === 45 || c === 43 || c === 42 || (c >= 48 && c <= 57)) {
        if (this.syntax.isThematicBreak(cur.nextNonspace, cur.lineEnd)) break;
        const offset = cur.offset;
        const column = cur.column;
        const partial = cur.partialTab;
        const marker = this.syntax.parseListMarker(cur, inParagraph && depth === containers.depth);
        if (!marker) {
          cur.restore(offset, column, partial);
          break;
        }
        this.closeFrom(depth);
        containers.push('item', marker.contentIndent, !marker.blank);
      } else break;
      depth = containers.depth;
      inParagraph = false;
      started = true;
    }
    if (!started && lazyParagraph && !cur.blank && this.syntax.leafStart(cur, false, true) === null) {
      // A lazy continuation line: the paragraph goes on, whatever containers it missed.
      return this.paragraphLine(line);
    }
    this.closeFrom(depth);
    if (cur.blank) {
      this.leaf = Leaf.none;
      return line + 1;
    }
    containers.filled();
    return this.leafLine(line, inParagraph);
  }

  /** The open leaf takes the line (the line's containers all matched), or -1. */
  private continueLeaf(line: number): number {
    const { cur, text } = this;
    if (this.leaf === Leaf.fence) {
      if (cur.indent < 4 && this.syntax.closesFence(cur.nextNonspace, cur.lineEnd, this.fence)) this.leaf = Leaf.none;
      return this.codeLine(line, Region.code);
    }
    if (this.leaf === Leaf.indented) {
      if (cur.indent >= 4 || cur.blank) return cur.blank ? line + 1 : this.codeLine(line, Region.code);
      this.leaf = Leaf.none;
    } else if (this.leaf === Leaf.html) {
      if (cur.blank) this.leaf = Leaf.none;
      else {
        if (endsHtmlBlock(this.htmlKind, text.slice(cur.nextNonspace, cur.lineEnd))) this.leaf = Leaf.none;
        return this.codeLine(line, Region.html);
      }
    }
    return -1;
  }

  private leafLine(line: number, inParagraph: boolean): number {
    const { cur, text } = this;
    const p = cur.nextNonspace;
    const e = cur.lineEnd;
    switch (this.syntax.leafStart(cur, inParagraph)) {
      case 'indented':
        this.leaf = Leaf.indented;
        return this.codeLine(line, Region.code);
      case 'fence':
        this.fence = this.syntax.fenceOpen(p, e) ?? this.fence;
        this.leaf = Leaf.fence;
        return this.codeLine(line, Region.code);
      case 'html':
        this.htmlKind = htmlBlockStart(text.slice(p, e), inParagraph);
        this.leaf = endsHtmlBlock(this.htmlKind, text.slice(p, e)) ? Leaf.none : Leaf.html;
        return this.codeLine(line, Region.html);
      case 'comment':
        return this.commentBlock(line, p);
      case 'setext':
      case 'break':
        this.leaf = Leaf.none;
        return line + 1;
      case 'atx':
        this.leaf = Leaf.none;
        return this.inline.scan(line, p, e, -1);
      default:
        this.leaf = Leaf.paragraph;
        return this.paragraphLine(line);
    }
  }

  /**
   * An HTML block of kind 2, `<!-- ... -->`, up to the end of the line holding its `-->` (`<!-->`
   * and `<!--->` are whole comments). Hidden whole across blank lines and containers, as Obsidian
   * hides comments; never closed, it runs to the end of the note.
   */
  private commentBlock(line: number, p: number): number {
    this.leaf = Leaf.none;
    const close = this.text.indexOf('-->', p + 2);
    const last = close === -1 ? this.lines.count - 1 : this.lines.lineAt(close);
    this.mask(p, this.lines.end(last), Region.html, line, last);
    return last + 1;
  }

  /** A code span from `open` (a run of `n` backticks) closing on a later line; its end, or -1. */
  private codeSpanAcrossLines(line: number, open: number, n: number): number {
    if (this.leaf !== Leaf.paragraph) return -1;
    const close = this.codeSpans.closerAfter(line, n);
    if (!close) return -1;
    // Region.none: the lines stay paragraph lines; only their text after the containers is code.
    this.mask(open, this.lines.end(line), Region.none, line, line);
    close.contentStarts.forEach((start, i) => {
      const l = line + 1 + i;
      this.mask(start, l === close.line ? close.end : this.lines.end(l), Region.none, l, l);
    });
    this.resumeAt = close.end;
    return close.end;
  }

  private paragraphLine(line: number): number {
    const { cur, text } = this;
    let p = cur.nextNonspace;
    if (this.resumeAt > p) {
      // Inside a code span from an earlier line: scan from its end, if it ends on this line.
      if (this.resumeAt > cur.lineEnd) return line + 1;
      p = this.resumeAt;
    }
    // `$$` opening a line starts a math block that may span lines; elsewhere it closes on its line.
    const blockMath = text.charCodeAt(p) === 36 && text.charCodeAt(p + 1) === 36 ? p : -1;
    return this.inline.scan(line, p, cur.lineEnd, blockMath);
  }
}

/**
 * What every excluded region needs in the text: a backtick (code span or fence), a tilde (fence),
 * `%%` (comment), `$` (math), `<` (HTML, HTML comment, autolink), or indentation of four columns
 * (indented code: a tab, or four spaces). Most notes of most vaults have none of these in their
 * body (none of the generated benchmark vault's do): their masking pass has nothing to find.
 * One `indexOf` each (vectorised; a regex of them all ran at a fifth of the speed).
 */
const MAY_EXCLUDE = ['`', '~', '$', '<', '\t', '%%', '    '];

function mayExclude(text: string, from: number): boolean {
  for (const s of MAY_EXCLUDE) if (text.indexOf(s, from) !== -1) return true;
  return false;
}

/** Masks every excluded region; `bodyStart` is the first line after the frontmatter (0 if none). */
export function maskExcludedRegions(text: string, lines: TextLines, bodyStart: number): MaskedText {
  if (bodyStart < lines.count && !mayExclude(text, lines.start(bodyStart))) return nothingMasked(text, lines, bodyStart);
  return maskEveryLine(text, lines, bodyStart);
}

/** The masking pass itself, line by line, with no shortcut (exported for its differential test). */
export function maskEveryLine(text: string, lines: TextLines, bodyStart: number): MaskedText {
  const masker = new Masker(text, lines);
  // The frontmatter's lines are marked, not masked: every later pass starts at the body and reads
  // forward from it, so its characters are never read, and most notes (frontmatter, no code) then
  // need no masked copy of their text at all.
  masker.lineKind.fill(Region.yaml, 0, bodyStart);
  masker.run(bodyStart);
  const masked = buildMasked(text, masker.ranges);
  const hidden = hiddenLines(masked, lines, masker.lineKind, bodyStart);
  return { masked, lineKind: masker.lineKind, hidden, codeBlockLine: masker.codeBlockLine };
}

/** The masking pass's answer for a body with nothing it could exclude (see MAY_EXCLUDE). */
function nothingMasked(text: string, lines: TextLines, bodyStart: number): MaskedText {
  const lineKind = new Uint8Array(lines.count);
  lineKind.fill(Region.yaml, 0, bodyStart);
  const hidden = new Uint8Array(lines.count);
  hidden.fill(1, 0, bodyStart);
  return { masked: text, lineKind, hidden, codeBlockLine: new Uint8Array(lines.count) };
}
