// The inline pass: walks the visible lines of text blocks once, left to right, and picks out
// links, embeds and tags. It reads the masked text (code, comments and math are NUL there), so
// nothing inside them can match; strings are then taken from the original text. A link is
// skipped as a whole, so a `#` inside a link is never a tag. Backslash escapes are honoured.
// Searches for the next special character, `]]` and `[[` are memoised, so the pass stays linear
// even on lines full of unclosed brackets.
// The text of a markdown link or image is scanned too, as CommonMark reads it: an image or a
// wikilink in a link's text (`[![alt](a.png)](note.md)`, `[![[a.png]]](note.md)`) is reported
// besides the link, and a markdown link inside another one's text wins: the outer one is then no
// link (CommonMark's "links may not contain other links"; images may).

import type { LinkRef, TagRef } from '../metadata-types';
import type { BlockSpan } from './headings-sections';
import type { LinkSyntax, MarkdownLinkHints, WikilinkHints } from './links';
import { decodeLinkPath, matchBrackets, matchPairs, scanMarkdownLink, scanWikilink, wikilinkDisplayText } from './links';
import { ownString } from './own-string';
import { scanTag } from './tags';
import { NextChar } from './next-char';
import { NextMatch, indexBefore } from './text-lines';
import type { TextLines } from './text-lines';

export interface InlineResult {
  links: LinkRef[];
  embeds: LinkRef[];
  tags: TagRef[];
}

/** Blocks whose content is not markdown text: nothing in them is a link or a tag. */
const OPAQUE = new Set(['code', 'math', 'comment', 'html', 'yaml']);
/** Characters the line scan stops at: escape, link or wikilink, embed, tag. */
const SPECIAL = '\\[!#';

/** A markdown link or image whose text is being scanned; reported when the scan leaves its text. */
interface OpenLink {
  link: LinkSyntax;
  /** Where it goes in the embeds or links list: before whatever its text holds. */
  at: number;
  /** It holds a markdown link (not an image): not a link itself. */
  cancelled: boolean;
}

class InlineScanner {
  readonly result: InlineResult = { links: [], embeds: [], tags: [] };
  private readonly special: NextChar;
  private readonly hints: WikilinkHints;
  private readonly destinationOpen: NextMatch;
  private readonly linkHints: MarkdownLinkHints;
  private bracketsLine = -1;
  private brackets = new Map<number, number>();
  private parensLine = -1;
  /** Markdown links whose text the line scan is inside, innermost last (empty between lines). */
  private readonly open: OpenLink[] = [];
  private parens = new Map<number, number>();

  constructor(
    private readonly text: string,
    private readonly masked: string,
    private readonly lines: TextLines,
  ) {
    this.special = new NextChar(SPECIAL, masked);
    const close = NextMatch.text(']]', masked);
    const open = NextMatch.text('[[', masked);
    this.hints = { closeAfter: (p) => close.at(p), openAfter: (p) => open.at(p) };
    this.destinationOpen = NextMatch.text('](', masked);
    const stop = NextMatch.char(/[^\u0021-\uffff]/g, masked); // whitespace and control characters
    const lt = NextMatch.text('<', masked);
    const gt = NextMatch.text('>', masked);
    this.linkHints = {
      parenClose: (open) => {
        const line = lines.lineAt(open);
        if (this.parensLine !== line) {
          this.parensLine = line;
          this.parens = matchPairs(masked, lines.start(line), lines.end(line), 40, 41);
        }
        return this.parens.get(open) ?? -1;
      },
      destinationStop: (from) => stop.at(from),
      nextAngle: (char, from) => (char === '<' ? lt : gt).at(from),
    };
  }

  private addLink(syntax: LinkSyntax, line: number, at?: number): void {
    if (syntax.external) return;
    const { text } = this;
    const { start, end } = syntax;
    // One copy of the link's source (so the metadata does not hold the note's text); its path and
    // display text are parts of it, sliced from that copy: no further copies, and nothing more held.
    const original = ownString(text.slice(start, end));
    const raw = this.part(original, start, syntax.pathStart, syntax.subpathEnd);
    // (A decoded destination is a new string, made from the copy.)
    const link = syntax.kind === 'markdown' ? decodeLinkPath(raw) : raw;
    const ref: LinkRef = { link, original, position: this.lines.pos(start, end, line) };
    // Obsidian gives every link a display text: alias or link text, else the link path.
    ref.displayText = syntax.displayText !== undefined ? this.part(original, start, syntax.displayStart, syntax.displayEnd) : wikilinkDisplayText(link);
    const list = syntax.embed ? this.result.embeds : this.result.links;
    if (at === undefined || at === list.length) list.push(ref);
    else list.splice(at, 0, ref);
  }

  /** `text[from, to)`: a part of `original` (the copy of `text` from `start`) when it lies inside it. */
  private part(original: string, start: number, from: number, to: number): string {
    return from >= start && to <= start + original.length ? original.slice(from - start, to - start) : ownString(this.text.slice(from, to));
  }

  private leave(open: OpenLink[], line: number): number {
    const o = open.pop();
    if (!o) return 0;
    if (o.cancelled) return o.link.displayEnd + 1; // its `(destination)` is plain text
    this.addLink(o.link, line, o.at);
    return o.link.end;
  }

  /** A link starting at `p` (`[` or `!`), or null. */
  private linkAt(p: number, line: number, e: number): LinkSyntax | null {
    const m = this.masked;
    const bracket = m.charCodeAt(p) === 33 ? p + 1 : p;
    if (m.charCodeAt(bracket + 1) === 91) {
      const wiki = scanWikilink(m, p, e, this.hints);
      if (wiki) return wiki;
    }
    if (this.destinationOpen.at(bracket) >= e) return null; // no `](` left on this line
    if (this.bracketsLine !== line) {
      this.bracketsLine = line;
      this.brackets = matchBrackets(m, this.lines.start(line), e);
    }
    const close = this.brackets.get(bracket);
    return close === undefined ? null : scanMarkdownLink(m, p, close, e, this.linkHints);
  }

  scanLine(line: number): void {
    const m = this.masked;
    const s = this.lines.start(line);
    const e = this.lines.end(line);
    let p = s;
    const open = this.open;
    while (p < e || open.length > 0) {
      p = this.special.at(p);
      // (Guarded: reading index -1 of an empty array is a slow property lookup in V8.)
      const inner = open.length > 0 ? open[open.length - 1] : undefined;
      if (inner && p >= inner.link.displayEnd) {
        p = this.leave(open, line);
        continue;
      }
      if (p >= e) break;
      const c = m.charCodeAt(p);
      if (c === 92) {
        p += 2;
      } else if (c === 91 || (c === 33 && m.charCodeAt(p + 1) === 91)) {
        const link = this.linkAt(p, line, e);
        if (link?.kind === 'markdown') {
          // A link cancels the links whose text holds it, up to the nearest image (an image's
          // text is read on its own, as markdown-it reads it).
          for (let i = open.length - 1; !link.embed && i >= 0 && open[i]?.link.embed === false; i--) (open[i] as OpenLink).cancelled = true;
          if (indexBefore(m, '[', link.displayStart, link.displayEnd) === -1) {
            // Nothing in its text can be a link (most links): no need to read it.
            this.addLink(link, line);
            p = link.end;
          } else {
            open.push({ link, at: (link.embed ? this.result.embeds : this.result.links).length, cancelled: false });
            p = link.displayStart;
          }
        } else if (link) {
          this.addLink(link, line);
          p = link.end;
        } else p++;
      } else if (c === 35 && open.length === 0) {
        const end = scanTag(m, p, s, e);
        if (end === -1) p++;
        else {
          this.result.tags.push({ tag: ownString(this.text.slice(p, end)), position: this.lines.pos(p, end, line) });
          p = end;
        }
      } else p++;
    }
  }
}

export function scanInline(text: string, masked: string, lines: TextLines, blocks: BlockSpan[]): InlineResult {
  const scanner = new InlineScanner(text, masked, lines);
  for (const block of blocks) {
    if (OPAQUE.has(block.type)) continue;
    for (let line = block.first; line <= block.last; line++) scanner.scanLine(line);
  }
  return scanner.result;
}
