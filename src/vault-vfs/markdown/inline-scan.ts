// The inline pass: walks the visible lines of text blocks once, left to right, and picks out
// links, embeds and tags. It reads the masked text (code, comments and math are NUL there), so
// nothing inside them can match; strings are then taken from the original text. A link is
// skipped as a whole, so a `#` inside a link is never a tag. Backslash escapes are honoured.

import type { LinkRef, TagRef } from '../metadata-types';
import type { BlockSpan } from './headings-sections';
import type { LinkSyntax } from './links';
import { matchBrackets, scanMarkdownLink, scanWikilink, withSourceStrings } from './links';
import { scanTag } from './tags';
import type { TextLines } from './text-lines';

export interface InlineResult {
  links: LinkRef[];
  embeds: LinkRef[];
  tags: TagRef[];
}

/** Blocks whose content is not markdown text: nothing in them is a link or a tag. */
const OPAQUE = new Set(['code', 'math', 'comment', 'html', 'yaml']);

class InlineScanner {
  readonly result: InlineResult = { links: [], embeds: [], tags: [] };

  constructor(
    private readonly text: string,
    private readonly masked: string,
    private readonly lines: TextLines,
  ) {}

  private addLink(syntax: LinkSyntax, line: number): void {
    const s = withSourceStrings(syntax, this.text);
    const ref: LinkRef = {
      link: s.link,
      original: this.text.slice(s.start, s.end),
      position: this.lines.pos(s.start, s.end, line),
    };
    if (s.displayText !== undefined) ref.displayText = s.displayText;
    (s.embed ? this.result.embeds : this.result.links).push(ref);
  }

  /** A link starting at `p` (`[` or `!`), or null. */
  private linkAt(p: number, e: number, brackets: () => Map<number, number>): LinkSyntax | null {
    const m = this.masked;
    const bracket = m.charCodeAt(p) === 33 ? p + 1 : p;
    if (m.charCodeAt(bracket + 1) === 91) {
      const wiki = scanWikilink(m, p, e);
      if (wiki) return wiki;
    }
    const close = brackets().get(bracket);
    return close === undefined ? null : scanMarkdownLink(m, p, close, e);
  }

  scanLine(line: number): void {
    const m = this.masked;
    const s = this.lines.start(line);
    const e = this.lines.end(line);
    let brackets: Map<number, number> | null = null;
    const lazyBrackets = (): Map<number, number> => (brackets ??= matchBrackets(m, s, e));
    let p = s;
    while (p < e) {
      const c = m.charCodeAt(p);
      if (c === 92) {
        p += 2;
      } else if (c === 91 || (c === 33 && m.charCodeAt(p + 1) === 91)) {
        const link = this.linkAt(p, e, lazyBrackets);
        if (link) {
          if (!link.external) this.addLink(link, line);
          p = link.end;
        } else p++;
      } else if (c === 35) {
        const end = scanTag(m, p, s, e);
        if (end === -1) p++;
        else {
          this.result.tags.push({ tag: this.text.slice(p, end), position: this.lines.pos(p, end, line) });
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
