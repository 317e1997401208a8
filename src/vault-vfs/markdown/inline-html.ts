// Inline raw HTML and autolinks (CommonMark 6.5, 6.6), for the inline exclusions: an open or
// closing tag, a processing instruction, a declaration, CDATA, or `<scheme:...>` / `<a@b.c>`.
// Nothing inside one is markdown, so a `[[link]]` in a tag's attribute is no link. HTML comments
// are handled apart (they may span lines, inline-exclusions.ts); everything here ends on its line
// (a tag whose attributes run onto the next line is a known gap, listed in the conformance suite).

import { NextMatch } from './text-lines';

const TAG_NAME = '[A-Za-z][A-Za-z0-9-]*';
const ATTRIBUTE = `(?:[ \\t]+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:[ \\t]*=[ \\t]*(?:[^"'=<>\`\\x00-\\x20]+|'[^'\\n\\r]*'|"[^"\\n\\r]*"))?)`;

// Sticky, tested at a `<`: tags and autolinks. Each attribute needs a space before it and has one
// reading, and nothing here runs past a `<`, so the tests on a line stay linear.
const TAG_OR_AUTOLINK = new RegExp(
  [
    `<${TAG_NAME}${ATTRIBUTE}*[ \\t]*\\/?>`,
    `<\\/${TAG_NAME}[ \\t]*>`,
    '<[A-Za-z][A-Za-z0-9.+-]{1,31}:[^<>\\x00-\\x20]*>',
    "<[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*>",
  ].join('|'),
  'y',
);

/** Finds inline raw HTML in one text; the searches for closers are memoised (scans go forward). */
export class InlineHtml {
  private readonly piEnd: NextMatch;
  private readonly cdataEnd: NextMatch;
  private readonly gt: NextMatch;

  constructor(private readonly text: string) {
    this.piEnd = NextMatch.text('?>', text);
    this.cdataEnd = NextMatch.text(']]>', text);
    this.gt = NextMatch.text('>', text);
  }

  /**
   * End of the raw HTML or autolink at `p` (a `<`), if it ends by `lineEnd`; else -1. A `<` that
   * opens a link destination (`](<dest>)`) is the link's, not HTML.
   */
  endAt(p: number, lineStart: number, lineEnd: number): number {
    const text = this.text;
    let q = p - 1;
    while (q > lineStart && (text.charCodeAt(q) === 32 || text.charCodeAt(q) === 9)) q--;
    if (text.charCodeAt(q) === 40 && text.charCodeAt(q - 1) === 93) return -1;
    const c = text.charCodeAt(p + 1);
    let end = -1;
    if (c === 63) end = this.piEnd.at(p + 2) + 2; // <? ... ?>
    else if (c === 33 && text.startsWith('[CDATA[', p + 2)) end = this.cdataEnd.at(p + 9) + 3;
    else if (c === 33) end = /[A-Za-z]/.test(text.charAt(p + 2)) ? this.gt.at(p + 2) + 1 : -1; // <!DECL ...>
    else {
      TAG_OR_AUTOLINK.lastIndex = p;
      end = TAG_OR_AUTOLINK.test(text) ? TAG_OR_AUTOLINK.lastIndex : -1;
    }
    return end !== -1 && end <= lineEnd ? end : -1;
  }
}
