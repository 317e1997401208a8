// The oracle of the conformance suite: markdown-it 15.0.3 in its CommonMark preset (dev-only, never
// bundled) says where links, headings and code blocks are. CommonMark has no wikilinks; the oracle
// adds them as Obsidian reads them, as one more inline rule: `[[` (or `![[`) up to the first `]]`
// on the line, with no `[[` inside and something other than spaces, tried before markdown links
// and images at the same `[`. Everything else (code spans, autolinks, raw HTML, link titles and
// destinations, and all block structure) decides where such a rule can apply, as CommonMark says.

import MarkdownIt from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';

export interface Landmarks {
  /** Vault link destinations (markdown links and images; no URLs), decoded, sorted. */
  links: string[];
  /** What is between the brackets of each `[[...]]` / `![[...]]`, sorted. */
  wikilinks: string[];
  /** Top-level headings as `level@line text`. */
  headings: string[];
  /** Non-blank lines inside fenced or indented code blocks, at any depth. */
  codeLines: number[];
}

const SCHEME = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|\/\/)/;

function wikilinkRule(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  const open = state.pos + (src.charCodeAt(state.pos) === 0x21 ? 1 : 0);
  if (src.charCodeAt(open) !== 0x5b || src.charCodeAt(open + 1) !== 0x5b) return false;
  const close = src.indexOf(']]', open + 2);
  if (close === -1 || close + 2 > state.posMax) return false;
  const inner = src.slice(open + 2, close);
  if (inner.includes('[[') || inner.includes('\n') || inner.trim() === '') return false;
  if (!silent) state.push('wikilink', '', 0).content = inner;
  state.pos = close + 2;
  return true;
}

const md = MarkdownIt('commonmark');
md.inline.ruler.before('link', 'wikilink', wikilinkRule);

/**
 * Reference-style links (`[text][ref]` with `[ref]: dest`) are not read as links by Reeve (the
 * link rewriter has no form for them), so the reference leaves them out too: the definitions
 * still end paragraphs as CommonMark says, but no reference ever resolves.
 */
function envWithoutReferences(): Record<string, unknown> {
  const references = new Proxy({}, { set: () => true, get: () => undefined });
  return { references };
}

export function decodeSafely(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function normalizeHeading(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function collectInline(children: Token[], links: string[], wikilinks: string[]): void {
  for (const t of children) {
    if (t.type === 'wikilink') wikilinks.push(t.content);
    const dest = t.type === 'link_open' ? t.attrGet('href') : t.type === 'image' ? t.attrGet('src') : null;
    if (typeof dest === 'string' && dest !== '' && !SCHEME.test(dest)) links.push(decodeSafely(dest));
    if (t.type === 'image' && t.children) collectInline(t.children, links, wikilinks);
  }
}

export function referenceLandmarks(source: string): Landmarks {
  const tokens = md.parse(source, envWithoutReferences());
  const out: Landmarks = { links: [], wikilinks: [], headings: [], codeLines: [] };
  const lines = source.split('\n');
  const code = new Set<number>();
  tokens.forEach((t, i) => {
    if (t.type === 'inline' && t.children) collectInline(t.children, out.links, out.wikilinks);
    if (t.type === 'heading_open' && t.level === 0 && t.map) {
      const inline = tokens[i + 1];
      out.headings.push(`${t.tag.slice(1)}@${t.map[0]} ${normalizeHeading(inline?.content ?? '')}`);
    }
    if ((t.type === 'fence' || t.type === 'code_block') && t.map) {
      for (let l = t.map[0]; l < t.map[1]; l++) if ((lines[l] ?? '').trim() !== '') code.add(l);
    }
  });
  out.links.sort();
  out.wikilinks.sort();
  out.codeLines = [...code].sort((a, b) => a - b);
  return out;
}
