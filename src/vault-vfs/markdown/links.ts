// Link syntax: wikilinks `[[path#sub|alias]]`, embeds `![[...]]`, markdown links `[text](dest)`
// and images `![alt](dest)`, with `<dest with spaces>` and `%20`-encoded destinations. The same
// scanners serve the parser and the link rewriter, so a rewrite splices exactly the characters the
// parser read as the link path. Destinations with a URL scheme (http:, mailto:, obsidian:, ...)
// are external and not links.

import { indexBefore } from './text-lines';

export interface LinkSyntax {
  kind: 'wikilink' | 'markdown';
  embed: boolean;
  /** Span of the whole link in the scanned text. */
  start: number;
  end: number;
  /** Raw span of the path without subpath (for markdown links: still encoded). */
  pathStart: number;
  pathEnd: number;
  /** Raw subpath (`#Heading`, `#^block`) is `[pathEnd, subpathEnd)`; empty when none. */
  subpathEnd: number;
  /** Markdown destination written as `<...>`. */
  angle: boolean;
  /** The link path with subpath as Obsidian reports it (markdown destinations decoded). */
  link: string;
  displayText?: string;
  /** Span of the alias or link text; equal when there is none. */
  displayStart: number;
  displayEnd: number;
  /** Markdown link to a URL: not a vault link, but its span must still be skipped. */
  external: boolean;
}

/** Longest markdown destination looked at; keeps pathological lines linear. */
const MAX_DESTINATION = 4096;
const SCHEME = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|\/\/)/;

export function decodeLinkPath(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Where the next `]]` and `[[` are, from a caller that scans many links (keeps it linear). */
export interface WikilinkHints {
  closeAfter(from: number): number;
  openAfter(from: number): number;
}

/** A wikilink or wiki embed at `p` (`[[` or `![[`) that closes before `lineEnd`. */
export function scanWikilink(text: string, p: number, lineEnd: number, hints?: WikilinkHints): LinkSyntax | null {
  const embed = text.charCodeAt(p) === 33;
  const open = p + (embed ? 3 : 2);
  const close = hints ? hints.closeAfter(open) : text.indexOf(']]', open);
  if (close === -1 || close >= lineEnd) return null;
  const nested = hints ? hints.openAfter(open) : text.indexOf('[[', open);
  if (nested !== -1 && nested < close) return null;
  const inner = text.slice(open, close);
  if (inner.trim() === '') return null;
  const bar = inner.indexOf('|');
  // In tables the alias bar is written `\|`; the backslash is not part of the path.
  const linkEnd = bar === -1 ? inner.length : bar > 0 && inner.charCodeAt(bar - 1) === 92 ? bar - 1 : bar;
  const link = inner.slice(0, linkEnd);
  const hash = link.indexOf('#');
  const syntax: LinkSyntax = {
    kind: 'wikilink',
    embed,
    start: p,
    end: close + 2,
    pathStart: open,
    pathEnd: open + (hash === -1 ? link.length : hash),
    subpathEnd: open + link.length,
    angle: false,
    link,
    displayStart: bar === -1 ? close : open + bar + 1,
    displayEnd: close,
    external: false,
  };
  if (bar !== -1) syntax.displayText = inner.slice(bar + 1);
  return syntax;
}

function skipSpaces(text: string, p: number, end: number): number {
  while (p < end && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++;
  return p;
}

/** End of a plain destination starting at `p`: whitespace or an unbalanced `)`; -1 if invalid. */
function plainDestinationEnd(text: string, p: number, lineEnd: number): number {
  const limit = Math.min(lineEnd, p + MAX_DESTINATION);
  let depth = 0;
  let q = p;
  for (; q < limit; q++) {
    const c = text.charCodeAt(q);
    if (c === 92 && q + 1 < limit) q++;
    else if (c === 40) depth++;
    else if (c === 41) {
      if (depth === 0) return q;
      depth--;
    } else if (c <= 32) return q;
  }
  return q < lineEnd ? -1 : q;
}

/** End of an optional title (`"t"`, `'t'`, `(t)`; backslash escapes skipped) at `p`, or `p` when there is none. */
function titleEnd(text: string, p: number, lineEnd: number): number {
  const c = text.charCodeAt(p);
  const closing = c === 34 ? 34 : c === 39 ? 39 : c === 40 ? 41 : 0;
  if (!closing) return p;
  for (let q = p + 1; q < lineEnd; q++) {
    const d = text.charCodeAt(q);
    if (d === 92) q++;
    else if (d === closing) return q + 1;
  }
  return -1;
}

/**
 * A markdown link or image at `p` (`[` or `![`) whose text closes at `textClose` (the matching
 * `]`, found by the caller), with its `(destination)` right after.
 */
/**
 * For a caller that scans many links on long lines: answers that keep the scan linear. Without
 * them each destination is scanned on its own (fine for one link's source text).
 */
export interface MarkdownLinkHints {
  /** The `)` matching the `(` at `open` on its line (escapes skipped), or -1. */
  parenClose(open: number): number;
  /** The next whitespace or control character at or after `from` (or the text length). */
  destinationStop(from: number): number;
  /** The next `<` / `>` at or after `from` (or the text length). */
  nextAngle(char: '<' | '>', from: number): number;
}

export function scanMarkdownLink(text: string, p: number, textClose: number, lineEnd: number, hints?: MarkdownLinkHints): LinkSyntax | null {
  const embed = text.charCodeAt(p) === 33;
  if (text.charCodeAt(textClose + 1) !== 40) return null;
  let q = skipSpaces(text, textClose + 2, lineEnd);
  let destStart: number;
  let destEnd: number;
  let angle = false;
  if (text.charCodeAt(q) === 60) {
    const gt = hints ? hints.nextAngle('>', q + 1) : indexBefore(text, '>', q + 1, lineEnd);
    const lt = hints ? hints.nextAngle('<', q + 1) : indexBefore(text, '<', q + 1, lineEnd);
    if (gt === -1 || gt >= lineEnd || (lt !== -1 && lt < gt)) return null;
    angle = true;
    destStart = q + 1;
    destEnd = gt;
    q = gt + 1;
  } else {
    destStart = q;
    if (hints) {
      // The destination ends at the `)` closing the one that opened it, or at whitespace.
      const close = hints.parenClose(textClose + 1);
      destEnd = Math.min(close === -1 ? lineEnd : close, hints.destinationStop(q), lineEnd);
    } else {
      destEnd = plainDestinationEnd(text, q, lineEnd);
      if (destEnd === -1) return null;
    }
    q = destEnd;
  }
  q = skipSpaces(text, q, lineEnd);
  if (q > destEnd && text.charCodeAt(q) !== 41) {
    q = titleEnd(text, q, lineEnd);
    if (q === -1) return null;
    q = skipSpaces(text, q, lineEnd);
  }
  if (text.charCodeAt(q) !== 41) return null;
  const raw = text.slice(destStart, destEnd);
  const hash = raw.indexOf('#');
  return {
    kind: 'markdown',
    embed,
    start: p,
    end: q + 1,
    pathStart: destStart,
    pathEnd: hash === -1 ? destEnd : destStart + hash,
    subpathEnd: destEnd,
    angle,
    link: decodeLinkPath(raw),
    displayText: text.slice(p + (embed ? 2 : 1), textClose),
    displayStart: p + (embed ? 2 : 1),
    displayEnd: textClose,
    external: raw.trim() === '' || SCHEME.test(raw),
  };
}

/** Opening -> matching closing bracket on one line (escapes skipped), in one pass. */
export function matchPairs(text: string, start: number, end: number, openCode: number, closeCode: number): Map<number, number> {
  const matches = new Map<number, number>();
  const stack: number[] = [];
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === openCode) stack.push(i);
    else if (c === closeCode) {
      const open = stack.pop();
      if (open !== undefined) matches.set(open, i);
    }
  }
  return matches;
}

/** `[` -> matching `]` on one line. */
export function matchBrackets(text: string, start: number, end: number): Map<number, number> {
  return matchPairs(text, start, end, 91, 93);
}

/**
 * What Obsidian shows for a wikilink without alias, as its metadata cache reports it: the parts
 * between `#` joined with ` > ` (`Note#Part` -> `Note > Part`, `#^id` -> `^id`).
 */
export function wikilinkDisplayText(link: string): string {
  // Most links have no `#`: then the text is the link itself (no split, filter and join per link).
  if (!link.includes('#')) return link;
  return link
    .split('#')
    .filter((part) => part !== '')
    .join(' > ');
}

/** Re-reads one link from its own source text (`original`), for rewriting. */
export function scanLinkSource(original: string): LinkSyntax | null {
  const bracket = original.startsWith('!') ? 1 : 0;
  if (original.startsWith('[[', bracket)) return scanWikilink(original, 0, original.length);
  const close = matchBrackets(original, 0, original.length).get(bracket);
  return close === undefined ? null : scanMarkdownLink(original, 0, close, original.length);
}
